import ArgumentParser
import Foundation

/// `flick-bench overview`: opening the overview (G) on a deck of 10,000
/// clips — from the key to the first frame painted with tiles, from the
/// app's frame clock (`overview.log` of `FLICK_BENCH_DIR`) — then frame times while the
/// grid scrolls page by page, under an X server (its own Xvfb when there is
/// no display) with GTK's cairo renderer. The clips are hard links of one
/// short clip, so posters are really decoded for the tiles on screen. Frame
/// work is wall time from the frame clock's before-paint to after-paint;
/// frame CPU is the main thread's own CPU time in that span (which other
/// processes on the machine do not inflate).
struct OverviewBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "overview", abstract: "Opening and scrolling the overview on 10,000 clips.")

    @OptionGroup var output: OutputOptions

    @Option(help: "Clips in the deck.")
    var clips = 10_000

    @Option(help: "Times to open the overview (the first is reported apart).")
    var opens = 4

    @Option(help: "Copy the app's frame log (open and per-frame phase times) to this path.")
    var keepLog: String?

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-overview-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let deck = root.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: deck, withIntermediateDirectories: true)
        let clip = root.appendingPathComponent("clip.mp4").path
        try Run.program("/usr/bin/gst-launch-1.0", ["-q", "videotestsrc", "pattern=ball", "num-buffers=30", "!",
                                                    "video/x-raw,width=320,height=240,framerate=30/1,format=I420", "!",
                                                    "x264enc", "speed-preset=veryfast", "!", "mp4mux", "!", "filesink", "location=\(clip)"])
        for i in 0..<clips {
            try FileManager.default.linkItem(atPath: clip, toPath: deck.appendingPathComponent("clip_\(String(format: "%05d", i)).mp4").path)
        }
        let bench = root.appendingPathComponent("bench").path
        let log = bench + "/overview.log"
        let display = try XServer.start()
        defer { display.stop() }
        var openTimes: [Double] = []
        var wheel: ClosedRange<Double>?
        try App(folder: deck, root: root, display: display.name, environment: ["FLICK_BENCH_DIR": bench]).measure { app in
            try app.waitState(timeout: 60) { $0["clips"] as? Int == clips && $0["playing"] as? Bool == true }
            Thread.sleep(forTimeInterval: 1)
            for round in 0..<opens {
                try app.press("g", times: 1)
                try waitLines(log, prefix: "open", count: round + 1)
                Thread.sleep(forTimeInterval: 1)
                if round == 0 {
                    // Scroll down 40 pages at 10 a second, then back to the top.
                    try app.press("Page_Down", times: 40, delay: 100)
                    try app.press("Page_Up", times: 40, delay: 100)
                    Thread.sleep(forTimeInterval: 0.5)
                }
                if round == 1 {
                    // The mouse wheel over the grid: 60 steps down at 20 a second, then back up.
                    let start = Self.monotonicMicroseconds()
                    try Run.program("/usr/bin/xdotool", ["mousemove", "450", "420", "sleep", "0.2", "click", "--repeat", "60", "--delay", "50", "5",
                                                         "click", "--repeat", "60", "--delay", "50", "4"], environment: ["DISPLAY": display.name])
                    Thread.sleep(forTimeInterval: 0.3)
                    wheel = start...Self.monotonicMicroseconds()
                }
                try app.press("g", times: 1)
                Thread.sleep(forTimeInterval: 1)
            }
            openTimes = try Self.lines(log, prefix: "open").compactMap { Double($0[1]) }
        }
        if let keepLog {
            try? FileManager.default.removeItem(atPath: keepLog)
            try FileManager.default.copyItem(atPath: log, toPath: keepLog)
        }
        output.report(try Self.analyse(log: log, opens: openTimes, clips: clips) + Self.analyseWheel(log: log, during: wheel, clips: clips))
    }

    /// CLOCK_MONOTONIC in µs (GLib's g_get_monotonic_time, which the app's log uses).
    static func monotonicMicroseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1e6 + Double(now.tv_nsec) / 1e3
    }

    /// Frames painted while the wheel scrolled (a row or so a step, as a
    /// hand scrolls), apart from the page jumps.
    static func analyseWheel(log: String, during window: ClosedRange<Double>?, clips: Int) throws -> [Measurement] {
        guard let window else { return [] }
        let frames = try lines(log, prefix: "frame").filter { $0.count >= 8 && Double($0[7]).map(window.contains) == true }
        let work = frames.compactMap { Double($0[2]) }.sorted(), cpu = frames.compactMap { Double($0[5]) }.sorted()
        guard !work.isEmpty else { throw ValidationError("no overview frames were logged while the wheel scrolled") }
        let extra = ["renderer": "cairo", "clips": "\(clips)", "frames": "\(work.count)"]
        return [
            Measurement(bench: "overview.wheel_frame_work_p50", value: percentile(work, 0.5), unit: "ms", extra: extra),
            Measurement(bench: "overview.wheel_frame_work_p95", value: percentile(work, 0.95), unit: "ms", extra: extra),
            Measurement(bench: "overview.wheel_frames_over_16ms", value: Double(work.filter { $0 > 1000.0 / 60 }.count), unit: "frames", extra: extra),
            Measurement(bench: "overview.wheel_frame_cpu_p95", value: percentile(cpu, 0.95), unit: "ms", extra: extra),
            Measurement(bench: "overview.wheel_frames_cpu_over_16ms", value: Double(cpu.filter { $0 > 1000.0 / 60 }.count), unit: "frames", extra: extra),
        ]
    }

    private func waitLines(_ log: String, prefix: String, count: Int) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if (try? Self.lines(log, prefix: prefix).count) ?? 0 >= count { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw ValidationError("the overview did not open (no “\(prefix)” line in \(log))")
    }

    static func lines(_ log: String, prefix: String) throws -> [[Substring]] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }.filter { $0.first.map(String.init) == prefix }
    }

    static func analyse(log: String, opens: [Double], clips: Int) throws -> [Measurement] {
        let frames = try lines(log, prefix: "frame").filter { $0.count >= 3 }
        let intervals = frames.compactMap { Double($0[1]) }.sorted(), work = frames.compactMap { Double($0[2]) }.sorted()
        // The main thread's own CPU time per frame (without the machine's other load).
        let cpu = frames.compactMap { $0.count >= 6 ? Double($0[5]) : nil }.sorted()
        guard let first = opens.first, !work.isEmpty else { throw ValidationError("no overview frames were logged") }
        let extra = ["renderer": "cairo", "clips": "\(clips)"]
        let again = Array(opens.dropFirst()).sorted()
        return [
            Measurement(bench: "overview.open_first", value: first, unit: "ms", extra: extra),
            Measurement(bench: "overview.open_again_p50", value: again.isEmpty ? .nan : percentile(again, 0.5), unit: "ms", extra: extra),
            Measurement(bench: "overview.open_max", value: opens.max() ?? .nan, unit: "ms", extra: extra),
            Measurement(bench: "overview.scroll_frame_work_p50", value: percentile(work, 0.5), unit: "ms", extra: extra),
            Measurement(bench: "overview.scroll_frame_work_p95", value: percentile(work, 0.95), unit: "ms", extra: extra),
            Measurement(bench: "overview.scroll_frame_work_max", value: work.last ?? .nan, unit: "ms", extra: extra),
            Measurement(bench: "overview.scroll_frames_over_16ms", value: Double(work.filter { $0 > 1000.0 / 60 }.count), unit: "frames",
                        extra: extra.merging(["frames": "\(work.count)"]) { a, _ in a }),
            Measurement(bench: "overview.scroll_interval_p95", value: percentile(intervals, 0.95), unit: "ms", extra: extra),
            Measurement(bench: "overview.scroll_frame_cpu_p50", value: cpu.isEmpty ? .nan : percentile(cpu, 0.5), unit: "ms", extra: extra),
            Measurement(bench: "overview.scroll_frame_cpu_p95", value: cpu.isEmpty ? .nan : percentile(cpu, 0.95), unit: "ms", extra: extra),
            Measurement(bench: "overview.scroll_frames_cpu_over_16ms", value: Double(cpu.filter { $0 > 1000.0 / 60 }.count), unit: "frames",
                        extra: extra),
        ]
    }
}

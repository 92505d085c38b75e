import ArgumentParser
import Foundation

/// `flick-bench frames`: frame times while dragging a card whose clip plays,
/// from the app's frame clock (`frames.log` of `FLICK_BENCH_DIR`), under an X server (its own
/// Xvfb when there is no display) with GTK's cairo renderer (or `--renderer
/// gl`); and the time from letting go past the threshold to the next clip's
/// first new frame. `--clip` drags another clip than the bench's own
/// 1280×720 30 fps one (a 3840×2160 60 fps clip, say).
struct FrameBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "frames", abstract: "Frame times while dragging a playing card.")

    @OptionGroup var output: OutputOptions

    @Option(help: "Drags to make (each past the threshold, so each commits).")
    var drags = 6

    @Option(help: "A clip to drag instead of the bench's own 1280×720 30 fps one.")
    var clip: String?

    @Option(help: "GTK's renderer (GSK_RENDERER): cairo or gl.")
    var renderer = "cairo"

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-frames-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let deck = root.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: deck, withIntermediateDirectories: true)
        let clip = self.clip ?? root.appendingPathComponent("clip.mp4").path
        if self.clip == nil {
            try Run.program("/usr/bin/gst-launch-1.0", ["-q", "videotestsrc", "pattern=ball", "num-buffers=300", "!",
                                                        "video/x-raw,width=1280,height=720,framerate=30/1,format=I420", "!",
                                                        "x264enc", "speed-preset=veryfast", "!", "mp4mux", "!", "filesink", "location=\(clip)"])
        }
        guard FileManager.default.isReadableFile(atPath: clip) else { throw ValidationError("\(clip): no such readable clip") }
        let name = (clip as NSString).lastPathComponent
        for i in 0..<(drags + 3) {
            let link = deck.appendingPathComponent("clip_\(i)_\(name)").path
            // A hard link where it can be (a card of a symlink names it so), else a symlink.
            do { try FileManager.default.linkItem(atPath: clip, toPath: link) } catch {
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: clip)
            }
        }
        let bench = root.appendingPathComponent("bench").path
        let log = bench + "/frames.log"
        let display = try XServer.start()
        defer { display.stop() }
        let environment = ["DISPLAY": display.name]
        try App(folder: deck, root: root, display: display.name, renderer: renderer, environment: ["FLICK_BENCH_DIR": bench]).measure { app in
            try app.waitState(timeout: 30) { $0["playing"] as? Bool == true }
            Thread.sleep(forTimeInterval: 1)
            for drag in 0..<drags {
                // A slow drag to the right across 300 px in about a second.
                var steps = ["mousemove", "450", "380", "sleep", "0.1", "mousedown", "1", "sleep", "0.1"]
                for step in 1...60 { steps += ["mousemove", "\(450 + step * 5)", "\(380 + step / 6)", "sleep", "0.016"] }
                steps += ["mouseup", "1"]
                try Run.program("/usr/bin/xdotool", steps, environment: environment)
                try app.waitState(timeout: 10) { $0["cursor"] as? Int == drag + 1 }
                Thread.sleep(forTimeInterval: 1)
            }
        }
        output.report(try Self.analyse(log: log, renderer: renderer, clip: self.clip.map { ($0 as NSString).lastPathComponent }))
    }

    static func analyse(log: String, renderer: String = "cairo", clip: String? = nil) throws -> [Measurement] {
        let text = try String(contentsOfFile: log, encoding: .utf8)
        var intervals: [Double] = [], work: [Double] = [], layout: [Double] = [], paint: [Double] = [], releases: [Double] = []
        var lastFrame: Double?, release: Double?
        var steps: [String: [Double]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            switch fields.first {
            case "frame" where fields.count == 5:
                guard let time = Double(fields[1]), let l = Double(fields[2]), let p = Double(fields[3]) else { continue }
                if fields[4] == "1" {
                    if let lastFrame { intervals.append((time - lastFrame) / 1000) }
                    work.append(l + p)
                    layout.append(l)
                    paint.append(p)
                    lastFrame = time
                } else {
                    lastFrame = nil
                }
            case "release" where fields.count == 2:
                release = Double(fields[1])
            case "promote" where fields.count == 2, "arrived" where fields.count == 2:
                if let release, let time = Double(fields[1]) { steps[String(fields[0]), default: []].append((time - release) / 1000) }
            case "next-frame" where fields.count == 2:
                if let release, let shown = Double(fields[1]) { releases.append((shown - release) / 1000) }
                release = nil
            default:
                break
            }
        }
        guard !intervals.isEmpty else { throw ValidationError("no frames were logged while dragging") }
        let extra = ["renderer": renderer, "frames": "\(intervals.count)", "clip": clip ?? "1280x720 30 fps"]
        var results: [Measurement] = []
        for (name, values) in [("interval", intervals), ("layout_paint", work)] {
            let sorted = values.sorted()
            for p in [0.5, 0.95, 0.99] {
                results.append(Measurement(bench: "frames.drag_\(name)_p\(Int(p * 100))", value: percentile(sorted, p), unit: "ms", extra: extra))
            }
        }
        results.append(Measurement(bench: "frames.drag_update_layout_p95", value: percentile(layout.sorted(), 0.95), unit: "ms", extra: extra))
        results.append(Measurement(bench: "frames.drag_paint_p95", value: percentile(paint.sorted(), 0.95), unit: "ms", extra: extra))
        results.append(Measurement(bench: "frames.release_to_next_clip_frame_p50", value: percentile(releases.sorted(), 0.5), unit: "ms",
                                   extra: ["releases": "\(releases.count)"]))
        // Where the time goes: the next clip asked to play, its frame reaching the window.
        for (step, values) in steps.sorted(by: { $0.key > $1.key }) {
            results.append(Measurement(bench: "frames.release_to_\(step)_p50", value: percentile(values.sorted(), 0.5), unit: "ms",
                                       extra: ["releases": "\(values.count)"]))
        }
        results.append(Measurement(bench: "frames.release_to_next_clip_frame_max", value: releases.max() ?? .nan, unit: "ms",
                                   extra: ["releases": "\(releases.count)"]))
        return results
    }
}

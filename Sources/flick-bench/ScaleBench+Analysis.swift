import ArgumentParser
import Foundation

/// `flick-bench scale`'s launch with the window's stacks-and-suggestions
/// analysis running, as it does from 800 ms after a folder opens: the
/// first card, then `watchSeconds` of the top clip playing while the
/// analysis works through the folder — the main thread's CPU, the longest
/// gap between the window's frames (a stalled main thread paints nothing),
/// and resident memory. With `--peer`, another build's `flick` is launched
/// the same way in the same run, turn about.
extension ScaleBench {
    /// What one launch showed.
    struct AnalysisWatch {
        var launch: Double = 0
        var mainCPU: Double = 0
        var processCPU: Double = 0
        var longestGap: Double = 0
        var gapsOver100: Int = 0
        var framesPerSecond: Double = 0
        var residentAtFirstCard: Double = 0
        var residentMost: Double = 0
        var residentAtEnd: Double = 0
        var analysis = "?"
        var analysed = 0
    }

    /// Seconds between two looks at the app's memory.
    static let residentEverySeconds = 0.25
    /// A gap between frames longer than this, in ms, is a stall a user sees
    /// (the clip plays at 25–30 frames a second).
    static let stallMilliseconds = 100.0

    func analysisFigures(folder: URL, root: URL, display: String) throws -> [Measurement] {
        let registry = root.appendingPathComponent("gst-registry.bin").path
        try Run.program("/usr/bin/gst-inspect-1.0", ["coreelements"], environment: ["GST_REGISTRY": registry])
        var builds: [(name: String, program: String?)] = [("this", nil)]
        if let peer { builds.append(("peer", URL(fileURLWithPath: peer).appendingPathComponent("flick").path)) }
        var watched: [String: [AnalysisWatch]] = [:]
        for _ in 0..<runs {
            for build in builds {
                watched[build.name, default: []].append(try watch(program: build.program, folder: folder, root: root, display: display,
                                                                  registry: registry))
            }
        }
        return builds.flatMap { build in report(watched[build.name] ?? [], build: build.name, program: build.program) }
    }

    private func report(_ runs: [AnalysisWatch], build: String, program: String?) -> [Measurement] {
        func figure(_ name: String, _ unit: String, _ value: (AnalysisWatch) -> Double, _ more: [String: String] = [:]) -> Measurement {
            let values = runs.map(value)
            var extra = ["clips": "\(clips)", "runs": "\(runs.count)", "build": build, "watch_seconds": "\(watchSeconds)",
                         "each": values.map { String(format: "%.2f", $0) }.joined(separator: " ")]
            if let program { extra["program"] = program }
            return Measurement(bench: "scale.analysis." + name, value: median(values), unit: unit, extra: extra.merging(more) { $1 })
        }
        let perTen = 10 / watchSeconds
        return [
            figure("launch_to_playing", "ms", \.launch, ["target": "1500"]),
            figure("main_thread_cpu_per_10s", "s", { $0.mainCPU * perTen }),
            figure("process_cpu_per_10s", "s", { $0.processCPU * perTen }),
            figure("longest_frame_gap", "ms", \.longestGap),
            figure("frame_gaps_over_100ms", "gaps", { Double($0.gapsOver100) }),
            figure("frames_per_second", "fps", \.framesPerSecond),
            figure("resident_at_first_card", "MiB", \.residentAtFirstCard),
            figure("resident_most", "MiB", \.residentMost),
            figure("resident_at_end", "MiB", \.residentAtEnd),
            figure("analysed", "items", { Double($0.analysed) }, ["state": runs.map(\.analysis).joined(separator: " ")]),
        ]
    }

    /// One launch on a new store and thumbnail cache: the first card, then
    /// `watchSeconds` of playing while the analysis runs.
    private func watch(program: String?, folder: URL, root: URL, display: String, registry: String) throws -> AnalysisWatch {
        let app = try App(folder: folder, root: root, display: display, environment: ["GST_REGISTRY": registry], program: program)
        return try app.measure { app in
            var seen = AnalysisWatch()
            try app.waitStateText("\"playing\":true", timeout: 120)
            seen.launch = app.secondsSinceLaunch * 1000
            let playing = Self.monotonicMicroseconds()
            let pid = app.processIdentifier
            let mainStat = "/proc/\(pid)/task/\(pid)/stat"
            let main = Run.cpuSeconds(statPath: mainStat), whole = Run.cpuSeconds(of: pid)
            seen.residentAtFirstCard = Double(app.residentBytes) / 1_048_576
            let end = Date().addingTimeInterval(watchSeconds)
            while Date() < end {
                Thread.sleep(forTimeInterval: Self.residentEverySeconds)
                seen.residentMost = max(seen.residentMost, Double(app.residentBytes) / 1_048_576)
            }
            seen.mainCPU = Run.cpuSeconds(statPath: mainStat) - main
            seen.processCPU = Run.cpuSeconds(of: pid) - whole
            seen.residentAtEnd = Double(app.residentBytes) / 1_048_576
            let state = (try? app.state()) ?? [:]
            seen.analysis = state["analysis"] as? String ?? "-"
            seen.analysed = state["analysed"] as? Int ?? 0
            let frames = Self.frameTimes(app.hookDirectory + "/frames.log").filter { $0 >= playing }
            let gaps = zip(frames.dropFirst(), frames).map { Double($0 - $1) / 1000 }
            seen.longestGap = gaps.max() ?? watchSeconds * 1000
            seen.gapsOver100 = gaps.filter { $0 > Self.stallMilliseconds }.count
            seen.framesPerSecond = Double(frames.count) / watchSeconds
            return seen
        }
    }

    /// The frame clock's times (µs, CLOCK_MONOTONIC) of the frames the
    /// window painted (`frames.log`: "frame <µs> …").
    static func frameTimes(_ path: String) -> [Int64] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count > 1 && fields[0] == "frame" ? Int64(fields[1]) : nil
        }
    }

    static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
    }
}

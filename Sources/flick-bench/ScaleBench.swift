import ArgumentParser
import Foundation

/// `flick-bench scale`: Flick on a 100,000-clip folder. Launch to the first
/// card playing; `flick status --json` against text; the CPU the running
/// window spends on one file added and one removed (utime + stime of the
/// app from /proc, paused and idle, minus its idle rate over as long); and
/// the window while its analysis runs (`ScaleBench+Analysis`).
struct ScaleBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scale", abstract: "Launch, status and folder changes at 100,000 clips.")

    @OptionGroup var output: OutputOptions

    @Option(help: "Clips in the generated folder.")
    var clips = 100_000

    @Option(help: "A playable clip; the first cards are hard links of it, the rest 1-byte files.")
    var clip = "data/samples/beach_rally_01.mp4"

    @Option(help: "Runs of each figure (the median is reported).")
    var runs = 3

    @Flag(help: "Only the launch with the stacks-and-suggestions analysis running (scale.analysis.*).")
    var analysisOnly = false

    @Option(help: "Seconds the top clip is watched playing while the analysis runs, from the first card.")
    var watchSeconds = 20.0

    @Option(help: "A folder holding another build's flick, launched turn about with this one (scale.analysis.*, build \"peer\").")
    var peer: String?

    /// Seconds to let the window settle after a file event (the watch waits 0.6 s for a burst to end).
    static let settleSeconds = 2.5

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-scale-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("clips")
        try makeFolder(folder)
        let display = try XServer.start()
        defer { display.stop() }
        if analysisOnly {
            output.report(try analysisFigures(folder: folder, root: root, display: display.name))
            return
        }
        var results = try statusTimes(folder: folder, root: root)
        results += try launchTimes(folder: folder, root: root, display: display.name)
        results += try changeCPU(folder: folder, root: root, display: display.name)
        results += try analysisFigures(folder: folder, root: root, display: display.name)
        output.report(results)
    }

    private func makeFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: clip).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: source) else { throw ValidationError("no clip at \(source) (run from the source tree or pass --clip)") }
        for i in 0..<clips {
            let path = folder.appendingPathComponent(Self.name(i)).path
            if i < 5 {
                try FileManager.default.linkItem(atPath: source, toPath: path)
            } else {
                // One open and write: FileManager's atomic create costs a rename each.
                let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw ValidationError("can’t create \(path)") }
                _ = write(fd, "x", 1)
                close(fd)
            }
        }
    }

    static func name(_ index: Int) -> String { String(format: "clip_%06d.mp4", index) }

    /// `flick status` with the store already holding the folder, `runs` times each way.
    private func statusTimes(folder: URL, root: URL) throws -> [Measurement] {
        let flick = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flick").path
        let environment = ["XDG_DATA_HOME": root.appendingPathComponent("status-data").path]
        try Run.program(flick, ["status", folder.path, "--no-stacks", "--no-suggestions"], environment: environment)
        var json: [Double] = [], text: [Double] = []
        for _ in 0..<runs {
            json.append(try Run.program(flick, ["status", folder.path, "--json", "--no-stacks", "--no-suggestions"], environment: environment) * 1000)
            text.append(try Run.program(flick, ["status", folder.path, "--no-stacks", "--no-suggestions"], environment: environment) * 1000)
        }
        let extra = ["clips": "\(clips)", "runs": "\(runs)"]
        return [Measurement(bench: "scale.status_json", value: median(json), unit: "ms", extra: extra.merging(["target": "1500"]) { $1 }),
                Measurement(bench: "scale.status_text", value: median(text), unit: "ms", extra: extra)]
    }

    /// Launch to the first card playing, on a new store and thumbnail cache
    /// each run. GStreamer's plugin registry is built once before the runs,
    /// as it is after any first start; one launch with none is reported apart.
    private func launchTimes(folder: URL, root: URL, display: String) throws -> [Measurement] {
        let launch = { (environment: [String: String]) throws -> Double in
            try App(folder: folder, root: root, display: display, environment: environment).measure { app in
                try app.waitStateText("\"playing\":true", timeout: 120)
                return app.secondsSinceLaunch * 1000
            }
        }
        let cold = try launch(["GST_REGISTRY": root.appendingPathComponent("gst-registry-cold.bin").path])
        let registry = root.appendingPathComponent("gst-registry.bin").path
        try Run.program("/usr/bin/gst-inspect-1.0", ["coreelements"], environment: ["GST_REGISTRY": registry])
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try launch(["GST_REGISTRY": registry])) }
        return [Measurement(bench: "scale.launch_to_playing", value: median(samples), unit: "ms",
                            extra: ["clips": "\(clips)", "runs": "\(runs)", "target": "1500", "gst_registry": "built before"]),
                Measurement(bench: "scale.launch_to_playing_no_registry", value: cold, unit: "ms",
                            extra: ["clips": "\(clips)", "gst_registry": "none: GStreamer scans its plugins first"])]
    }

    /// One file added, then removed, `runs` times, in a window without the
    /// benchmark hook (its writes would be measured too).
    private func changeCPU(folder: URL, root: URL, display: String) throws -> [Measurement] {
        let app = try App(folder: folder, root: root, display: display, environment: ["FLICK_BENCH_DIR": App.noHook])
        return try app.measure { app in
            Thread.sleep(forTimeInterval: 8)  // opened and playing
            try app.press("space", times: 1)  // paused: the window is idle
            Thread.sleep(forTimeInterval: 3)
            var idle: [Double] = [], added: [Double] = [], removed: [Double] = []
            let extra = folder.appendingPathComponent(Self.name(clips)).path
            for _ in 0..<runs {
                idle.append(app.cpuSeconds(over: Self.settleSeconds))
                added.append(try cpu(of: app) {
                    guard FileManager.default.createFile(atPath: extra, contents: Data([0])) else { throw ValidationError("could not create \(extra)") }
                })
                removed.append(try cpu(of: app) { try FileManager.default.removeItem(atPath: extra) })
            }
            let base = median(idle)
            let extraFields = ["clips": "\(clips)", "runs": "\(runs)", "target": "50", "idle_ms": String(format: "%.1f", base * 1000)]
            return [Measurement(bench: "scale.file_added_cpu", value: max(0, median(added) - base) * 1000, unit: "ms", extra: extraFields),
                    Measurement(bench: "scale.file_removed_cpu", value: max(0, median(removed) - base) * 1000, unit: "ms", extra: extraFields)]
        }
    }

    /// CPU seconds the app spends over the settle time after `change`.
    private func cpu(of app: App, _ change: () throws -> Void) throws -> Double {
        try change()
        return app.cpuSeconds(over: Self.settleSeconds)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : percentile(sorted, 0.5)
}

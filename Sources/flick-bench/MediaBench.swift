import ArgumentParser
import FlickMedia
import Foundation

/// `flick-bench media`: the media engine on clips it makes itself.
///
/// In process: time to the first frame of a cold clip, and how long a
/// prerolled clip takes to show a new frame once promoted. With the app
/// (under its own Xvfb when there is no display): the playback cost matrix
/// (PlaybackMatrix: five clips from 640×480 to 3840×2160 60 fps, two window
/// sizes, GTK's cairo and GL renderers; Flick next to Clapper and
/// `gst-play-1.0`, CPU per thread, frames painted and dropped, idle), RSS
/// after 1,000 cards of a 2,000-clip folder against after 20, the most
/// pipelines alive, and the time a 10,000-file folder takes to show its
/// first card. `--engine-only`, `--cost-only` and `--rss-only` run one part
/// alone; `--clips`, `--renderers`, `--sizes` and `--seconds` pick a part of
/// the matrix.
struct MediaBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "media", abstract: "Media engine: first frame, promote, playback cost matrix, RSS, pipelines.")

    @OptionGroup var output: OutputOptions

    @Option(help: "Cards to advance through for the RSS figure.")
    var cards = 1000

    @Option(help: "Clips in the generated folder for the RSS figure.")
    var folderSize = 2000

    @Option(help: "Files in the generated folder for the open figure.")
    var bigFolder = 10000

    @Flag(help: "Only the in-process figures (no app, no X server).")
    var engineOnly = false

    @Flag(help: "Only the playback cost matrix (CPU against Clapper and gst-play, per thread, frames, idle).")
    var costOnly = false

    @Flag(help: "Only the RSS figures (after 20 cards and after --cards cards of a --folder-size folder).")
    var rssOnly = false

    @Option(help: "Clips of the cost matrix, comma-separated (640x480, 1280x720, 1920x1080, portrait, 3840x2160; default all).")
    var clips: String?

    @Option(help: "GTK renderers of the cost matrix, comma-separated (cairo, gl; default both).")
    var renderers: String?

    @Option(help: "Window sizes of the cost matrix, comma-separated (default 1280x800,1920x1040).")
    var sizes: String?

    @Option(help: "Seconds each player is measured in each cell of the cost matrix (figures are given per 10 s).")
    var seconds = 10.0

    @Option(help: "Keep the cost matrix's clips in this folder and use them again next time (made there when missing).")
    var keepClips: String?

    func validate() throws {
        if [engineOnly, costOnly, rssOnly].filter({ $0 }).count > 1 {
            throw ValidationError("Choose one of --engine-only, --cost-only and --rss-only.")
        }
        guard (2...60).contains(seconds) else { throw ValidationError("--seconds must be between 2 and 60.") }
        _ = try PlaybackClip.named(clips)
        _ = try Renderer.named(renderers)
        _ = try WindowSize.named(sizes)
    }

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-media-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if rssOnly {
            let display = try XServer.start()
            defer { display.stop() }
            output.report(try rss(root: root, display: display.name))
            return
        }
        var results: [Measurement] = []
        if !costOnly {
            let long = root.appendingPathComponent("long.mp4").path
            try Run.program("/usr/bin/gst-launch-1.0", ["-q", "videotestsrc", "pattern=ball", "num-buffers=600", "!",
                                                        "video/x-raw,width=1280,height=720,framerate=30/1,format=I420", "!",
                                                        "x264enc", "speed-preset=veryfast", "!", "mp4mux", "!", "filesink", "location=\(long)"])
            results += try engine(clip: long)
        }
        if engineOnly {
            output.report(results)
            return
        }
        let (cells, failures) = try matrix(root: root)
        if output.json {
            output.report(PlaybackMatrix.measurements(cells))
        } else {
            print(PlaybackMatrix.tables(cells))
            if !failures.isEmpty { print("\nNot measured:\n" + failures.map { "  " + $0 }.joined(separator: "\n")) }
        }
        if !costOnly {
            let display = try XServer.start()
            defer { display.stop() }
            results += try app(root: root, display: display.name)
            if !output.json { print("") }
            output.report(results)
        }
    }

    /// The playback cost matrix, on an X server wide enough for a
    /// 1920×1040 window and with GLX for GTK's GL renderer.
    private func matrix(root: URL) throws -> (cells: [PlaybackMatrix.Cell], failures: [String]) {
        let renderers = try Renderer.named(renderers)
        let display = try XServer.start(screen: "1920x1080", glx: renderers.contains(.gl))
        defer { display.stop() }
        var clipDirectory = root
        if let keepClips {
            clipDirectory = URL(fileURLWithPath: keepClips)
            try FileManager.default.createDirectory(at: clipDirectory, withIntermediateDirectories: true)
        }
        var matrix = try PlaybackMatrix(clips: PlaybackClip.named(clips), windows: WindowSize.named(sizes), renderers: renderers,
                                        seconds: seconds, root: root, clipDirectory: clipDirectory, display: display.name)
        let cells = try matrix.run()
        if cells.isEmpty { throw ValidationError("no cell of the matrix could be measured:\n" + matrix.failures.joined(separator: "\n")) }
        return (cells, matrix.failures)
    }

    // MARK: - In process

    private func engine(clip: String) throws -> [Measurement] {
        let queue = DispatchQueue(label: "flick.bench.media")
        var firstFrames: [Double] = [], promotes: [Double] = []
        for _ in 0..<10 {
            let start = DispatchTime.now().uptimeNanoseconds
            let arrived = Latch()
            let player = try VideoPlayer(path: clip, maxWidth: 540, maxHeight: 675, muted: true, queue: queue,
                                         onFrame: { _ in arrived.open() }, onFailure: { _ in arrived.open() })
            guard arrived.wait(seconds: 10) else { throw ValidationError("no first frame from \(clip)") }
            firstFrames.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            Thread.sleep(forTimeInterval: 0.2)
            player.play()
            let deadline = Date().addingTimeInterval(5)
            while player.promoteLatency == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
            if let latency = player.promoteLatency { promotes.append(latency * 1000) }
            player.stop()
        }
        // Pipelines made and freed card after card must not grow the process.
        func churn(_ count: Int) throws {
            for _ in 0..<count {
                let arrived = Latch()
                let player = try VideoPlayer(path: clip, maxWidth: 540, maxHeight: 675, muted: true, queue: queue,
                                             onFrame: { _ in arrived.open() }, onFailure: { _ in arrived.open() })
                _ = arrived.wait(seconds: 10)
                player.play()
                Thread.sleep(forTimeInterval: 0.05)
                player.stop()
            }
        }
        try churn(20)
        let rss20 = residentBytes()
        try churn(200)
        let rss220 = residentBytes()
        let interval = 1000.0 / 30
        return [
            Measurement(bench: "media.engine_rss_ratio_220_vs_20_players", value: Double(rss220) / Double(rss20), unit: "x",
                        extra: ["after_20_mib": String(format: "%.1f", Double(rss20) / 1_048_576)]),
            Measurement(bench: "media.first_frame_cold_p50", value: percentile(firstFrames.sorted(), 0.5), unit: "ms", extra: ["clip": "1280x720 H.264"]),
            Measurement(bench: "media.promote_to_new_frame_p50", value: percentile(promotes.sorted(), 0.5), unit: "ms",
                        extra: ["frame_interval_ms": String(format: "%.1f", interval)]),
            Measurement(bench: "media.promote_to_new_frame_max", value: promotes.max() ?? .nan, unit: "ms",
                        extra: ["frame_interval_ms": String(format: "%.1f", interval)]),
        ]
    }

    // MARK: - With the app

    private func app(root: URL, display: String) throws -> [Measurement] {
        var results: [Measurement] = []
        results += try rss(root: root, display: display)

        // Opening a big folder: launch to the first card playing (the short clip the RSS figure made).
        let short = root.appendingPathComponent("short.mp4").path
        let big = root.appendingPathComponent("big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        for i in 0..<bigFolder {
            try FileManager.default.linkItem(atPath: short, toPath: big.appendingPathComponent(String(format: "clip_%05d.mp4", i)).path)
        }
        let openSeconds = try App(folder: big, root: root, display: display).measure { app in
            try app.waitState(timeout: 60) { $0["playing"] as? Bool == true }
            return app.secondsSinceLaunch
        }
        results.append(Measurement(bench: "media.open_\(bigFolder)_files_to_playing", value: openSeconds * 1000, unit: "ms",
                                   extra: ["includes": "process start, window, first frame"]))
        return results
    }

    /// RSS after 20 cards and after `cards` cards of a `folderSize` folder
    /// of short clips, and the most pipelines alive on the way.
    private func rss(root: URL, display: String) throws -> [Measurement] {
        let short = root.appendingPathComponent("short.mp4").path
        try Run.program("/usr/bin/gst-launch-1.0", ["-q", "videotestsrc", "pattern=ball", "num-buffers=30", "!",
                                                    "video/x-raw,width=640,height=360,framerate=30/1,format=I420", "!",
                                                    "x264enc", "speed-preset=ultrafast", "!", "mp4mux", "!", "filesink", "location=\(short)"])
        let many = root.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for i in 0..<folderSize {
            try FileManager.default.linkItem(atPath: short, toPath: many.appendingPathComponent(String(format: "clip_%05d.mp4", i)).path)
        }
        let (rss20, rssMany, most, threads20, threadsMany) = try App(folder: many, root: root, display: display).measure { app in
            try app.waitState(timeout: 30) { $0["playing"] as? Bool == true }
            Thread.sleep(forTimeInterval: 1) // the window takes the keyboard focus
            try app.press("l", times: 20)
            try app.waitState(timeout: 60) { $0["cursor"] as? Int == 20 }
            Thread.sleep(forTimeInterval: 2)
            let early = app.residentBytes, earlyThreads = app.threadCount
            try app.press("l", times: cards - 20)
            try app.waitState(timeout: 600) { $0["cursor"] as? Int == cards }
            Thread.sleep(forTimeInterval: 2)
            let state = try app.state()
            return (early, app.residentBytes, state["max_pipelines"] as? Int ?? -1, earlyThreads, app.threadCount)
        }
        return [
            Measurement(bench: "media.rss_after_20", value: Double(rss20) / 1_048_576, unit: "MiB",
                        extra: ["folder": "\(folderSize)", "threads": "\(threads20)"]),
            Measurement(bench: "media.rss_after_\(cards)", value: Double(rssMany) / 1_048_576, unit: "MiB",
                        extra: ["folder": "\(folderSize)", "threads": "\(threadsMany)"]),
            Measurement(bench: "media.rss_ratio", value: Double(rssMany) / Double(rss20), unit: "x", extra: ["target": "1.1"]),
            Measurement(bench: "media.max_live_pipelines", value: Double(most), unit: "pipelines", extra: ["limit": "3"]),
        ]
    }
}

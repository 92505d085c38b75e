import ArgumentParser
import Foundation

/// `flick-bench memory`: the app's peak resident memory (VmHWM) on a deck
/// of one very large clip. A 16384×16384 Motion JPEG (over the decode
/// limit: refused, its card says why) and 8192×4320 clips, the largest
/// size played, as H.264 (x264) and Motion JPEG. Target: ≤ 1 GB each.
struct MemoryBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "memory", abstract: "Peak RSS on one huge clip (refused) and on 8K clips.")

    @OptionGroup var output: OutputOptions

    @Option(help: "Seconds the deck stays open (the peak is read at the end).")
    var seconds = 8.0

    /// A clip made by gst-launch-1.0: file name, caps, encoder and muxer.
    private struct Clip {
        let name: String
        let caps: String
        let frames: Int
        let encoder: [String]
        let muxer: String
        /// Whether Flick plays it (or refuses it with its size).
        let plays: Bool
    }

    private static let clips = [
        Clip(name: "huge_16384x16384.mkv", caps: "width=16384,height=16384,framerate=10/1", frames: 2,
             encoder: ["jpegenc", "quality=50"], muxer: "matroskamux", plays: false),
        Clip(name: "uhd8k_8192x4320_h264.mp4", caps: "width=8192,height=4320,framerate=30/1,format=I420", frames: 15,
             encoder: ["x264enc", "speed-preset=ultrafast"], muxer: "mp4mux", plays: true),
        Clip(name: "uhd8k_8192x4320_mjpeg.mkv", caps: "width=8192,height=4320,framerate=30/1", frames: 15,
             encoder: ["jpegenc"], muxer: "matroskamux", plays: true),
    ]

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-memory-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let display = try XServer.start()
        defer { display.stop() }
        var results: [Measurement] = []
        for clip in Self.clips {
            let deck = root.appendingPathComponent(clip.name + ".deck")
            try FileManager.default.createDirectory(at: deck, withIntermediateDirectories: true)
            let path = deck.appendingPathComponent(clip.name).path
            try Run.program("/usr/bin/gst-launch-1.0", ["-q", "videotestsrc", "num-buffers=\(clip.frames)", "pattern=ball", "!",
                                                        "video/x-raw,\(clip.caps)", "!"] + clip.encoder + ["!", clip.muxer, "!", "filesink", "location=\(path)"])
            let home = root.appendingPathComponent(clip.name + ".home")
            let (peak, played) = try App(folder: deck, root: root, display: display.name,
                                         environment: ["XDG_DATA_HOME": home.path]).measure { app in
                var played = false
                let deadline = Date().addingTimeInterval(seconds)
                while Date() < deadline {
                    if (try? app.state())?["playing"] as? Bool == true { played = true }
                    Thread.sleep(forTimeInterval: 0.1)
                }
                return (app.peakResidentBytes, played)
            }
            let error = try statusError(folder: deck, dataHome: home)
            results.append(Measurement(bench: "memory.peak_rss.\(clip.name)", value: Double(peak) / 1_048_576, unit: "MiB",
                                       extra: ["target": "1024", "played": "\(played)", "expected_to_play": "\(clip.plays)",
                                               "card_says": error ?? "-"]))
        }
        output.report(results)
    }

    /// What `flick status --json` reports as the clip's error (the card's reason).
    private func statusError(folder: URL, dataHome: URL) throws -> String? {
        let flick = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flick").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: flick)
        process.arguments = ["status", folder.path, "--json", "--no-stacks", "--no-suggestions"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return ((object?["clips"] as? [[String: Any]])?.first?["error"] as? String)
    }
}

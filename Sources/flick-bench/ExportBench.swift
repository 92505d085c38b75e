import ArgumentParser
import FlickCore
import FlickStore
import Foundation

/// `flick-bench export`: `flick export --stitch` of same-codec clips next to
/// the equivalent `gst-launch-1.0` concat pipeline, in the same run.
struct ExportBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Stitch N same-codec clips: flick vs gst-launch-1.0.")

    @OptionGroup var output: OutputOptions

    @Option(help: "How many clips to stitch.")
    var clips = 20

    @Option(help: "Seconds per clip.")
    var seconds = 3

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-export-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for i in 0..<clips {
            let path = folder.appendingPathComponent(String(format: "rally_%02d.mp4", i)).path
            try Run.program("/usr/bin/gst-launch-1.0", ["-q", "videotestsrc", "pattern=ball", "num-buffers=\(seconds * 25)", "!",
                                                   "video/x-raw,width=640,height=360,framerate=25/1,format=I420", "!",
                                                   "x264enc", "speed-preset=veryfast", "!", "mp4mux", "!", "filesink", "location=\(path)"])
            paths.append(path)
        }
        // Like every clip through the store, as a review would.
        let data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("flick"), withIntermediateDirectories: true)
        let store = try Store(path: data.appendingPathComponent("flick/flick.db").path)
        let record = try store.folder(at: folder)
        let sync = try store.sync(record, with: FolderScan.scan(folder))
        var session = try store.session(for: record, deck: sync.clips)
        while let outcome = session.perform(.like) { try store.record(outcome, session: session, folder: record) }

        let flick = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flick").path
        let flickSeconds = try Run.program(flick, ["export", folder.path, "--stitch", root.appendingPathComponent("flick.mp4").path],
                                      environment: ["XDG_DATA_HOME": data.path])
        var pipeline = ["-q", "mp4mux", "name=mux", "!", "filesink", "location=\(root.appendingPathComponent("gst.mp4").path)",
                        "concat", "name=v", "!", "queue", "!", "mux.video_0"]
        for (i, path) in paths.enumerated() {
            pipeline += ["filesrc", "location=\(path)", "!", "qtdemux", "name=d\(i)", "d\(i).video_0", "!", "queue", "!", "v."]
        }
        let gstSeconds = try Run.program("/usr/bin/gst-launch-1.0", pipeline)
        let extra = ["clips": "\(clips)", "seconds_each": "\(seconds)"]
        output.report([
            Measurement(bench: "export.stitch_flick", value: flickSeconds * 1000, unit: "ms", extra: extra),
            Measurement(bench: "export.stitch_gst_launch", value: gstSeconds * 1000, unit: "ms", extra: extra),
            Measurement(bench: "export.stitch_ratio", value: flickSeconds / gstSeconds, unit: "x", extra: extra),
        ])
    }
}

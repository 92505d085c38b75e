import Foundation

/// A real Live Photo made once per test run with ffmpeg: a JPEG still and
/// a 2 s H.264 MOV (the same test card), and an unrelated clip.
enum LivePhotoMedia {
    /// The still, the video and a clip of its own, as name → bytes.
    static let files: [(String, Data)] = make()

    /// A folder of `files` as `AppFixture` takes them: the still and its
    /// video first (IMG_0001.JPG, IMG_0001.MOV), then other.mp4.
    static var fixtureFiles: [(String, Data?)] { files.map { ($0.0, $0.1) } }

    private static func make() -> [(String, Data)] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let jobs: [(String, [String])] = [
            ("IMG_0001.JPG", ["-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1"]),
            ("IMG_0001.MOV", ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p"]),
            ("other.mp4", ["-f", "lavfi", "-i", "smptebars=size=160x120:rate=10", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p"]),
        ]
        return jobs.map { name, arguments in
            let out = dir.appendingPathComponent(name)
            let ffmpeg = Process()
            ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
            ffmpeg.arguments = ["-loglevel", "error", "-y"] + arguments + [out.path]
            try? ffmpeg.run()
            ffmpeg.waitUntilExit()
            return (name, (try? Data(contentsOf: out)) ?? Data())
        }
    }
}

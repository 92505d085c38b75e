import ArgumentParser
import Foundation

/// The clips the playback cost matrix plays: camera-like H.264 in MP4
/// (a moving test pattern under fresh noise every frame, so the encoder
/// spends a phone's bitrate on it), made with ffmpeg and libx264.
///
///     640x480     640×480 4:3, 30 fps
///     1280x720    30 fps
///     1920x1080   30 fps
///     portrait    1920×1080 pixels with a display matrix turning them a
///                 quarter (shown 1080×1920, GStreamer's image-orientation=rotate-90)
///     3840x2160   60 fps
struct PlaybackClip: Sendable {
    /// The name `--clips` takes, and the file's base name.
    let name: String
    /// The stored picture.
    let width: Int
    let height: Int
    let fps: Int
    /// Clockwise degrees of the display matrix (0 or 90).
    let rotation: Int
    /// The encoder's average bitrate, about a phone camera's (kbit/s).
    let kilobits: Int
    /// x264's speed preset: veryfast, or ultrafast where veryfast would
    /// make the 4K clip take minutes on two cores.
    let preset: String

    static let all = [
        PlaybackClip(name: "640x480", width: 640, height: 480, fps: 30, rotation: 0, kilobits: 2_500, preset: "veryfast"),
        PlaybackClip(name: "1280x720", width: 1280, height: 720, fps: 30, rotation: 0, kilobits: 8_000, preset: "veryfast"),
        PlaybackClip(name: "1920x1080", width: 1920, height: 1080, fps: 30, rotation: 0, kilobits: 16_000, preset: "veryfast"),
        PlaybackClip(name: "portrait", width: 1920, height: 1080, fps: 30, rotation: 90, kilobits: 16_000, preset: "veryfast"),
        PlaybackClip(name: "3840x2160", width: 3840, height: 2160, fps: 60, rotation: 0, kilobits: 45_000, preset: "ultrafast"),
    ]

    /// The clips a `--clips` list names (comma-separated), in matrix order.
    static func named(_ list: String?) throws -> [PlaybackClip] {
        guard let list else { return all }
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for name in names where !all.contains(where: { $0.name == name }) {
            throw ValidationError("no clip \(name) in the matrix; choose from \(all.map(\.name).joined(separator: ", "))")
        }
        return all.filter { names.contains($0.name) }
    }

    /// The picture as shown: the stored one turned by the display matrix.
    var shown: (width: Int, height: Int) { rotation % 180 == 90 ? (height, width) : (width, height) }

    /// What the table and the JSON call it ("1080x1920 rotate-90 30 fps").
    var label: String {
        "\(shown.width)x\(shown.height)\(rotation == 0 ? "" : " rotate-\(rotation)") \(fps) fps"
    }

    /// Makes the clip `seconds` long in `directory` (kept if it is already
    /// there, for `--keep-clips`); returns its path.
    func make(in directory: URL, seconds: Int) throws -> String {
        let path = directory.appendingPathComponent("clip-\(name)-\(seconds)s.mp4").path
        if FileManager.default.fileExists(atPath: path) { return path }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw ValidationError("the matrix makes its clips with ffmpeg and libx264: install the Debian package ffmpeg")
        }
        let encoded = directory.appendingPathComponent("encoding-\(name).mp4").path
        let source = "testsrc2=size=\(width)x\(height):rate=\(fps):duration=\(seconds),noise=alls=14:allf=t"
        let started = Date()
        try Run.program("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", source,
                                            "-c:v", "libx264", "-preset", preset, "-profile:v", "high", "-pix_fmt", "yuv420p",
                                            "-b:v", "\(kilobits)k", "-maxrate", "\(kilobits * 3 / 2)k", "-bufsize", "\(kilobits * 2)k",
                                            "-g", "\(fps)", "-movflags", "+faststart", encoded])
        if rotation == 0 {
            try FileManager.default.moveItem(atPath: encoded, toPath: path)
        } else {
            // The display matrix a phone writes, without touching the pixels.
            // ffmpeg 5.1 writes `rotate=N` as a turn the other way round:
            // 270 is what GStreamer reads as image-orientation=rotate-90.
            try Run.program("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", encoded, "-c", "copy",
                                                "-metadata:s:v:0", "rotate=\((360 - rotation) % 360)", path])
            try FileManager.default.removeItem(atPath: encoded)
        }
        let took = Int(Date().timeIntervalSince(started).rounded())
        FileHandle.standardError.write(Data("made \(URL(fileURLWithPath: path).lastPathComponent) (\(label), \(seconds) s) in \(took) s\n".utf8))
        return path
    }
}

import Foundation
import Testing
@testable import FlickMedia

/// Makes a real clip with gst-launch-1.0 (videotestsrc, H.264 or VP8).
func makeClip(_ name: String, pattern: String, seconds: Int = 2, width: Int = 320, height: Int = 240, codec: String = "x264") throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-poster-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    let encoder = codec == "x264" ? ["x264enc", "speed-preset=ultrafast", "!", "mp4mux"] : ["vp8enc", "deadline=1", "!", "webmmux"]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
    process.arguments = ["-q", "videotestsrc", "pattern=\(pattern)", "num-buffers=\(seconds * 25)", "!",
                         "video/x-raw,width=\(width),height=\(height),framerate=25/1,format=I420", "!"] + encoder + ["!", "filesink", "location=\(path)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw MediaError.notAVideo(file: name, reason: .gstreamer("gst-launch-1.0 failed")) }
    return path
}

@Suite struct PosterFrameTests {
    @Test(arguments: [("red", 255, 0, 0, "x264"), ("blue", 0, 0, 255, "vp8"), ("green", 0, 255, 0, "x264")])
    func posterPixelsMatchTheClipsColour(_ pattern: String, _ red: Int, _ green: Int, _ blue: Int, _ codec: String) throws {
        let path = try makeClip("\(pattern).\(codec == "x264" ? "mp4" : "webm")", pattern: pattern, codec: codec)
        let frame = try PosterFrame.render(path: path, maxSize: 160)
        let (r, g, b) = frame.rgb(x: frame.width / 2, y: frame.height / 2)
        #expect(abs(r - red) < 24 && abs(g - green) < 24 && abs(b - blue) < 24, "\(pattern): got \(r),\(g),\(b)")
    }

    @Test func posterIsScaledInsideGStreamerKeepingTheAspect() throws {
        let path = try makeClip("wide.mp4", pattern: "smpte", seconds: 1, width: 1280, height: 720)
        let frame = try PosterFrame.render(path: path, maxSize: 256)
        #expect(frame.width == 256 && frame.height == 144)
        #expect(frame.bytes.count == frame.stride * frame.height)
    }

    @Test func brokenFileHasNoPosterButAReason() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-poster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("notes.mp4").path
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: MediaError.self) { try PosterFrame.render(path: path, maxSize: 128) }
    }
}

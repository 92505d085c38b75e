import Foundation
import Testing
@testable import FlickMedia

/// A clip whose picture tells its way up: red on top, blue below, stored
/// `width`×`height`; `rotate` writes a display matrix (as a phone does for
/// portrait video) and `aspect` a pixel aspect ("4/3"), both with ffmpeg.
func makeTellingClip(_ name: String, width: Int = 320, height: Int = 240, rotate: Int? = nil, aspect: String? = nil) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-turn-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let plain = dir.appendingPathComponent("plain-" + name).path, path = dir.appendingPathComponent(name).path
    var filter = "drawbox=x=0:y=0:w=\(width):h=\(height / 2):color=red:t=fill"
    if let aspect { filter += ",setsar=\(aspect)" }
    try run("/usr/bin/ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=blue:s=\(width)x\(height):r=25:d=1",
                                "-vf", filter, "-c:v", "libx264", "-pix_fmt", "yuv420p", plain])
    try run("/usr/bin/ffmpeg", ["-loglevel", "error", "-y", "-i", plain, "-c", "copy"]
            + (rotate.map { ["-metadata:s:v:0", "rotate=\($0)"] } ?? []) + [path])
    return path
}

private func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw MediaError.notAVideo(file: tool, reason: .gstreamer("\(tool) failed")) }
}

/// Red or blue, by which dominates.
private func isRed(_ pixel: (Int, Int, Int)) -> Bool { pixel.0 > pixel.2 }

@Suite struct OrientationTests {
    @Test func aPortraitPhoneClipIsShownTallAndKnowsItsStoredSize() throws {
        let info = try ClipDiscovery.discover(path: try makeTellingClip("portrait.mp4", rotate: 90))
        #expect(info.orientation.swapsSides)
        #expect(info.width == 240 && info.height == 320, "shown \(String(describing: info.width))×\(String(describing: info.height))")
        #expect(info.storedWidth == 320 && info.storedHeight == 240)
        #expect(info.summary.hasSuffix("240×320"))
    }

    @Test func upsideDownIsShownUpright() throws {
        let path = try makeTellingClip("upside.mp4", rotate: 180)
        let info = try ClipDiscovery.discover(path: path)
        #expect(info.orientation == .rotate180 && info.width == 320 && info.height == 240)
        let frame = try PosterFrame.render(path: path, maxSize: 160)
        // Stored red on top, turned half round: blue on top, red below.
        #expect(!isRed(frame.rgb(x: frame.width / 2, y: 4)) && isRed(frame.rgb(x: frame.width / 2, y: frame.height - 5)))
    }

    /// The poster is tall, and red lies along one side, not on top.
    @Test func aPortraitClipsPosterIsTurned() throws {
        let frame = try PosterFrame.render(path: try makeTellingClip("portrait.mp4", rotate: 90), maxSize: 160)
        #expect(frame.width == 120 && frame.height == 160, "\(frame.width)×\(frame.height)")
        let (top, bottom) = (frame.rgb(x: frame.width / 2, y: 4), frame.rgb(x: frame.width / 2, y: frame.height - 5))
        let (left, right) = (frame.rgb(x: 4, y: frame.height / 2), frame.rgb(x: frame.width - 5, y: frame.height / 2))
        #expect(isRed(top) == isRed(bottom) && isRed(left) != isRed(right))
    }

    @Test func nonSquarePixelsGiveTheShownShape() throws {
        // 320×240 stored with pixels 4/3 wide: shown 427×240 (16:9).
        let path = try makeTellingClip("hdv.mp4", aspect: "4/3")
        let info = try ClipDiscovery.discover(path: path)
        #expect(info.width == 427 && info.height == 240 && info.storedWidth == 320)
        let frame = try PosterFrame.render(path: path, maxSize: 160)
        #expect(frame.width == 160 && abs(frame.height - 90) <= 1, "\(frame.width)×\(frame.height)")
    }

    @Test func shownSizeTurnsAndWidens() {
        #expect(ClipInfo.shownSize(width: 1920, height: 1080, aspect: (1, 1), orientation: .rotate270) == (1080, 1920))
        #expect(ClipInfo.shownSize(width: 1440, height: 1080, aspect: (4, 3), orientation: .rotate0) == (1920, 1080))
        #expect(ClipInfo.shownSize(width: 3840, height: 2160, aspect: (3, 4), orientation: .flipRotate90) == (2160, 2880))
        #expect(ClipInfo.shownSize(width: 720, height: 480, aspect: (0, 1), orientation: .flipRotate0) == (720, 480))
    }

    @Test func thePlayersFramesAreUprightAndFitTheShownShape() throws {
        let log = PlayerLog()
        let player = try log.player(try makeTellingClip("portrait.mp4", rotate: 270), width: 300, height: 300)
        defer { player.stop() }
        #expect(log.wait { log.frameCount > 0 })
        let size = try #require(log.lastSize)
        #expect(size.width == 225 && size.height == 300, "\(size)")
    }

    /// Where the window draws with cairo, frames come at the size they are
    /// drawn: a clip smaller than its card is scaled up by GStreamer (off
    /// the main thread), upright, a turned one included, and a fit asked
    /// for while it plays follows.
    @Test func exactFramesAreScaledUpAndTurnedUpright() throws {
        let log = PlayerLog()
        let player = try log.player(try makeTellingClip("small.mp4"), width: 800, height: 600, exactly: true)
        defer { player.stop() }
        #expect(log.wait { log.frameCount > 0 })
        #expect(log.lastSize.map { $0.width == 800 && $0.height == 600 } == true, "\(String(describing: log.lastSize))")

        let turnedLog = PlayerLog()
        let turned = try turnedLog.player(try makeTellingClip("portrait.mp4", rotate: 90), width: 480, height: 640, exactly: true, turned: true)
        defer { turned.stop() }
        #expect(turnedLog.wait { turnedLog.frameCount > 0 })
        #expect(turnedLog.lastSize.map { $0.width == 480 && $0.height == 640 } == true, "\(String(describing: turnedLog.lastSize))")
        turned.fit(maxWidth: 300, maxHeight: 400, exactly: true, turned: true)
        turned.play()
        #expect(turnedLog.wait { turnedLog.lastSize.map { $0.width == 300 && $0.height == 400 } == true },
                "\(String(describing: turnedLog.lastSize))")
        #expect(turnedLog.failures.isEmpty, "\(turnedLog.failures)")
    }

    /// A phone's portrait clip larger than its card plays: fitted as it is
    /// stored, before it is turned, so the turn renegotiates nothing (fitted
    /// after it, a size fixed before the orientation tag arrived no longer
    /// fitted once the sides swapped, and the stream stopped without a word).
    @Test func aLargePortraitClipPlaysInASmallCard() throws {
        let clip = try makeTellingClip("tall.mp4", width: 640, height: 360, rotate: 90)
        let log = PlayerLog()
        let player = try log.player(clip, width: 200, height: 300, turned: true)
        defer { player.stop() }
        player.play()
        #expect(log.wait { log.frameCount > 3 }, "\(log.failures)")
        #expect(log.lastSize.map { $0.width == 169 && $0.height == 300 } == true, "\(String(describing: log.lastSize))")
        // Before its orientation is known the clip plays too.
        let unknownLog = PlayerLog()
        let unknown = try unknownLog.player(clip, width: 300, height: 200)
        defer { unknown.stop() }
        unknown.play()
        #expect(unknownLog.wait { unknownLog.frameCount > 3 }, "\(unknownLog.failures)")
        #expect(log.failures.isEmpty && unknownLog.failures.isEmpty)
    }

    /// One display matrix per track: a turned clip among others is re-encoded
    /// upright, never remuxed with its matrix lost; portrait clips stay portrait.
    @Test func aStitchOfTurnedClipsIsReencodedPortrait() throws {
        let turned = try makeTellingClip("a.mp4", rotate: 90), plain = try makeTellingClip("b.mp4")
        let clips = try [turned, plain, turned].map { Stitcher.Clip(path: $0, info: try ClipDiscovery.discover(path: $0)) }
        #expect(Stitcher.method(for: Array(clips.prefix(2)), destination: "/tmp/x.mp4") == .reencode)
        #expect(Stitcher.frameSize(for: clips) == (240, 320))
        let out = (turned as NSString).deletingLastPathComponent + "/joined.mp4"
        try Stitcher.run([clips[0]], to: out)
        let joined = try ClipDiscovery.discover(path: out)
        #expect(joined.width == 240 && joined.height == 320 && joined.orientation == .rotate0)
        let frame = try PosterFrame.render(path: out, maxSize: 160)
        #expect(isRed(frame.rgb(x: 4, y: frame.height / 2)) != isRed(frame.rgb(x: frame.width - 5, y: frame.height / 2)))
    }
}

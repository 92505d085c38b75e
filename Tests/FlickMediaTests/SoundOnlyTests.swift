import Foundation
import Testing
@testable import FlickMedia

/// A real clip with sound and no picture: AAC in MP4, as a voice memo app writes.
func makeSoundOnlyClip(_ name: String = "voice.mp4", seconds: Int = 2) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sound-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
    process.arguments = ["-q", "audiotestsrc", "num-buffers=\(seconds * 44_100 / 1024)", "!", "audioconvert", "!", "avenc_aac", "!",
                         "mp4mux", "!", "filesink", "location=\(path)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw MediaError.notAVideo(file: name, reason: .gstreamer("gst-launch-1.0 failed")) }
    return path
}

@Suite(.serialized) struct SoundOnlyTests {
    /// A voice memo plays its sound: no failure, no frames, and its
    /// position moves on, long before the player's timeout.
    @Test func aSoundOnlyClipPlaysItsSound() throws {
        let path = try makeSoundOnlyClip(seconds: 3)
        let log = PlayerLog()
        let player = try log.player(path, timeout: 60)
        defer { player.stop() }
        #expect(log.wait(20) { player.isSoundOnly })
        player.play()
        #expect(log.wait(10) { player.isPlaying })
        #expect(log.wait(10) {
            player.refreshTiming()
            return (player.timing.position ?? 0) > 0.3
        })
        #expect(log.failures.isEmpty && log.frameCount == 0)
        let poster = Result { () throws(MediaError) in try PosterFrame.render(path: path, maxSize: 64) }
        #expect(poster.map { _ in "" }.mapError { $0 } == .failure(.noPicture(file: "voice.mp4")))
    }

    @Test func aStitchRefusesASoundOnlyClipUpFrontNamingIt() throws {
        let voice = try makeSoundOnlyClip()
        let info = try ClipDiscovery.discover(path: voice)
        #expect(!info.hasVideo && info.audioCodec != nil)
        let out = (voice as NSString).deletingLastPathComponent + "/joined.mp4"
        #expect(throws: StitchError.soundOnly(clip: voice)) {
            try Stitcher.run([Stitcher.Clip(path: voice, info: info)], to: out)
        }
        let (kept, leftOut) = Stitcher.withPicture([Stitcher.Clip(path: voice, info: info)])
        #expect(kept.isEmpty && leftOut.map(\.path) == [voice])
    }

    /// A clip that lost its picture after discovery (its facts say video):
    /// the pipeline waits for a picture that never comes, and the stitch
    /// ends with an error naming that clip instead of waiting forever.
    @Test(.timeLimit(.minutes(2))) func aStitchThatStallsEndsNamingTheClip() throws {
        let video = try makeClip("first.mp4", pattern: "ball", seconds: 1, width: 160, height: 120)
        let voice = try makeSoundOnlyClip()
        let facts = try ClipDiscovery.discover(path: video)
        var stale = try ClipDiscovery.discover(path: voice)
        stale.hasVideo = true
        stale.width = 160
        stale.height = 120
        stale.videoCodec = "video/x-h264"
        let out = (voice as NSString).deletingLastPathComponent + "/joined.mp4"
        do {
            try Stitcher.run([Stitcher.Clip(path: video, info: facts), Stitcher.Clip(path: voice, info: stale)], to: out, stallTimeout: 5)
            Issue.record("the stitch finished without the clip's picture")
        } catch {
            #expect(error == .stalled(clip: voice, seconds: 5), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let left = try FileManager.default.contentsOfDirectory(atPath: (out as NSString).deletingLastPathComponent)
        #expect(left == ["voice.mp4"], "no partial file is left")
    }
}

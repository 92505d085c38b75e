import CGst
import Foundation
import Testing
@testable import FlickMedia

/// Collects what a player reports, from its delivery queue.
final class PlayerLog: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [(time: Double?, width: Int, height: Int, centre: (Int, Int, Int)?)] = []
    private var errors: [MediaError] = []
    let queue = DispatchQueue(label: "flick.tests.player")

    func frame(_ frame: VideoFrame) {
        let centre = frame.rgb(x: frame.width / 2, y: frame.height / 2)
        lock.withLock { frames.append((frame.time, frame.width, frame.height, centre)) }
    }

    func error(_ error: MediaError) { lock.withLock { errors.append(error) } }

    var frameCount: Int { lock.withLock { frames.count } }
    var lastSize: (width: Int, height: Int)? { lock.withLock { frames.last.map { ($0.width, $0.height) } } }
    var firstFrame: (time: Double?, width: Int, height: Int, centre: (Int, Int, Int)?)? { lock.withLock { frames.first } }
    var times: [Double] { lock.withLock { frames.compactMap(\.time) } }
    var failures: [MediaError] { lock.withLock { errors } }

    func player(_ path: String, width: Int = 320, height: Int = 320, exactly: Bool = false, turned: Bool = false,
                timeout: Double = 5) throws -> VideoPlayer {
        try VideoPlayer(path: path, maxWidth: width, maxHeight: height, exactly: exactly, turned: turned, muted: true,
                        timeout: timeout, queue: queue,
                        onFrame: { [self] in frame($0) }, onFailure: { [self] in error($0) })
    }

    /// A player of a new `seconds`-long clip, prerolled (its first frame arrived).
    func prerolledPlayer(_ name: String, seconds: Int) throws -> VideoPlayer {
        let player = try player(try makeClip(name, pattern: "ball", seconds: seconds))
        #expect(wait { player.hasFrame })
        return player
    }

    /// Waits up to `seconds` for `condition`.
    func wait(_ seconds: Double = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }
}

@Suite(.serialized) struct VideoPlayerTests {
    @Test func prerollsPausedWithItsFirstFrameScaledInGStreamer() throws {
        let path = try makeClip("red-wide.mp4", pattern: "red", seconds: 1, width: 1280, height: 720)
        let log = PlayerLog()
        let player = try log.player(path)
        #expect(log.wait { log.frameCount > 0 })
        let first = try #require(log.firstFrame)
        #expect(first.width == 320 && first.height == 180, "scaled to fit 320×320 keeping 16:9")
        let (r, g, b) = try #require(first.centre)
        #expect(r > 230 && g < 30 && b < 30, "red clip gave \(r),\(g),\(b)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(log.frameCount == 1, "a prerolled player shows one frame and does not play")
        #expect(!player.isPlaying)
        player.stop()
    }

    @Test func seeksShowTheFrameThereAndTheRateIsTheRealOne() throws {
        let path = try makeClip("seek.mp4", pattern: "ball", seconds: 6)
        let log = PlayerLog()
        let player = try log.player(path)
        #expect(log.wait { log.frameCount > 0 })
        player.seek(to: 3)
        #expect(log.wait { log.times.contains { abs($0 - 3) < 0.2 } }, "a paused player shows the frame it seeked to: \(log.times)")
        player.seek(by: -2)
        #expect(log.wait { log.times.contains { abs($0 - 1) < 0.2 } }, "relative seeks go from where it is: \(log.times)")
        player.setRate(2)
        player.play()
        Thread.sleep(forTimeInterval: 1.0)
        player.refreshTiming()
        player.waitUntilIdle()
        let timing = player.timing
        #expect(timing.rate == 2)
        #expect((timing.position ?? 0) > 2.4, "two seconds of clip a second at 2×: \(String(describing: timing.position))")
        #expect(abs((timing.duration ?? 0) - 6) < 0.2)
        player.stop()
    }

    @Test func aPrerolledPlayerIsPlayingAsSoonAsItIsPromoted() throws {
        let log = PlayerLog()
        let player = try log.prerolledPlayer("promote.mp4", seconds: 2)
        player.play()
        // The preroll frame arrives just before the pipeline reports its
        // preroll done, so the change to playing may complete a moment later.
        #expect(log.wait { player.isPlaying })
        #expect(log.wait { log.frameCount > 10 })
        #expect(player.promoteLatency != nil)
        let times = log.times
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "frames come in order: \(times.prefix(12))")
        player.stop()
    }

    @Test func aFreshStartSkipsThePausedFramesTimeAndAResumeDoesNot() throws {
        let log = PlayerLog()
        let player = try log.prerolledPlayer("shift.mp4", seconds: 2)
        player.play()
        player.waitUntilIdle()
        let shift = try #require(player.startShift, "the prerolled frame (1/25 s) was on screen already")
        #expect(abs(shift - 0.04) < 0.001, "shifted by \(shift) s")
        #expect(log.wait { log.frameCount > 3 })
        player.pause()
        player.waitUntilIdle()
        player.play()
        player.waitUntilIdle()
        #expect(player.startShift == nil, "a pause and play resumes where it stopped")
        player.pause()
        player.seek(to: 0.5)
        #expect(log.wait { log.times.contains { abs($0 - 0.5) < 0.05 } })
        player.play()
        player.waitUntilIdle()
        // 0.5 s falls inside the frame 0.48–0.52: what is left of it is skipped.
        let afterSeek = try #require(player.startShift, "after a paused seek the shown frame is skipped too")
        #expect(abs(afterSeek - 0.02) < 0.001, "shifted by \(afterSeek) s")
        player.stop()
    }

    @Test func loopsBackToTheStart() throws {
        let path = try makeClip("loop.webm", pattern: "snow", seconds: 1, codec: "vp8")
        let log = PlayerLog()
        let player = try log.player(path)
        player.play()
        #expect(log.wait { let t = log.times; return zip(t, t.dropFirst()).contains { $1 < $0 } }, "time went back to 0 after the end")
        #expect(log.failures.isEmpty)
        player.stop()
    }

    @Test func aTextFileNamedMp4FailsWithAReasonAndFreesItsPipeline() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("notes.mp4").path
        try Data(String(repeating: "not a video\n", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        let before = VideoPlayer.livePipelines.now
        let log = PlayerLog()
        let player = try log.player(path)
        #expect(log.wait { !log.failures.isEmpty })
        #expect(log.failures.first?.file == "notes.mp4", "\(log.failures)")
        #expect(log.wait { VideoPlayer.livePipelines.now == before }, "the failed pipeline is freed")
        _ = player
    }

    @Test func aCodecWithNoDecoderNamesThePackageToInstall() throws {
        let path = try makeUndecodableClip()
        let log = PlayerLog()
        let player = try log.player(path)
        #expect(log.wait { !log.failures.isEmpty })
        #expect(log.failures.first == .missingDecoder(file: "future.mkv", what: "AV1", package: "gstreamer1.0-plugins-bad"))
        player.stop()
    }

    @Test func discoveryNamesTheSamePackage() throws {
        let path = try makeUndecodableClip()
        #expect(throws: MediaError.missingDecoder(file: "future.mkv", what: "AV1", package: "gstreamer1.0-plugins-bad")) {
            try ClipDiscovery.discover(path: path)
        }
    }

    @Test func aFileGoneOrTurnedIntoAFifoAfterTheScanIsAReasonNotAHang() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let gone = dir.appendingPathComponent("gone.mp4").path
        let fifo = dir.appendingPathComponent("pipe.mp4").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: MediaError.unreadable(file: "gone.mp4", reason: .file(.gone))) { try PlayerLog().player(gone) }
        #expect(throws: MediaError.unreadable(file: "pipe.mp4", reason: .file(.notRegular))) { try PlayerLog().player(fifo) }
        #expect(throws: MediaError.unreadable(file: "pipe.mp4", reason: .file(.notRegular))) { try ClipDiscovery.discover(path: fifo) }
    }

    @Test func aOneFrameClipStaysStillInsteadOfLoopingBusily() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("still.webm").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ["-q", "videotestsrc", "num-buffers=1", "pattern=red", "!", "video/x-raw,framerate=0/1,width=64,height=48",
                             "!", "vp8enc", "!", "webmmux", "!", "filesink", "location=\(path)"]
        try process.run()
        process.waitUntilExit()
        let log = PlayerLog()
        let player = try log.player(path)
        player.play()
        #expect(log.wait { log.frameCount >= 1 })
        Thread.sleep(forTimeInterval: 1)
        #expect(player.decodedFrames < 6, "one frame shown, not re-decoded in a loop: \(player.decodedFrames)")
        #expect(log.failures.isEmpty)
        player.stop()
    }

    @Test func stoppingFreesThePipelineAndCountsIt() throws {
        let path = try makeClip("count.mp4", pattern: "green", seconds: 1)
        let log = PlayerLog()
        let before = VideoPlayer.livePipelines.now
        let players = try (0..<3).map { _ in try log.player(path) }
        #expect(VideoPlayer.livePipelines.now == before + 3)
        #expect(VideoPlayer.livePipelines.most >= before + 3)
        players.forEach { $0.stop() }
        players.forEach { $0.stop() }
        #expect(VideoPlayer.livePipelines.now == before)
        players.forEach { $0.waitUntilIdle() }
        #expect(log.wait { VideoPlayer.unfreedPipelines == 0 }, "each pipeline is freed on its own queue")
    }
}

/// A Matroska file holding an AV1 stream, a codec this machine has no
/// decoder for: any AV1 decoder a machine does have is ranked out first, so
/// decodebin cannot pick it.
func makeUndecodableClip() throws -> String {
    GStreamer.initialize()
    // No AV1 decoder, and no parser either (plugins-bad has one, which
    // would choke on the noise before the missing decoder is noticed).
    for name in ["av1dec", "dav1ddec", "avdec_av1", "vaav1dec", "av1parse"] {
        if let feature = gst_registry_lookup_feature(gst_registry_get(), name) {
            gst_plugin_feature_set_rank(feature, 0)
            gst_object_unref(UnsafeMutableRawPointer(feature))
        }
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-player-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let noise = dir.appendingPathComponent("noise.bin").path
    try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }).write(to: URL(fileURLWithPath: noise))
    let path = dir.appendingPathComponent("future.mkv").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
    process.arguments = ["-q", "filesrc", "location=\(noise)", "blocksize=2000", "!",
                         "video/x-av1,width=320,height=240,framerate=30/1,stream-format=obu-stream,alignment=tu", "!",
                         "matroskamux", "!", "filesink", "location=\(path)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return path
}

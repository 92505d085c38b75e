import CGst
import Foundation
import Testing
@testable import FlickMedia

/// Counts a player's callbacks, and those that began after `stop()` returned.
final class LateCallbacks: @unchecked Sendable {
    private let lock = NSLock()
    private var stopReturned = false
    private(set) var calls = 0
    private(set) var late = 0

    func called() {
        lock.withLock {
            calls += 1
            if stopReturned { late += 1 }
        }
    }

    /// Call right after `stop()` returns.
    func markStopped() { lock.withLock { stopReturned = true } }
    var counts: (calls: Int, late: Int) { lock.withLock { (calls, late) } }
}

/// Holds the only reference to a player, to drop it where a test chooses.
final class PlayerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var player: VideoPlayer?
    func set(_ player: VideoPlayer?) { lock.withLock { self.player = player } }
    func take() -> VideoPlayer? { lock.withLock { defer { player = nil }; return player } }
}

/// Runs every block already queued on the main queue, then returns.
@MainActor func drainMainQueue() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in DispatchQueue.main.async { done.resume() } }
}

extension VideoPlayerTests {
    @Test(arguments: 1...5) func noCallbackArrivesAfterStopReturnsEvenWhileFramesFlow(_ round: Int) throws {
        let path = try makeClip("flowing-\(round).mp4", pattern: "ball", seconds: 1)
        let counter = LateCallbacks()
        let delivery = DispatchQueue(label: "flick.tests.delivery")
        let player = try VideoPlayer(path: path, maxWidth: 320, maxHeight: 320, muted: true, queue: delivery,
                                     onFrame: { _ in counter.called() }, onFailure: { _ in counter.called() })
        player.play()
        #expect(PlayerLog().wait { counter.counts.calls > 3 }, "frames are flowing")
        player.stop()
        counter.markStopped()
        // Barriers, not clocks: the teardown has run (no streaming thread is
        // left to post), then everything already queued for delivery has run.
        player.waitUntilIdle()
        delivery.sync {}
        #expect(counter.counts.late == 0, "callbacks after stop() returned: \(counter.counts)")
        #expect(!player.isPlaying)
    }

    @Test func stopFromInsideItsOwnCallbackEndsDelivery() throws {
        let path = try makeClip("self-stop.mp4", pattern: "ball", seconds: 1)
        let counter = LateCallbacks()
        let box = PlayerBox()
        let delivery = DispatchQueue(label: "flick.tests.delivery")
        let player = try VideoPlayer(path: path, maxWidth: 320, maxHeight: 320, muted: true, queue: delivery,
                                     onFrame: { _ in
                                         counter.called()
                                         // The only reference drops here, on the delivery queue, mid-callback.
                                         if counter.counts.calls == 3, let player = box.take() {
                                             player.stop()
                                             counter.markStopped()
                                         }
                                     }, onFailure: { _ in counter.called() })
        box.set(player)
        player.play()
        #expect(PlayerLog().wait { counter.counts.calls >= 3 })
        #expect(PlayerLog().wait { VideoPlayer.unfreedPipelines == 0 }, "the pipeline is freed on its queue")
        delivery.sync {}
        #expect(counter.counts.late == 0)
    }

    @MainActor @Test func rapidCyclesOnTheMainThreadCompleteWithNoCallbackAfterStop() async throws {
        let path = try makeClip("cycles.mp4", pattern: "smpte", seconds: 1)
        let counter = LateCallbacks()
        var stopped: [VideoPlayer] = []
        for cycle in 0..<40 {
            // Deliveries go to the main queue, as in the app.
            let player = try VideoPlayer(path: path, maxWidth: 160, maxHeight: 160, muted: cycle % 2 == 0,
                                         onFrame: { _ in counter.called() }, onFailure: { _ in counter.called() })
            if cycle % 3 != 0 { player.play() }
            if cycle % 4 == 0 { player.fit(maxWidth: 120, maxHeight: 90) }
            if cycle % 5 == 0 { player.pause() }
            player.stop()
            stopped.append(player)
        }
        counter.markStopped()
        #expect(VideoPlayer.livePipelines.now == 0)
        stopped.forEach { $0.waitUntilIdle() }
        await drainMainQueue()
        #expect(counter.counts.late == 0, "\(counter.counts)")
        #expect(PlayerLog().wait { VideoPlayer.unfreedPipelines == 0 }, "every pipeline freed on its own queue")
    }

    @Test func droppingTheLastReferenceOnAnotherThreadWhilePlayingIsSafe() throws {
        let path = try makeClip("dropped.webm", pattern: "ball", seconds: 1, codec: "vp8")
        for _ in 0..<5 {
            let log = PlayerLog()
            let box = PlayerBox()
            try { () throws in
                let player = try log.player(path)
                player.play()
                #expect(log.wait { log.frameCount > 2 })
                box.set(player)
            }()
            let dropped = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                _ = box.take()  // the last reference, released on this thread
                dropped.signal()
            }
            dropped.wait()
            let frames = log.frameCount
            #expect(log.wait { VideoPlayer.unfreedPipelines == 0 }, "freed on the player's queue, not on this thread")
            log.queue.sync {}
            #expect(log.frameCount == frames, "no frame after the player was dropped")
            #expect(log.failures.isEmpty)
        }
    }

    @Test func fitOnAPausedPrerolledPipelineThenPlayGivesTheNewSize() throws {
        let path = try makeClip("refit.mp4", pattern: "red", seconds: 2, width: 1280, height: 720)
        for round in 0..<20 {
            let log = PlayerLog()
            let player = try log.player(path)
            #expect(log.wait { log.frameCount > 0 })
            #expect(log.lastSize ?? (0, 0) == (320, 180))
            let (width, height) = round % 2 == 0 ? (160, 160) : (640, 400)
            player.fit(maxWidth: width, maxHeight: height)
            player.play()
            let expected = round % 2 == 0 ? (160, 90) : (640, 360)
            #expect(log.wait { log.lastSize ?? (0, 0) == expected }, "round \(round): \(String(describing: log.lastSize))")
            #expect(log.failures.isEmpty, "round \(round): \(log.failures)")
            player.stop()
        }
    }

    @Test func refittingWhileFramesFlowNeverStopsTheStream() throws {
        let path = try makeClip("resize.mp4", pattern: "ball", seconds: 2, width: 960, height: 540)
        let log = PlayerLog()
        let player = try log.player(path, width: 400, height: 400)
        player.play()
        #expect(log.wait { log.frameCount > 2 })
        // A window being resized: a new card size at every step.
        for step in 0..<1500 {
            player.fit(maxWidth: 100 + step % 13 * 37, maxHeight: 100 + step % 7 * 23)
            Thread.sleep(forTimeInterval: 0.0005)
        }
        player.fit(maxWidth: 300, maxHeight: 100)
        #expect(log.wait { log.lastSize ?? (0, 0) == (178, 100) }, "\(String(describing: log.lastSize))")
        #expect(log.failures.isEmpty, "\(log.failures)")
        player.stop()
    }

    @Test func aClipTooLargeToDecodeIsRefusedWithItsSize() throws {
        let path = try makeHugeClip()
        let log = PlayerLog()
        let player = try log.player(path)
        #expect(log.wait { !log.failures.isEmpty })
        #expect(log.failures == [.tooLarge(file: "huge.mkv", width: 16384, height: 16384)])
        #expect(log.frameCount == 0, "refused before any picture was decoded")
        #expect(log.wait { VideoPlayer.unfreedPipelines == 0 })
        #expect(throws: MediaError.tooLarge(file: "huge.mkv", width: 16384, height: 16384)) {
            try PosterFrame.render(path: path, maxSize: 256)
        }
        // Discovery reads the size without decoding the picture (GstDiscoverer would, at 800 MB).
        #expect(throws: MediaError.tooLarge(file: "huge.mkv", width: 16384, height: 16384)) {
            try ClipDiscovery.discover(path: path)
        }
        _ = player
    }

    @Test func theDecodeLimitAllowsEightKAndRefusesLarger() {
        #expect(DecodeLimit.refusedSize(caps: "video/x-h264,width=7680,height=4320") == nil)
        #expect(DecodeLimit.refusedSize(caps: "video/x-raw,width=8192,height=4320") == nil)
        #expect(DecodeLimit.refusedSize(caps: "image/jpeg,width=16384,height=16384").map { [$0.width, $0.height] } == [16384, 16384])
        #expect(DecodeLimit.refusedSize(caps: "video/x-vp9,width=8192,height=8192") != nil)
        #expect(DecodeLimit.refusedSize(caps: "video/x-h264") == nil, "caps without a size say nothing")
    }
}

/// One black 16384×16384 picture as Motion JPEG in Matroska (4 MB; the
/// encoder needs about 1 s and 800 MB while it runs).
func makeHugeClip() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-player-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("huge.mkv").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
    process.arguments = ["-q", "videotestsrc", "num-buffers=1", "pattern=black", "!",
                         "video/x-raw,width=16384,height=16384,framerate=1/1,format=I420", "!",
                         "jpegenc", "quality=5", "!", "matroskamux", "!", "filesink", "location=\(path)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw MediaError.notAVideo(file: "huge.mkv", reason: .gstreamer("gst-launch-1.0 failed")) }
    return path
}

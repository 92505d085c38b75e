import Foundation
import Synchronization
import Testing
@testable import FlickMedia

/// Collects the timings a player pushes, from its delivery queue.
final class TimingLog: Sendable {
    private let timings = Mutex<[PlaybackTiming]>([])
    let queue = DispatchQueue(label: "flick.tests.timing")

    func player(_ path: String) throws -> VideoPlayer {
        try VideoPlayer(path: path, maxWidth: 160, maxHeight: 160, muted: true, timeout: 5, queue: queue,
                        onFrame: { _ in }, onTiming: { [self] timing in timings.withLock { $0.append(timing) } },
                        onFailure: { _ in })
    }

    var all: [PlaybackTiming] { timings.withLock { $0 } }
    var count: Int { timings.withLock { $0.count } }

    func wait(_ seconds: Double = 10, until condition: ([PlaybackTiming]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(all) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition(all)
    }
}

@Suite(.serialized) struct PlaybackTimingTests {
    /// Nobody asks: the player says where it is while it plays, a few times
    /// a second, moving forward, with the clip's length.
    @Test func aPlayingClipPushesItsPositionUnasked() throws {
        let log = TimingLog()
        let player = try log.player(try makeClip("timing.mp4", pattern: "ball", seconds: 6))
        #expect(log.wait { $0.contains { $0.duration != nil } }, "the length comes with the preroll")
        player.play()
        #expect(log.wait { $0.filter { $0.playing && ($0.position ?? 0) > 0.1 }.count >= 3 }, "\(log.all)")
        let playing = log.all.filter(\.playing).compactMap(\.position)
        #expect(zip(playing, playing.dropFirst()).allSatisfy { $0 <= $1 }, "forward: \(playing)")
        #expect(abs((log.all.last?.duration ?? 0) - 6) < 0.2)
        // A few times a second, not on every frame (the clip has 30 a second).
        let before = log.count
        Thread.sleep(forTimeInterval: 1)
        let perSecond = log.count - before
        #expect(perSecond >= 2 && perSecond <= 8, "\(perSecond) timings in a second")
        player.stop()
    }

    @Test func aSeekWhilePausedIsPushedAndThenNothingMoreComes() throws {
        let log = TimingLog()
        let player = try log.player(try makeClip("timing-seek.mp4", pattern: "ball", seconds: 6))
        #expect(log.wait { $0.contains { $0.duration != nil } })
        player.seek(to: 4)
        #expect(log.wait { $0.contains { abs(($0.position ?? 0) - 4) < 0.2 } }, "\(log.all)")
        player.setRate(2)
        #expect(log.wait { $0.last?.rate == 2 }, "the real rate after a speed change: \(log.all)")
        // Paused: no ticker runs.
        Thread.sleep(forTimeInterval: 0.3)
        let settled = log.count
        Thread.sleep(forTimeInterval: 0.8)
        #expect(log.count == settled, "a paused clip pushes nothing: \(log.all.suffix(3))")
        player.stop()
    }

    @Test func nothingIsPushedAfterStop() throws {
        let log = TimingLog()
        let player = try log.player(try makeClip("timing-stop.mp4", pattern: "ball", seconds: 6))
        player.play()
        #expect(log.wait { $0.contains(where: \.playing) })
        player.stop()
        let stopped = log.count
        Thread.sleep(forTimeInterval: 0.6)
        #expect(log.count == stopped)
    }
}

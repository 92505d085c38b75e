import FlickCore
import FlickMedia
import Foundation
import Synchronization
import Testing
@testable import FlickAnalysis

/// A clip whose bytes stop coming (as from a share whose server stopped
/// answering): a pipe gives the first third of a real clip, then nothing,
/// its writing end held open, so the decoder's read waits in the kernel.
/// The decode ends with the file's name and the stall once the clock
/// (the test's own, moved only once the third is written) passes the
/// limit; Stop ends it while it waits, before the limit.
@Suite struct ClipStallTests {
    static let name = "street-stalled.mkv"
    /// Seconds a test waits for a decode that should end: past it, the decode hung.
    static let hangGuard = 30.0

    static let clip: Result<Data, any Error> = Result {
        let folder = try RealMedia.scratch("clip-stall")
        // Matroska: read in order, as from a pipe (an MP4's index may be at its end).
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-ss", "5", "-t", "10", "-i", "\(RealMedia.data)/vtest.avi", "-an",
                          "-c:v", "libx264", "-preset", "ultrafast", "\(folder)/\(name)")
        return try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
    }

    /// A clock that stands at 0 until `start`, then moves a second each
    /// time it is read, up to `cap`; each read at the cap is signalled.
    final class StepClock: Sendable {
        private let state = Mutex((running: false, now: 0.0))
        let cap: Double
        let atCap = DispatchSemaphore(value: 0)

        init(cap: Double) { self.cap = cap }

        func start() { state.withLock { $0.running = true } }

        func read() -> Double {
            let now = state.withLock { state in
                if state.running { state.now = min(state.now + 1, cap) }
                return state.now
            }
            if now >= cap { atCap.signal() }
            return now
        }
    }

    /// A pipe whose writer gives `bytes` and then nothing, until `close`.
    final class StalledPipe: Sendable {
        let readEnd: Int32
        private let writeEnd: Int32
        let written = DispatchSemaphore(value: 0)

        init(_ bytes: Data) throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw RealMediaError(what: "no pipe") }
            readEnd = ends[0]
            writeEnd = ends[1]
            let writeEnd = writeEnd, written = written
            Thread {
                bytes.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count, let base = raw.baseAddress {
                        let count = write(writeEnd, base + offset, raw.count - offset)
                        if count <= 0 { break }
                        offset += count
                    }
                }
                written.signal()
            }.start()
        }

        /// The writer lets go: a read still waiting gets the end of the file.
        func close() { Foundation.close(writeEnd) }
    }

    /// The first third of the clip through a stalled pipe, decoded on a
    /// thread of its own; `whenWritten` runs once the writer gave all it
    /// gives. The outcome, nil when the decode did not end.
    static func decodeStalled(clock: StepClock, cancelled: @escaping @Sendable () -> Bool,
                              whenWritten: () -> Void) throws -> Result<ClipSampler.Samples, MediaError>? {
        let bytes = try clip.get()
        let pipe = try StalledPipe(bytes.prefix(bytes.count / 3))
        defer { pipe.close() }
        let outcome = Mutex<Result<ClipSampler.Samples, MediaError>?>(nil)
        let ended = DispatchSemaphore(value: 0)
        let decoding = Thread {
            let source = ClipSource(descriptor: pipe.readEnd, name: name, clock: clock.read, cancelled: cancelled)
            let result = Result { () throws(MediaError) in
                try ClipSampler.samples(source: source, rate: ClipPrint.rate, side: StackAnalysis.side, box: PhotoDecoder.decodeBox,
                                        largeEvery: ClipPrint.rate * Quality.clipBlurEvery, maxSeconds: ClipPrint.maxSeconds,
                                        cancelled: cancelled)
            }
            outcome.withLock { $0 = result }
            ended.signal()
        }
        decoding.stackSize = 4 << 20  // as the analysis's workers
        decoding.start()
        guard pipe.written.wait(timeout: .now() + hangGuard) == .success else { throw RealMediaError(what: "the pipe was not read") }
        whenWritten()
        guard ended.wait(timeout: .now() + hangGuard) == .success else { return nil }
        return outcome.withLock { $0 }
    }

    @Test func aClipWhoseBytesStopFailsNamingItsFileAndTheStall() throws {
        let clock = StepClock(cap: .infinity)
        let outcome = try Self.decodeStalled(clock: clock, cancelled: { false }, whenWritten: clock.start)
        guard let outcome else { Issue.record("the decode still waits on the stalled pipe"); return }
        guard case .failure(let error) = outcome else { Issue.record("the first third came out as a whole clip"); return }
        #expect(error == .unreadable(file: Self.name, reason: .stalled(seconds: Int(ClipSource.stallLimit))))
    }

    @Test func stopEndsADecodeWaitingOnStalledBytes() throws {
        // The clock stops a second short of the limit: only Stop can end the wait.
        let clock = StepClock(cap: ClipSource.stallLimit - 1)
        let stop = Atomic(false)
        let outcome = try Self.decodeStalled(clock: clock, cancelled: { stop.load(ordering: .relaxed) }) {
            clock.start()
            // The decoder looked at the clock at the cap three times (waiting, not stalled), then Stop.
            for _ in 0..<3 { #expect(clock.atCap.wait(timeout: .now() + Self.hangGuard) == .success, "the decode ended before Stop") }
            stop.store(true, ordering: .relaxed)
        }
        guard let outcome else { Issue.record("Stop did not end the decode waiting on the stalled pipe"); return }
        if case .failure(.unreadable(_, .stalled)) = outcome { Issue.record("stalled before the limit: \(outcome)") }
    }
}

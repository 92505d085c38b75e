import Foundation

/// Where a clip is, as its player last reported it: pushed to the app while
/// it plays (a few times a second), after each seek and at every state change.
public struct PlaybackTiming: Sendable, Equatable {
    /// Seconds from the start, and the clip's length, when the pipeline knows.
    public var position: Double?
    public var duration: Double?
    /// The rate the pipeline plays at (1: normal speed), when it says.
    public var rate: Double?
    /// Whether the pipeline was playing.
    public var playing: Bool
    /// Playback ended at `position`, well before the stated `duration`:
    /// the rest of the file can't be read (the clip stays on its last frame).
    public var stoppedShort: Bool
    /// A seek asked for has landed: this is where the pipeline is after it
    /// (not the target posted as the seek began).
    public var seekLanded = false

    public init(position: Double? = nil, duration: Double? = nil, rate: Double? = nil, playing: Bool = false,
                stoppedShort: Bool = false) {
        self.stoppedShort = stoppedShort
        self.position = position
        self.duration = duration
        self.rate = rate
        self.playing = playing
    }
}

/// What a `VideoPlayer` hands to the app, and the gate that stops it.
///
/// Frames, timings and the failure are posted from any thread and delivered
/// on the app's `queue`. Frames and timings are coalesced: while one waits
/// for `queue`, a newer one replaces it. Each delivery runs inside `gate`, and `close()` takes
/// the same gate, so once `close()` returns no callback is running and none
/// will start. The gate is recursive: a callback may stop its own player.
/// GStreamer's threads never take the gate (they only post), so closing
/// never waits for a pipeline.
final class PlayerOutbox: @unchecked Sendable {
    private let queue: DispatchQueue
    private let gate = NSRecursiveLock()
    // Guarded by `gate`.
    private var onFrame: (@Sendable (VideoFrame) -> Void)?
    private var onFailure: (@Sendable (MediaError) -> Void)?
    private var onTiming: (@Sendable (PlaybackTiming) -> Void)?
    // Guarded by `lock` (taken on streaming threads, never while calling out).
    private let lock = NSLock()
    private var pending: VideoFrame?
    private var pendingTiming: PlaybackTiming?

    init(queue: DispatchQueue, onFrame: @escaping @Sendable (VideoFrame) -> Void,
         onFailure: @escaping @Sendable (MediaError) -> Void,
         onTiming: (@Sendable (PlaybackTiming) -> Void)? = nil) {
        self.queue = queue
        self.onFrame = onFrame
        self.onFailure = onFailure
        self.onTiming = onTiming
    }

    /// Queues `frame` for the app, replacing one not yet delivered.
    func post(_ frame: VideoFrame) {
        let scheduled = lock.withLock {
            defer { pending = frame }
            return pending != nil
        }
        guard !scheduled else { return }
        queue.async { [self] in
            gate.withLock {
                guard let frame = lock.withLock({ () -> VideoFrame? in defer { pending = nil }; return pending }) else { return }
                onFrame?(frame)
            }
        }
    }

    /// Queues `timing` for the app, replacing one not yet delivered.
    func post(_ timing: PlaybackTiming) {
        let scheduled = lock.withLock {
            // A landed seek replaced before delivery still says it landed.
            var timing = timing
            if pendingTiming?.seekLanded == true { timing.seekLanded = true }
            defer { pendingTiming = timing }
            return pendingTiming != nil
        }
        guard !scheduled else { return }
        queue.async { [self] in
            gate.withLock {
                guard let timing = lock.withLock({ () -> PlaybackTiming? in defer { pendingTiming = nil }; return pendingTiming })
                else { return }
                onTiming?(timing)
            }
        }
    }

    /// Queues the one failure report; frames and timings stop with it.
    func post(_ error: MediaError) {
        queue.async { [self] in
            gate.withLock {
                let report = onFailure
                onFrame = nil
                onFailure = nil
                onTiming = nil
                report?(error)
            }
        }
    }

    /// Stops every delivery and releases the app's callbacks on this thread.
    /// Returns once no callback is running; idempotent.
    func close() {
        gate.withLock {
            onFrame = nil
            onFailure = nil
            onTiming = nil
        }
        lock.withLock {
            pending = nil
            pendingTiming = nil
        }
    }
}

import Foundation

/// What a `VideoPlayer` hands to the app, and the gate that stops it.
///
/// Frames and the failure are posted from any thread and delivered on the
/// app's `queue`. Frames are coalesced: while one waits for `queue`, a newer
/// one replaces it. Each delivery runs inside `gate`, and `close()` takes
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
    // Guarded by `lock` (taken on streaming threads, never while calling out).
    private let lock = NSLock()
    private var pending: VideoFrame?

    init(queue: DispatchQueue, onFrame: @escaping @Sendable (VideoFrame) -> Void,
         onFailure: @escaping @Sendable (MediaError) -> Void) {
        self.queue = queue
        self.onFrame = onFrame
        self.onFailure = onFailure
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

    /// Queues the one failure report; frames stop with it.
    func post(_ error: MediaError) {
        queue.async { [self] in
            gate.withLock {
                let report = onFailure
                onFrame = nil
                onFailure = nil
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
        }
        lock.withLock { pending = nil }
    }
}

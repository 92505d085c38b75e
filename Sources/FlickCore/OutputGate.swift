import Foundation
import Synchronization

/// Once a command is stopped (Ctrl+C, SIGTERM), nothing more is put in
/// place: every output Flick writes (playlist, timeline, stitched video,
/// copy, XMP sidecar) is written under a partial name and renamed into
/// place through this gate, which refuses once `close` was called.
///
/// `close` waits a bounded time for a rename already under way (on a
/// stalled network share it may never return) and says whether one was,
/// so the command can say the truth about it.
///
/// Threading: any thread; a rename holds the gate's lock.
public enum OutputGate {
    private static let lock = NSLock()
    private static let closed = Atomic<Bool>(false)

    public static var isClosed: Bool { closed.load(ordering: .sequentiallyConsistent) }

    /// Runs `rename` unless the gate is closed; nil when it is.
    public static func unlessClosed<T>(_ rename: () -> T) -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return nil }
        return rename()
    }

    /// Closes the gate: no rename starts after this. Returns false when a
    /// rename under way had not returned after `seconds` (it may still
    /// put its file in place when its file system answers).
    @discardableResult
    public static func close(waitingAtMost seconds: Double) -> Bool {
        closed.store(true, ordering: .sequentiallyConsistent)
        guard lock.lock(before: Date(timeIntervalSinceNow: seconds)) else { return false }
        lock.unlock()
        return true
    }
}

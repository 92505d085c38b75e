import FlickStore
import Foundation

/// What a move in the window has done so far, kept by its worker thread
/// file by file: when Cancel leaves a worker stuck on a file system that
/// does not answer, the window still says which files were moved and
/// which one was under way.
///
/// Threading: written by the worker, read on the main thread; locked.
final class MovesSoFar: @unchecked Sendable {
    private let lock = NSLock()
    private var done = MoveReport()
    private var underWay: FileItem?

    /// `item`'s move begins.
    func start(_ item: FileItem) {
        lock.withLock { underWay = item }
    }

    /// One file's move ended as `one` says.
    func add(_ one: MoveReport) {
        lock.withLock {
            done.moved += one.moved
            done.failures += one.failures
            done.unrecorded += one.unrecorded
            done.alreadyMoved += one.alreadyMoved
            underWay = nil
        }
    }

    /// The file whose move has not returned, if any.
    var current: FileItem? { lock.withLock { underWay } }

    func report(cancelled: Bool) -> MoveReport {
        lock.withLock {
            var report = done
            report.cancelled = cancelled
            return report
        }
    }
}

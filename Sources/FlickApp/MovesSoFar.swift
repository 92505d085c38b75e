import FlickStore
import Foundation

/// What a move has done so far, kept by its worker thread file by file:
/// when a caller gives up on a worker stuck on a file system that does
/// not answer, it can still say which files were moved and which one was
/// under way.
///
/// Threading: written by the worker, read from any thread; locked.
public final class MovesSoFar: @unchecked Sendable {
    private let lock = NSLock()
    private var done = MoveReport()
    private var underWay: FileItem?

    public init() {}

    /// `item`'s move begins.
    func start(_ item: FileItem) {
        lock.withLock { underWay = item }
    }

    /// One file's move ended as `one` says.
    func add(_ one: MoveReport) {
        lock.withLock {
            done.add(one)
            underWay = nil
        }
    }

    /// The file whose move has not returned, if any.
    public var current: FileItem? { lock.withLock { underWay } }

    /// What was done, marked `cancelled` as the caller says.
    public func report(cancelled: Bool) -> MoveReport {
        lock.withLock {
            var report = done
            report.cancelled = report.cancelled || cancelled
            return report
        }
    }
}

extension MoveReport {
    /// Adds what `other` did to this report.
    mutating func add(_ other: MoveReport) {
        moved += other.moved
        failures += other.failures
        unrecorded += other.unrecorded
        alreadyMoved += other.alreadyMoved
        cancelled = cancelled || other.cancelled
    }
}

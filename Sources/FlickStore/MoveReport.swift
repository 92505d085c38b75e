import FlickCore
import Foundation

/// What one run of moving files did.
public struct MoveReport: Sendable, Equatable {
    public var moved: [FileItem] = []
    /// Files another Flick (another window, `flick apply`) moved out of the
    /// folder as decided before this run reached them: done, not failures.
    public var alreadyMoved: [AlreadyMoved] = []
    public var failures: [FileFailure] = []
    /// Files moved whose move the store could not record (its disk full or
    /// read-only): moved all the same; each names why it was not recorded.
    /// The next sync finds them gone from the folder.
    public var unrecorded: [FileFailure] = []
    public var cancelled = false

    public init() {}

    public var movedBytes: Int64 { moved.reduce(0) { $0 + $1.size } }
    /// The failures whose filesystem has no Trash ("Flick Rejected" can take them).
    public var withoutTrash: [FileFailure] { failures.filter { $0.reason == .noTrash } }
}

/// A file another Flick moved as decided, and where this run found it.
public struct AlreadyMoved: Sendable, Equatable {
    public enum Place: Sendable, Equatable {
        /// In the Trash of its mount, under the name given (the same file:
        /// device and inode).
        case trash(String)
        /// In "Flick Rejected", under the name given.
        case rejectedFolder(String)
        /// Recorded as moved by another Flick; not found in either.
        case unknown
    }

    public let item: FileItem
    public let place: Place
}

/// One file's outcome in a run.
enum MoveOutcome {
    case moved(FileItem)
    case movedByAnother(AlreadyMoved)
    case failed(FileFailure)
}

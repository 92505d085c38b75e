import FlickStore

/// What Apply Deletions did: each file moved, each one another Flick had
/// moved already, and each one left alone with why.
public struct ApplyResult: Sendable, Equatable {
    /// What the moves did; `alreadyMoved` includes files the check found
    /// gone because another Flick moved them as decided.
    public var moves: MoveReport
    /// Files the check refused (changed, gone, not a regular file…).
    public var refused: [FileFailure]
    /// How many files the run set out to move.
    public let planned: Int
    /// The file under way when the caller stopped waiting for a file
    /// system that did not answer; it may still move once it answers.
    public let stuck: FileItem?
    /// Halves of Live Photos left where they are because of their other
    /// half (liked, or not moved).
    public let held: [PairHold]
    /// The Live Photos the run set out to move, both halves together.
    public let pairs: [LivePhotoPair]

    public init(moves: MoveReport, refused: [FileFailure], planned: Int, stuck: FileItem? = nil,
                held: [PairHold] = [], pairs: [LivePhotoPair] = []) {
        self.moves = moves
        self.refused = refused
        self.planned = planned
        self.stuck = stuck
        self.held = held
        self.pairs = pairs
    }

    /// The Live Photos whose halves were both moved.
    public var movedPairs: [LivePhotoPair] {
        let moved = Set(moves.moved.map(\.clipID))
        return pairs.filter { moved.contains($0.stillID) && moved.contains($0.videoID) }
    }

    /// Every file not moved, each with why: refused first, then the moves
    /// that failed.
    public var failures: [FileFailure] { refused + moves.failures }

    /// Whether anything needs the user's attention (a failure, a move the
    /// store could not record, a cancel).
    public var isComplete: Bool { failures.isEmpty && held.isEmpty && moves.unrecorded.isEmpty && !moves.cancelled }

    /// Files of the run not reached before a cancel: they stay marked.
    public var notYetMoved: Int { planned - moves.moved.count - moves.alreadyMoved.count - moves.failures.count }
}

/// Which clips the overview shows: every clip, or those with one decision.
public enum DecisionFilter: String, CaseIterable, Sendable {
    case all, undecided, liked, deleted, skipped

    /// Whether a clip with `decision` passes the filter.
    public func matches(_ decision: Decision?) -> Bool {
        switch self {
        case .all: true
        case .undecided: decision == nil
        case .liked: decision == .like
        case .deleted: decision == .delete
        case .skipped: decision == .skip
        }
    }

    /// How many clips of a session pass the filter (O(1): from the tally).
    public func count(in stats: SessionStats) -> Int {
        switch self {
        case .all: stats.total
        case .undecided: stats.total - stats.decided
        case .liked: stats.likes
        case .deleted: stats.deletes
        case .skipped: stats.skips
        }
    }
}

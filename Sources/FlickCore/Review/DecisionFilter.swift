/// Which clips the overview shows: every clip, those with one decision, or
/// those Flick suggests might go (each with its reason; never a decision).
public enum DecisionFilter: String, CaseIterable, Sendable {
    case all, undecided, liked, deleted, skipped, suggested

    /// Whether a clip with `decision`, which Flick suggests or not
    /// (`suggested`), passes the filter.
    public func matches(_ decision: Decision?, suggested: Bool = false) -> Bool {
        switch self {
        case .all: true
        case .undecided: decision == nil
        case .liked: decision == .like
        case .deleted: decision == .delete
        case .skipped: decision == .skip
        case .suggested: suggested
        }
    }

    /// Whether the filter is by decision (the session's tally counts it).
    public var isDecision: Bool { self != .suggested }

    /// How many clips of a session pass the filter (O(1): from the tally).
    /// The tally knows decisions only: it has 0 for `.suggested`, which
    /// `ReviewModel.count(matching:)` counts from the analysis.
    public func count(in stats: SessionStats) -> Int {
        switch self {
        case .all: stats.total
        case .undecided: stats.total - stats.decided
        case .liked: stats.likes
        case .deleted: stats.deletes
        case .skipped: stats.skips
        case .suggested: 0
        }
    }
}

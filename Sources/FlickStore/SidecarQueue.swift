/// The sidecar changes `SidecarKeeper` has not written yet: the latest
/// wanted rating of each clip, in two lanes. Decisions go first, in the
/// order they were made; a whole folder brought in step waits behind them,
/// so a decision made meanwhile reaches its sidecar at once.
///
/// A clip is in the queue once, however often it changes before it is
/// written: its last change replaces the earlier ones (an undo right after
/// a decision writes the sidecar once, or not at all). Its rating is all a
/// sidecar needs to be brought in step, so nothing is lost by that.
///
/// Threading: a value; its owner keeps it behind a lock.
struct SidecarQueue {
    /// One clip's wanted sidecar.
    struct Change: Equatable {
        /// The clip's row in the store.
        let clipID: Int64
        let folder: FolderRecord
        /// The rating its sidecar should hold; nil: none (restore).
        let wanted: String?
        /// The clip's path when it is known already (a folder brought in
        /// step); nil: looked up from `clipID` when it is written.
        let relativePath: String?
    }

    /// The change of each queued clip, and whether it is in the decisions' lane.
    private var pending: [Int64: (change: Change, asDecision: Bool)] = [:]
    /// Clips whose decision the user changed; oldest first.
    private var decisions: [Int64] = []
    private var nextDecision = 0
    /// Clips of a folder being brought in step as a whole.
    private var backlog: [Int64] = []
    private var nextBacklog = 0

    var isEmpty: Bool { pending.isEmpty }

    /// A decision (or undo) of the user: replaces what the clip had queued,
    /// and is written before the backlog.
    mutating func decided(_ change: Change) {
        if pending[change.clipID]?.asDecision != true { decisions.append(change.clipID) }
        pending[change.clipID] = (change, true)
    }

    /// A clip of a whole folder: queued behind the decisions, unless a
    /// decision of the user for it is queued already (that one is newer).
    mutating func inStep(_ change: Change) {
        guard pending[change.clipID] == nil else { return }
        pending[change.clipID] = (change, false)
        backlog.append(change.clipID)
    }

    /// The next change to write, taken out of the queue.
    mutating func next() -> Change? {
        while nextDecision < decisions.count {
            let id = decisions[nextDecision]
            nextDecision += 1
            if let entry = pending.removeValue(forKey: id) { return entry.change }
        }
        // Every queued decision was taken above: what is left is the folder's.
        while nextBacklog < backlog.count {
            let id = backlog[nextBacklog]
            nextBacklog += 1
            if let entry = pending.removeValue(forKey: id) { return entry.change }
        }
        (decisions, nextDecision, backlog, nextBacklog) = ([], 0, [], 0)
        return nil
    }
}

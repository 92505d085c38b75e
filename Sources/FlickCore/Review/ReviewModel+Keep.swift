/// "Keep this one": of several versions of one moment (a stack, or the two
/// sides of Compare), the one kept is liked and the others are marked for
/// deletion, as one step for undo.
///
/// ```swift
/// model.keep(2001, marking: [2002, 2003])   // on disk, then published; one undo takes all three back
/// ```
extension ReviewModel {
    /// Likes the clip `keptID` and marks each of `others` for deletion,
    /// keeping the top card where it is. Clips that already have that
    /// decision are left alone; ids not in the deck (gone meanwhile) and
    /// `keptID` among `others` are ignored. Saved through the sink in one
    /// go before it is published (a failed save takes it all back); more
    /// than one step makes a batch, so the next undo takes all of it back.
    /// The event names the kept clip and how many were marked, as K's does
    /// (`kept`). Returns whether anything changed.
    @discardableResult
    public func keep(_ keptID: Int64, marking others: [Int64]) -> Bool {
        guard runsNow({ self.keep(keptID, marking: others) }) else { return false }
        guard let kept = position(of: keptID, near: cursor) else { return false }
        var seen: Set<Int64> = [keptID]
        let marked = others.filter { seen.insert($0).inserted }.compactMap { position(of: $0, near: kept) }
        let saved = session
        var outcomes: [ActionOutcome] = []
        if let outcome = session.decide(.like, at: kept) { outcomes.append(outcome) }
        for position in marked {
            if let outcome = session.decide(.delete, at: position) { outcomes.append(outcome) }
        }
        guard !outcomes.isEmpty else { return false }
        guard saveBatch(outcomes, restoring: saved) else { return false }
        lastEvent = .kept(name: clips[kept].name, marked: marked.count, kind: insights.group(of: keptID)?.kind ?? .similar,
                          left: undecidedCount)
        publish(ReviewChange(decisions: true))
        return true
    }
}

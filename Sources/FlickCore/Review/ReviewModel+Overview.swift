/// What the overview asks of the review model: its filter, whether it
/// covers the stack, deciding any clip (or a batch of them) without moving
/// the top card, and putting a chosen clip on top.
///
/// ```swift
/// model.setFilter(.deleted)
/// model.decide(.like, at: [3, 7, 8])   // on disk, then published; one undo takes all three back
/// model.show(at: 7)                    // clip 8 on top of the stack
/// ```
extension ReviewModel {
    /// Deck positions that pass `filter`, in deck order.
    public func positions(matching filter: DecisionFilter) -> [Int] {
        guard filter != .all else { return Array(0..<count) }
        if filter == .suggested {
            let suggestions = insights.suggestions
            guard !suggestions.isEmpty else { return [] }
            return clips.indices.filter { suggestions[clips[$0].id] != nil }
        }
        let decisions = session.deck.decisions
        return decisions.indices.filter { filter.matches(decisions[$0]) }
    }

    /// How many clips pass `filter`: O(1) from the tally for a decision;
    /// O(deck) for `.suggested` (only clips still in the deck count).
    public func count(matching filter: DecisionFilter) -> Int {
        guard !filter.isDecision else { return filter.count(in: stats) }
        let suggestions = insights.suggestions
        guard !suggestions.isEmpty else { return 0 }
        return clips.reduce(0) { $0 + (suggestions[$1.id] == nil ? 0 : 1) }
    }

    /// Sets the overview's filter (kept until another folder opens).
    public func setFilter(_ filter: DecisionFilter) {
        guard runsNow({ self.setFilter(filter) }) else { return }
        guard filter != self.filter else { return }
        self.filter = filter
        publish(ReviewChange(filter: true))
    }

    /// The overview covers the stack (nothing plays beneath it), or not.
    public func setOverview(shown: Bool) {
        guard runsNow({ self.setOverview(shown: shown) }) else { return }
        guard playback.covered != shown else { return }
        playback.covered = shown
        lastEvent = nil  // nothing to say: the page says where the user is
        publish(ReviewChange(playback: true, overview: true))
    }

    public var showsOverview: Bool { playback.covered }

    /// Back to the stack, with the clip at `position` on top (nil: the
    /// clip that was on top when the overview opened, as if the overview
    /// had only been a look): one change, so the focus moves once, to the
    /// card that ends on top.
    public func closeOverview(showing position: Int? = nil) {
        guard runsNow({ self.closeOverview(showing: position) }) else { return }
        guard showsOverview else { return }
        guard let position, position >= 0, position < count else { return setOverview(shown: false) }
        playback.covered = false
        session.resume(at: position, pass: .undecided)
        lastEvent = .showing(name: clips[position].name, decision: decision(at: position))
        publish(ReviewChange(cursor: .jumped, playback: true, overview: true))
    }

    /// Decides the clips at `positions` (tiles of the overview), keeping the
    /// top card where it is. Clips that already have `decision` are left
    /// alone. Every step is saved through the sink in one go before it is
    /// published; a failed save takes them all back. Several clips make one
    /// batch: the next undo takes the whole batch back. Returns whether
    /// anything changed.
    @discardableResult
    public func decide(_ decision: Decision, at positions: [Int]) -> Bool {
        guard runsNow({ self.decide(decision, at: positions) }) else { return false }
        let saved = session
        var outcomes: [ActionOutcome] = []
        for position in Set(positions).sorted() {
            if let outcome = session.decide(decision, at: position) { outcomes.append(outcome) }
        }
        guard !outcomes.isEmpty else { return false }
        guard saveBatch(outcomes, restoring: saved) else { return false }
        if outcomes.count > 1 {
            let kinds = Set(outcomes.compactMap { outcome -> ClipKind? in
                guard case .decided(let position, _) = outcome else { return nil }
                return clips[position].kind
            })
            lastEvent = .decidedMany(count: outcomes.count, decision: decision, kinds: kinds)
        } else if case .decided(let position, _) = outcomes[0] {
            lastEvent = .decided(name: clips[position].name, decision: decision, left: undecidedCount)
        }
        publish(ReviewChange(decisions: true))
        return true
    }

    /// Puts the clip at `position` on top of the stack; decisions and
    /// history stay, and deciding it moves on to the next undecided clip.
    public func show(at position: Int) {
        guard runsNow({ self.show(at: position) }) else { return }
        guard position >= 0, position < count else { return }
        session.resume(at: position, pass: .undecided)
        lastEvent = .showing(name: clips[position].name, decision: decision(at: position))
        publish(ReviewChange(cursor: .jumped))
    }

    /// Undoes every step of `batch` (the latest steps), saved in one go.
    func undoBatch(_ batch: Range<Int>) -> Performed {
        let saved = session
        var outcomes: [ActionOutcome] = []
        while session.history.count > batch.lowerBound, let outcome = session.perform(.undo) {
            outcomes.append(outcome)
        }
        guard save(outcomes, restoring: saved) else { return .notSaved }
        batches.removeLast()
        // The first clip of the batch ends on top, as one undo would leave it.
        lastEvent = .undidMany(count: outcomes.count)
        publish(ReviewChange(cursor: .jumped, decisions: true))
        return .batchUndone(count: outcomes.count)
    }

    /// Saves `outcomes` (the session's steps since `saved`) in one go; a
    /// failed save takes them all back and says so (`notSaved`).
    func save(_ outcomes: [ActionOutcome], restoring saved: ReviewSession) -> Bool {
        do {
            try sink.record(batch: outcomes, session: session)
            return true
        } catch {
            session = saved
            lastEvent = .notSaved(reason: "\(error)")
            publish(ReviewChange(rolledBack: true))
            return false
        }
    }

    /// `save`, and more than one step becomes a batch the next undo takes
    /// back as one.
    func saveBatch(_ outcomes: [ActionOutcome], restoring saved: ReviewSession) -> Bool {
        guard save(outcomes, restoring: saved) else { return false }
        if outcomes.count > 1 { batches.append(saved.history.count..<session.history.count) }
        return true
    }
}

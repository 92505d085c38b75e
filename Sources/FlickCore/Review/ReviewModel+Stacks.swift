/// Stacks in the deck: a burst, copies or a Live Photo are one card.
/// The card shows one member at a time (`showMember`), K keeps the member
/// on top and marks the others for deletion (`keepTop`), and a plain like,
/// delete or skip decides the whole stack; each is one undoable step, and
/// every member keeps its own decision in the store.
///
/// ```swift
/// model.stack(at: model.cursor)   // StackCard(kind: .similar, members: [4, 5, 6], shown: 1)
/// model.showMember(offset: 1)     // the next member on the card
/// model.keepTop()                 // member kept, the others marked; one undo takes all back
/// ```
extension ReviewModel {
    /// The stack a card shows: its members' positions and which is on top.
    public struct StackCard: Sendable, Equatable {
        public let kind: StackKind
        /// Deck positions: the top member first (the one Flick would
        /// keep), then the others in deck order.
        public let members: [Int]
        /// The index in `members` of the position asked about.
        public let shown: Int
    }

    /// The stack the card at `position` belongs to, nil when it is alone
    /// (or stacks are off, or not found yet).
    public func stack(at position: Int) -> StackCard? {
        let stacks = session.stacks
        guard let members = stacks.members(at: position), let kind = stacks.kind(at: position),
              let shown = members.firstIndex(of: position) else { return nil }
        return StackCard(kind: kind, members: members, shown: shown)
    }

    /// The top card's stack, nil when it is alone or the deck is at its end.
    public var topStack: StackCard? { isFinished ? nil : stack(at: cursor) }

    /// Places the insights' stacks on the deck (after new insights or a
    /// changed deck). O(deck).
    func placeStacks() {
        session.stacks = DeckStacks(ids: clips.map(\.id), insights: insights)
    }

    /// ←/→ (or [ ]) on a stack: the member `offset` on (round the stack)
    /// is on top of the card; nothing is decided. False when the top card
    /// is no stack.
    @discardableResult
    public func showMember(offset: Int) -> Bool {
        guard runsNow({ self.showMember(offset: offset) }) else { return false }
        guard !showsOverview, session.showMember(offset: offset) != nil, let stack = topStack else { return false }
        lastEvent = .showingMember(name: clips[cursor].name, index: stack.shown, count: stack.members.count, kind: stack.kind,
                                   decision: decision(at: cursor))
        publish(ReviewChange(cursor: .jumped))
        return true
    }

    /// K: keeps (likes) the member on top and marks every other member of
    /// its stack for deletion, as one undoable step. A Live Photo is one
    /// picture: K keeps both its files. False when the top card is no stack
    /// or nothing could be saved.
    @discardableResult
    public func keepTop() -> Bool {
        guard runsNow({ self.keepTop() }) else { return false }
        guard !showsOverview, let stack = topStack else { return false }
        let others: Decision = stack.kind == .live ? .like : .delete
        return decideStack(.like, others: others) == .step(.decided(position: stack.members[stack.shown], decision: .like))
    }

    /// A like, delete or skip on a stack's card: every member gets it (the
    /// member on top first), saved in one go and undone in one go. In
    /// Review Suggestions only the suggested members do: deleting an extra
    /// copy or a blurred shot leaves the original or the sharp shot of its
    /// stack as it was (K still decides them all).
    func decideStack(_ decision: Decision, others: Decision) -> Performed {
        guard let stack = topStack else { return .unavailable }
        let saved = session
        let shown = cursor
        let within = decision == others ? suggestedPass : nil
        let decided = within.map { within in stack.members.filter { $0 == shown || within.contains($0) }.count } ?? stack.members.count
        let outcomes = session.decideStack(decision, others: others, at: clock(), within: within)
        guard let first = outcomes.first else { return .unavailable }
        guard saveBatch(outcomes, restoring: saved) else { return .notSaved }
        let name = clips[shown].name
        let last = ReviewEvent.Last(name: name, decision: decision)
        if session.deck.isFinished {
            lastEvent = endEvent(last: last)
        } else if decision != others {
            lastEvent = .kept(name: name, marked: stack.members.count - 1, kind: stack.kind, left: undecidedCount)
        } else if decided == 1 {
            lastEvent = event(for: first)
        } else {
            lastEvent = .decidedStack(name: name, decision: decision, count: decided, kind: stack.kind, left: undecidedCount)
        }
        publish(ReviewChange(cursor: .stepped(first), decisions: true))
        return .step(first)
    }

    /// The suggested positions Review Suggestions goes through; nil in any
    /// other pass.
    private var suggestedPass: Set<Int>? {
        if case .only(let positions) = session.pass { return positions }
        return nil
    }
}

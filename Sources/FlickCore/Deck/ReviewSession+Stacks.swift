/// A stack on top of the deck: one card whose members the cursor steps
/// through, and decisions that take the whole stack in one go.
///
/// ```swift
/// session.showMember(offset: 1)                                // the next member on the card
/// session.decideStack(.like, others: .delete, at: now)         // K: keep the member shown
/// ```
extension ReviewSession {
    /// Puts another member of the top card's stack on top, `offset`
    /// members on (round the stack at either end). Not a step of the
    /// history: it changes no decision. Returns the member's position,
    /// nil when the top card is no stack.
    @discardableResult
    public mutating func showMember(offset: Int) -> Int? {
        guard !deck.isFinished, let members = stacks.members(at: deck.cursor),
              let index = members.firstIndex(of: deck.cursor) else { return nil }
        let count = members.count
        let next = members[((index + offset) % count + count) % count]
        resume(at: next)
        return next
    }

    /// When the cursor is on a stack's member other than its top one (the
    /// stacks were just placed under it), puts on top the member arriving
    /// at the card shows: the first the pass visits, the top one first.
    /// Not a step of the history. Returns whether the cursor moved.
    @discardableResult
    public mutating func showCardTop() -> Bool {
        guard !deck.isFinished, stacks.isPassedOver(deck.cursor), let members = stacks.members(at: deck.cursor) else { return false }
        let decisions = deck.decisions
        guard let shown = members.first(where: { pass.visits(decisions[$0], at: $0) }), shown != deck.cursor else { return false }
        resume(at: shown)
        return true
    }

    /// Decides the top card's whole stack: the member on top gets
    /// `decision` (a step as `perform` makes, moving on past the stack),
    /// then every other member `others` (steps that leave the cursor where
    /// it is; a member that has it already is left alone). The outcomes,
    /// in the order of the history's new steps; empty when the top card is
    /// no stack or the deck is at its end. `within`: only the other members
    /// among these positions are decided (nil: every one).
    public mutating func decideStack(_ decision: Decision, others: Decision, at time: Double = 0,
                                     within: Set<Int>? = nil) -> [ActionOutcome] {
        guard !deck.isFinished, let members = stacks.members(at: deck.cursor) else { return [] }
        let shown = deck.cursor
        guard let first = perform(Self.action(decision), at: time) else { return [] }
        var outcomes = [first]
        for position in members where position != shown && within.map({ $0.contains(position) }) ?? true {
            if let outcome = decide(others, at: position) { outcomes.append(outcome) }
        }
        return outcomes
    }

    private static func action(_ decision: Decision) -> DeckAction {
        switch decision {
        case .like: .like
        case .delete: .delete
        case .skip: .skip
        }
    }
}

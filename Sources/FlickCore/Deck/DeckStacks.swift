/// Which deck positions make one card: the stacks of the deck (bursts,
/// copies, Live Photos) as positions, so the cursor passes over a stack's
/// members as over one card. A stack's card stands where its top member
/// is (the first given: the one Flick would keep, e.g. the original of
/// copies); the other members are shown on it, one at a time, never as
/// cards.
///
/// ```swift
/// let stacks = DeckStacks(count: 6, stacks: [(.similar, [1, 2, 4])])
/// stacks.members(at: 4)          // [1, 2, 4]
/// stacks.isPassedOver(2)         // true: shown on the card at 1
/// stacks.previousCard(before: 5) // 3
/// ```
///
/// Empty (no stacks) costs nothing: every position is a card of its own,
/// exactly as in a deck without stacks.
public struct DeckStacks: Sendable, Equatable {
    /// Each position's stack (an index into `groups`), -1 when alone;
    /// empty when the deck has no stacks.
    private var stackOf: [Int32] = []
    /// Each stack's member positions (two or more): its top member first,
    /// then the others in deck order.
    public private(set) var groups: [[Int]] = []
    /// What holds each stack together, parallel to `groups`.
    public private(set) var kinds: [StackKind] = []

    public init() {}

    /// The stacks of a deck of `count` positions, each with its top
    /// member first (the others follow in deck order). Positions out of
    /// the deck, or already in an earlier stack, are left out; a stack
    /// left with fewer than two members is none.
    public init(count: Int, stacks: [(kind: StackKind, positions: [Int])]) {
        var stackOf = [Int32](repeating: -1, count: count)
        for stack in stacks {
            let inDeck = stack.positions.filter { $0 >= 0 && $0 < count && stackOf[$0] < 0 }
            guard let top = inDeck.first else { continue }
            let members = [top] + Set(inDeck).subtracting([top]).sorted()
            guard members.count > 1 else { continue }
            for position in members { stackOf[position] = Int32(groups.count) }
            groups.append(members)
            kinds.append(stack.kind)
        }
        if !groups.isEmpty { self.stackOf = stackOf }
    }

    /// The stacks of `insights` placed on a deck of clips `ids` (deck
    /// order), each group's first member still in the deck on top.
    public init(ids: [Int64], insights: DeckInsights) {
        guard !insights.groups.isEmpty else {
            self.init()
            return
        }
        var positions: [Int64: Int] = [:]
        positions.reserveCapacity(ids.count)
        for (position, id) in ids.enumerated() { positions[id] = position }
        self.init(count: ids.count, stacks: insights.groups.map { group in
            (group.kind, group.members.compactMap { positions[$0] })
        })
    }

    public var isEmpty: Bool { groups.isEmpty }

    /// The stack at `position` (an index into `groups`), nil when alone.
    public func stack(at position: Int) -> Int? {
        guard position >= 0, position < stackOf.count, stackOf[position] >= 0 else { return nil }
        return Int(stackOf[position])
    }

    /// The positions of the stack `position` is in, nil when alone.
    public func members(at position: Int) -> [Int]? {
        stack(at: position).map { groups[$0] }
    }

    public func kind(at position: Int) -> StackKind? {
        stack(at: position).map { kinds[$0] }
    }

    /// Where the card of `position` stands: its stack's top member, or
    /// the position itself.
    public func card(of position: Int) -> Int {
        members(at: position)?.first ?? position
    }

    /// A member shown on the card of an earlier position: the cursor
    /// passes over it.
    public func isPassedOver(_ position: Int) -> Bool {
        card(of: position) != position
    }

    /// The card before the one `position` is on (its top member's
    /// position), nil at the first card.
    public func previousCard(before position: Int) -> Int? {
        var previous = card(of: position) - 1
        while previous >= 0, isPassedOver(previous) { previous -= 1 }
        return previous >= 0 ? previous : nil
    }

    /// The card after the one `position` is on, `count` at the end.
    public func nextCard(after position: Int, count: Int) -> Int {
        var next = max(card(of: position) + 1, 0)
        while next < count, isPassedOver(next) { next += 1 }
        return min(next, count)
    }
}

import Testing
@testable import FlickCore

/// A stack is one card: the cursor passes over the members its card shows.
@Suite struct DeckStacksTests {
    /// Six positions: a burst at 1, 2 and 4 (3 lies between its members).
    private static let stacks = DeckStacks(count: 6, stacks: [(.similar, [1, 2, 4])])

    private static func session(_ stacks: DeckStacks = DeckStacksTests.stacks) -> ReviewSession {
        var session = ReviewSession(deck: Deck(count: 6))
        session.stacks = stacks
        return session
    }

    @Test func aStacksCardStandsAtItsFirstMember() {
        let stacks = Self.stacks
        #expect(stacks.members(at: 4) == [1, 2, 4])
        #expect(stacks.members(at: 3) == nil)
        #expect(stacks.card(of: 2) == 1 && stacks.card(of: 4) == 1 && stacks.card(of: 3) == 3)
        #expect(!stacks.isPassedOver(1) && stacks.isPassedOver(2) && stacks.isPassedOver(4) && !stacks.isPassedOver(3))
        #expect(stacks.nextCard(after: 0, count: 6) == 1)
        #expect(stacks.nextCard(after: 2, count: 6) == 3, "from any member, the next card after the stack")
        #expect(stacks.nextCard(after: 3, count: 6) == 5, "a later member is no card of its own")
        #expect(stacks.previousCard(before: 5) == 3)
        #expect(stacks.previousCard(before: 3) == 1)
        #expect(stacks.previousCard(before: 4) == 0, "from a member, the card before its stack")
        #expect(stacks.previousCard(before: 1) == 0 && stacks.previousCard(before: 0) == nil)
    }

    /// Copies whose extra copy sorts first ("IMG_2002 copy.jpg" at 0): the
    /// original (3), given first, is the card's top member and its place.
    @Test func aStacksCardStandsAtItsTopMemberWhereverItIsInTheDeck() {
        let stacks = DeckStacks(count: 6, stacks: [(.copy, [3, 0, 1])])
        #expect(stacks.members(at: 0) == [3, 0, 1], "the top member first, the others in deck order")
        #expect(stacks.card(of: 0) == 3 && stacks.card(of: 1) == 3)
        #expect(stacks.isPassedOver(0) && stacks.isPassedOver(1) && !stacks.isPassedOver(3))
        #expect(stacks.nextCard(after: 2, count: 6) == 3 && stacks.nextCard(after: 0, count: 6) == 4)
        #expect(stacks.previousCard(before: 4) == 3 && stacks.previousCard(before: 3) == 2)
        var session = Self.session(stacks)
        #expect(session.nextPosition(after: 2) == 3, "arriving at the card shows the top member")
        let moved = session.showCardTop()
        #expect(moved && session.deck.cursor == 3, "the cursor on a member passed over goes to the top one")
        let movedAgain = session.showCardTop()
        #expect(!movedAgain)
        let shown = (0..<3).compactMap { _ in session.showMember(offset: 1) }
        #expect(shown == [0, 1, 3], "round the stack from its top member")
        let outcomes = session.decideStack(.like, others: .delete)
        #expect(outcomes.count == 3)
        #expect(session.deck.decisions == [.delete, .delete, nil, .like, nil, nil] && session.deck.cursor == 4)
    }

    @Test func membersOutOfTheDeckOrInTwoStacksAreLeftOut() {
        let stacks = DeckStacks(count: 4, stacks: [(.copy, [0, 9]), (.similar, [1, 2]), (.live, [2, 3])])
        #expect(stacks.members(at: 0) == nil, "a stack left with one member is none")
        #expect(stacks.members(at: 2) == [1, 2])
        #expect(stacks.members(at: 3) == nil)
        #expect(stacks.groups.count == 1)
        #expect(DeckStacks(count: 4, stacks: []).isEmpty)
    }

    @Test func insightsArePlacedByClipID() {
        let insights = DeckInsights(groups: [.init(id: 1, kind: .live, members: [30, 10]), .init(id: 2, kind: .copy, members: [40, 99])])
        let stacks = DeckStacks(ids: [10, 20, 30, 40], insights: insights)
        #expect(stacks.members(at: 2) == [2, 0], "the group's first member is on top")
        #expect(stacks.kind(at: 0) == .live)
        #expect(stacks.members(at: 3) == nil, "a member no longer in the deck leaves a stack of one: none")
    }

    @Test func decidingAStackMovesOnPastAllOfIt() {
        var session = Self.session()
        session.perform(.like)  // 0
        #expect(session.deck.cursor == 1)
        #expect(session.upcoming(beneath: 2) == [1, 3, 5], "the stack is one card: its other members are not beneath it")
        let outcomes = session.decideStack(.like, others: .delete)
        #expect(outcomes == [.decided(position: 1, decision: .like), .decided(position: 2, decision: .delete),
                             .decided(position: 4, decision: .delete)])
        #expect(session.deck.cursor == 3)
        #expect(session.history.count == 4, "each member is a step of its own in the history")
        session.perform(.skip)  // 3
        #expect(session.deck.cursor == 5, "4 is a member of the stack already decided")
    }

    @Test func stepsThroughMembersWithoutDecidingAnything() {
        var session = Self.session()
        session.perform(.like)
        #expect(session.showMember(offset: 1) == 2)
        #expect(session.showMember(offset: 1) == 4)
        #expect(session.showMember(offset: 1) == 1, "round the stack")
        #expect(session.showMember(offset: -1) == 4)
        #expect(session.history.count == 1 && session.deck.decidedCount == 1)
        // K on the member shown: it is kept, the others marked, then on past the stack.
        #expect(session.decideStack(.like, others: .delete).count == 3)
        #expect(session.deck.decisions == [.like, .delete, .delete, nil, .like, nil])
        #expect(session.deck.cursor == 3)
        // Undo, step by step, brings the member that was on top back last.
        for _ in 0..<3 { session.perform(.undo) }
        #expect(session.deck.cursor == 4 && session.deck.decisions == [.like, nil, nil, nil, nil, nil])
    }

    @Test func previousGoesToTheCardBefore() {
        var session = Self.session()
        session.perform(.like)
        session.decideStack(.skip, others: .skip)
        session.perform(.like)  // 3
        #expect(session.deck.cursor == 5)
        session.perform(.previous)
        #expect(session.deck.cursor == 3)
        session.perform(.previous)
        #expect(session.deck.cursor == 1, "the stack's card, not its last member")
        session.perform(.undo)
        #expect(session.deck.cursor == 3)
    }

    @Test func aPartlyDecidedStackIsVisitedAtItsFirstUndecidedMember() {
        var session = Self.session()
        session.decide(.delete, at: 1)
        session.perform(.like)  // 0
        #expect(session.deck.cursor == 2, "the stack's card shows its first undecided member")
        #expect(!session.topIsDecided)
        session.decide(.delete, at: 2)
        session.decide(.like, at: 4)
        #expect(session.topIsDecided, "every member decided: the card is")
        session.moveOn()
        #expect(session.deck.cursor == 3)
    }

    @Test func withoutStacksEverythingIsAsBefore() {
        var plain = ReviewSession(deck: Deck(count: 6))
        var empty = Self.session(DeckStacks())
        for action in [DeckAction.like, .delete, .previous, .skip, .like, .undo, .like] {
            #expect(plain.perform(action) == empty.perform(action))
        }
        #expect(plain.deck == empty.deck && plain.history == empty.history)
        #expect(empty.decideStack(.like, others: .delete).isEmpty && empty.showMember(offset: 1) == nil)
    }
}

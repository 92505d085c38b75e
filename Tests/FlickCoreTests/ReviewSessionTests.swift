import PropertyBased
import Testing
@testable import FlickCore

@Suite struct ReviewSessionTests {
    @Test func decisionsAdvanceAndCount() {
        var s = ReviewSession(deck: Deck(count: 4))
        #expect(s.perform(.like) == .decided(position: 0, decision: .like))
        s.perform(.delete)
        s.perform(.skip)
        #expect(s.deck.cursor == 3)
        #expect(s.deck.decisions == [.like, .delete, .skip, nil])
        #expect(s.stats.likes == 1 && s.stats.deletes == 1 && s.stats.skips == 1 && s.stats.remaining == 1)
    }

    @Test func previousOnTheFirstCardIsUnavailable() {
        var s = ReviewSession(deck: Deck(count: 2))
        #expect(s.perform(.previous) == nil)
        #expect(!s.availability.contains(.down))
        s.perform(.like)
        #expect(s.perform(.previous) == .wentBack(to: 0))
        #expect(s.deck.decisions[0] == .like, "going back keeps the earlier decision")
    }

    @Test func redecidingAfterPreviousReplacesAndUndoRestores() {
        var s = ReviewSession(deck: Deck(count: 3))
        s.perform(.like)
        s.perform(.previous)
        s.perform(.delete)
        #expect(s.deck.decisions[0] == .delete && s.deck.count(of: .like) == 0)
        s.perform(.undo)
        #expect(s.deck.cursor == 0 && s.deck.decisions[0] == .like, "the card returns with its earlier decision")
        s.perform(.undo)
        #expect(s.deck.cursor == 1)
        s.perform(.undo)
        #expect(s.deck.cursor == 0 && s.deck.decisions[0] == nil)
        #expect(s.perform(.undo) == nil)
    }

    @Test func finishedDeckAcceptsOnlyPreviousAndUndo() {
        var s = ReviewSession(deck: Deck(count: 1))
        s.perform(.skip)
        #expect(s.deck.isFinished)
        #expect(s.perform(.like) == nil)
        #expect(s.availability.allowed == [.down])
        #expect(s.canPerform(.undo))
    }

    @Test func undoIsUnlimitedAndSurvivesARestart() {
        var s = ReviewSession(deck: Deck(count: 1_000))
        for i in 0..<1_000 { s.perform(i % 3 == 0 ? .like : .delete) }
        let restored = ReviewSession(deck: Deck(count: 1_000), replaying: s.history)
        #expect(restored.deck == s.deck)
        var r = restored
        for _ in 0..<1_000 { #expect(r.perform(.undo) != nil) }
        #expect(r.deck == Deck(count: 1_000))
    }

    @Test func paceAndTimeLeft() {
        var s = ReviewSession(deck: Deck(count: 100))
        #expect(s.stats.decisionsPerMinute == nil)
        for i in 0..<11 { s.perform(.like, at: Double(i) * 2) } // one every 2 s
        #expect(abs((s.stats.decisionsPerMinute ?? 0) - 30) < 1e-9)
        #expect(abs((s.stats.secondsLeft ?? 0) - 89 * 2) < 1e-9)
    }

    @Test func randomActionsUndoneRestoreTheStartAndKeepInvariants() async {
        await propertyCheck(count: 300, input: Gen<DeckAction>.case.array(of: 0...60), Gen.int(in: 1...12)) { actions, size in
            let start = ReviewSession(deck: Deck(count: size))
            var s = start
            for action in actions {
                s.perform(action)
                #expect(s.deck.cursor >= 0 && s.deck.cursor <= s.deck.count, "the cursor never leaves the deck")
                let stats = s.stats
                #expect(stats.likes + stats.deletes + stats.skips == s.deck.decisions.compactMap { $0 }.count)
                #expect(stats.decided <= stats.total)
            }
            while s.perform(.undo) != nil {}
            #expect(s.deck == start.deck, "undoing everything restores the initial state")
            #expect(s.history.isEmpty)
        }
    }
}

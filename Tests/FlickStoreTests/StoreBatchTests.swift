import FlickCore
import Foundation
import Testing
@testable import FlickStore

@Suite struct StoreBatchTests {
    @Test func aBatchIsSavedAndItsUndoToo() throws {
        let fixture = try Fixture()
        do {
            let store = try fixture.openStore()
            var (folder, _, session) = try fixture.open(store)
            let outcomes = [1, 3].compactMap { session.decide(.delete, at: $0) }
            try store.record(batch: outcomes, session: session, folder: folder)
            #expect(session.deck.cursor == 0, "deciding tiles leaves the top card")
        }
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        #expect(session.deck.decisions == [nil, .delete, nil, .delete])
        #expect(session.history.count == 2, "each clip of the batch replays as a step after a restart")
        var undone: [ActionOutcome] = []
        while let outcome = session.perform(.undo) { undone.append(outcome) }
        try store.record(batch: undone, session: session, folder: folder)
        let (_, _, reopened) = try fixture.open(try fixture.openStore())
        #expect(reopened.deck.decisions == [nil, nil, nil, nil])
        #expect(!reopened.canUndo)
    }

    @Test func aDecisionThatIsNotTheLastStepIsRefusedAndNothingIsSaved() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        _ = session.decide(.like, at: 2)
        #expect(throws: StoreError.self) {
            try store.record(batch: [.decided(position: 0, decision: .like), .decided(position: 2, decision: .like)],
                             session: session, folder: folder)
        }
        let (_, _, reopened) = try fixture.open(store)
        #expect(reopened.deck.decisions == [nil, nil, nil, nil])
    }
}

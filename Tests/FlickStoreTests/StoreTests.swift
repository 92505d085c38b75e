import FlickCore
import Foundation
import Testing
@testable import FlickStore

@Suite struct StoreResumeTests {
    @Test func decisionsSurviveReopeningAndResumeAtFirstUndecided() throws {
        let fixture = try Fixture()
        do {
            let store = try fixture.openStore()
            var (folder, _, session) = try fixture.open(store)
            try store.perform(.like, on: &session, folder: folder)
            try store.perform(.delete, on: &session, folder: folder)
        }
        let store = try fixture.openStore()
        let (_, sync, session) = try fixture.open(store)
        #expect(sync.clips.map(\.relativePath) == ["a.mp4", "b.mp4", "c.jpg", "d.webm"])
        #expect(session.deck.decisions == [.like, .delete, nil, nil])
        #expect(session.deck.cursor == 2)
    }

    @Test func undoAfterRestartRestoresCard() throws {
        let fixture = try Fixture()
        do {
            let store = try fixture.openStore()
            var (folder, _, session) = try fixture.open(store)
            try store.perform(.like, on: &session, folder: folder)
            try store.perform(.skip, on: &session, folder: folder)
            try store.perform(.delete, on: &session, folder: folder)
        }
        do {
            let store = try fixture.openStore()
            var (folder, _, session) = try fixture.open(store)
            #expect(session.canUndo)
            try store.perform(.undo, on: &session, folder: folder)
            #expect(session.deck.cursor == 2)
            #expect(session.deck.decisions == [.like, .skip, nil, nil])
        }
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        #expect(session.deck.decisions == [.like, .skip, nil, nil])
        try store.perform(.undo, on: &session, folder: folder)
        try store.perform(.undo, on: &session, folder: folder)
        #expect(session.deck.decisions == [nil, nil, nil, nil])
        #expect(!session.canUndo)
    }

    @Test func redecidingAfterGoingBackUndoesToTheEarlierDecision() throws {
        let fixture = try Fixture()
        do {
            let store = try fixture.openStore()
            var (folder, _, session) = try fixture.open(store)
            try store.perform(.like, on: &session, folder: folder)
            try store.perform(.previous, on: &session, folder: folder)
            try store.perform(.delete, on: &session, folder: folder)
        }
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        #expect(session.deck.decisions.first == .delete)
        try store.perform(.undo, on: &session, folder: folder)
        #expect(session.deck.decisions.first == .like)
        let (_, _, reopened) = try fixture.open(try fixture.openStore())
        #expect(reopened.deck.decisions.first == .like)
    }

    @Test func everyDecisionDecidedOpensFinished() throws {
        let fixture = try Fixture(files: ["x.mp4", "y.mp4"])
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        try store.perform(.like, on: &session, folder: folder)
        try store.perform(.like, on: &session, folder: folder)
        let (_, _, reopened) = try fixture.open(store)
        #expect(reopened.deck.isFinished)
        #expect(reopened.canUndo)
    }
}

@Suite struct StoreFolderChangeTests {
    @Test func newFilesJoinTheDeckUndecided() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        try store.perform(.like, on: &session, folder: folder)
        try fixture.write("a2.mp4")
        let (_, sync, reopened) = try fixture.open(store)
        #expect(sync.added == 1)
        #expect(sync.clips.map(\.relativePath) == ["a.mp4", "a2.mp4", "b.mp4", "c.jpg", "d.webm"])
        #expect(reopened.deck.decisions == [.like, nil, nil, nil, nil])
        #expect(reopened.deck.cursor == 1)
    }

    @Test func removedFilesLeaveTheDeckAndComeBackWithTheirDecision() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        try store.perform(.like, on: &session, folder: folder)
        try store.perform(.delete, on: &session, folder: folder)
        // The file leaves the folder (moved away, not changed)…
        let away = fixture.root.appendingPathComponent("b.mp4").path
        try FileManager.default.moveItem(atPath: fixture.path("b.mp4"), toPath: away)
        let (_, sync, without) = try fixture.open(store)
        #expect(sync.removed == 1)
        #expect(sync.clips.map(\.relativePath) == ["a.mp4", "c.jpg", "d.webm"])
        #expect(without.deck.decisions == [.like, nil, nil])
        // …and comes back: the same file, so the same clip and decision.
        try FileManager.default.moveItem(atPath: away, toPath: fixture.path("b.mp4"))
        let (_, back, restored) = try fixture.open(store)
        #expect(back.added == 0)
        #expect(restored.deck.decisions == [.like, .delete, nil, nil])
    }

    @Test func renamedFileKeepsItsDecision() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        try store.perform(.skip, on: &session, folder: folder)
        try store.perform(.delete, on: &session, folder: folder)
        #expect(rename(fixture.path("b.mp4"), fixture.path("zz renamed.mp4")) == 0)
        let (_, sync, reopened) = try fixture.open(store)
        #expect(sync.renamed == 1)
        #expect(sync.added == 0 && sync.removed == 0)
        #expect(sync.clips.map(\.relativePath) == ["a.mp4", "c.jpg", "d.webm", "zz renamed.mp4"])
        #expect(reopened.deck.decisions == [.skip, nil, nil, .delete])
        // The undo history follows the clip to its new place in the deck.
        var moved = reopened
        try store.perform(.undo, on: &moved, folder: folder)
        #expect(moved.deck.decisions == [.skip, nil, nil, nil])
        #expect(moved.deck.cursor == 3)
    }

    @Test func appliedClipsLeaveTheDeckAndKeepTheirHistory() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (folder, sync, session) = try fixture.open(store)
        try store.perform(.delete, on: &session, folder: folder)
        let before = try store.historyCount(folder)
        try store.markApplied([sync.clips[0].id], in: folder)
        try FileManager.default.removeItem(atPath: fixture.path("a.mp4"))
        let (_, after, reopened) = try fixture.open(store)
        #expect(after.clips.map(\.relativePath) == ["b.mp4", "c.jpg", "d.webm"])
        #expect(reopened.deck.decisions == [nil, nil, nil])
        #expect(!reopened.canUndo)
        #expect(try store.historyCount(folder) == before + 1)
        #expect(try store.clipsToDelete(in: folder).isEmpty)
    }
}

@Suite struct StoreSchemaTests {
    @Test func newDatabaseIsAtTheLatestVersionInWALMode() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        #expect(try store.db.rows("PRAGMA user_version").first?.first?.int64 == Int64(Schema.version))
        #expect(try store.db.rows("PRAGMA journal_mode").first?.first?.string == "wal")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func databaseFromANewerFlickIsRefusedWithItsPath() throws {
        let fixture = try Fixture()
        do {
            let store = try fixture.openStore()
            try store.db.execute("PRAGMA user_version = 99")
        }
        #expect {
            try fixture.openStore()
        } throws: { error in
            (error as? StoreError)?.kind == .newerSchema(path: fixture.databasePath, found: 99, reads: Schema.version)
        }
    }

    @Test func unwritableLocationGivesAMessageNamingIt() {
        #expect {
            try Store(path: "/proc/flick-no-such/flick.db")
        } throws: { error in
            guard case .cannotCreate(let path, _)? = (error as? StoreError)?.kind else { return false }
            return path == "/proc/flick-no-such/flick.db"
        }
    }

    @Test func defaultPathFollowsXDGDataHome() {
        #expect(Store.defaultPath(environment: ["XDG_DATA_HOME": "/tmp/x", "HOME": "/home/u"]) == "/tmp/x/flick/flick.db")
        #expect(Store.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/flick/flick.db")
        #expect(Store.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.local/share/flick/flick.db")
    }
}

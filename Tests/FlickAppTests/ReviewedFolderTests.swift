import CGio
import FlickApp
import FlickCore
import FlickStore
import Foundation
import Testing

/// The folder under review without a window: its deck, its decisions kept
/// across openings, and the files it follows while it is open.
@MainActor
@Suite struct ReviewedFolderTests {
    private func open(_ fixture: AppFixture, recursive: Bool = false) throws -> ReviewedFolder {
        try ReviewedFolder(url: fixture.folder, recursive: recursive, order: .name, kinds: [.video], store: fixture.store)
    }

    private func names(_ clips: [StoredClip]) -> [String] { clips.map { ReviewedFolder.reviewClip($0).name } }

    @Test func openingAFolderGivesItsClipsInNameOrder() throws {
        let fixture = try AppFixture([("b.mp4", Data("b".utf8)), ("notes.txt", Data("n".utf8)), ("a.mp4", Data("a".utf8))])
        let (sync, session) = try open(fixture).load()
        #expect(names(sync.clips) == ["a.mp4", "b.mp4"])
        #expect(session.deck.decisions == [nil, nil])
        #expect(session.deck.cursor == 0)
    }

    @Test func aRecordedDecisionSurvivesReopeningAndTheReviewResumesAfterIt() throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8)), ("b.mp4", Data("b".utf8)), ("c.mp4", Data("c".utf8))])
        let recorder = DecisionRecorder()
        let folder = try open(fixture)
        recorder.folder = folder
        var session = try folder.load().session
        for action in [DeckAction.like, .delete] {
            let performed = session.perform(action)
            let outcome = try #require(performed)
            try recorder.record(outcome, session: session)
        }
        folder.close()

        let (sync, reopened) = try open(fixture).load()
        #expect(names(sync.clips) == ["a.mp4", "b.mp4", "c.mp4"])
        #expect(reopened.deck.decisions == [.like, .delete, nil])
        #expect(reopened.deck.cursor == 2)
    }

    @Test func workWithAConnectionOfItsOwnWaitsUntilTheDeferredRowsAreWritten() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8)), ("b.mp4", Data("b".utf8))])
        let folder = try open(fixture)
        _ = try folder.load(deferringWrites: true)
        #expect(fixture.store.hasDeferredSync)
        folder.writeDeferredRows { Issue.record("the store did not change under the rows") }
        await folder.rowsWritten()
        #expect(!fixture.store.hasDeferredSync, "every row is in the store once rowsWritten returns")
        folder.close()
    }

    @Test func aProblemNotedWhileRowsAreWrittenInSlicesWaitsForThemInsteadOfWritingThemAllAtOnce() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8)), ("b.mp4", Data("b".utf8))])
        let folder = try open(fixture)
        let recorder = DecisionRecorder()
        recorder.folder = folder
        let (sync, _) = try folder.load(deferringWrites: true)
        let id = try #require(sync.clips.first?.id)
        try recorder.rememberProblem(clipID: id, reason: "not a clip")
        #expect(fixture.store.hasDeferredSync, "the rows left are still written in slices")
        folder.writeDeferredRows { Issue.record("the store did not change under the rows") }
        await folder.rowsWritten()
        for _ in 0..<100 where try fixture.store.clip(id: id)?.problem == nil { await Task.yield() }
        #expect(try fixture.store.clip(id: id)?.problem == "not a clip", "the problem is kept once the rows are in")
        folder.close()
    }

    @Test func aDecisionWithNoFolderOpenIsRefusedInTheCallersWords() throws {
        struct Worded: Error { let cause: String }
        let recorder = DecisionRecorder(wording: { Worded(cause: String(describing: $0)) })
        var session = ReviewSession(deck: Deck(ids: [1]))
        let performed = session.perform(.like)
        let outcome = try #require(performed)
        #expect(throws: Worded.self) { try recorder.record(outcome, session: session) }
    }

    @Test func aRenamedAndAnAddedFileAreFollowedByName() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8)), ("b.mp4", Data("b".utf8))])
        let folder = try open(fixture)
        defer { folder.close() }
        _ = try folder.load()
        var changes: [[String]?] = []
        folder.onChange = { changes.append($0) }
        folder.watch()

        try FileManager.default.moveItem(atPath: fixture.path("a.mp4"), toPath: fixture.path("z.mp4"))
        try Data("c".utf8).write(to: fixture.folder.appendingPathComponent("c.mp4"))
        try await waitForChange { !changes.isEmpty }

        let first = try #require(changes.first)
        let named = try #require(first)
        #expect(Set(named).isSuperset(of: ["a.mp4", "z.mp4", "c.mp4"]))
        let change = try folder.sync(names: named)
        #expect(change.renamed == 1)
        #expect(change.added == 1)
        #expect(Set(names(change.placed)) == ["z.mp4", "c.mp4"])
        #expect(names(try folder.load().sync.clips) == ["b.mp4", "c.mp4", "z.mp4"])
    }

    @Test func aFolderListedWithItsSubfoldersAsksForARescan() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8))])
        let folder = try open(fixture, recursive: true)
        defer { folder.close() }
        #expect(!folder.followsNames)
        var changes: [[String]?] = []
        folder.onChange = { changes.append($0) }
        folder.watch()

        try Data("c".utf8).write(to: fixture.folder.appendingPathComponent("c.mp4"))
        try await waitForChange { !changes.isEmpty }
        #expect(changes.count == 1)
        #expect(changes.first == .some(nil))
    }

    /// Seconds a test waits for the folder's monitor before it fails. The
    /// events come in well under one and the settle delay is 0.6 s, both on
    /// the GLib context the test iterates (not on Swift's shared pool, which
    /// the analysis tests running alongside can hold for minutes on a busy
    /// machine): only a monitor that never reports waits this long.
    private static let monitorPatienceSeconds = 180.0

    /// Runs the default GLib main context (which delivers the monitor's
    /// events, as the window's main loop does) until `done` holds.
    private func waitForChange(_ done: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(Self.monitorPatienceSeconds)
        while !done() {
            while g_main_context_iteration(nil, 0) != 0 {}
            guard Date() < deadline else {
                Issue.record("the folder's monitor reported nothing")
                return
            }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
    }
}

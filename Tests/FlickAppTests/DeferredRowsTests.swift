import FlickApp
import FlickCore
import FlickStore
import Foundation
import Testing

/// A decision made as a big folder opens, before its new rows are written,
/// while another Flick writes to the same store: saved, and what the other
/// Flick wrote stays.
@MainActor
@Suite struct DeferredRowsTests {
    /// The folder's lifecycle on `fixture`'s store, without a window.
    private static func open(_ fixture: AppFixture) async -> (ReviewModel, FolderLifecycle) {
        let sink = DecisionRecorder()
        let model = ReviewModel(sink: sink)
        let folders = FolderLifecycle(model: model, sink: sink, offMain: { work in await Task.detached { work() }.value },
                                      wait: { _ in }, openStore: { fixture.store })
        await folders.open(fixture.folder, recursive: false, order: .name, kinds: [.video], fallback: false).loaded.value
        return (model, folders)
    }

    private static let files = ["a.mp4", "b.mp4", "c.mp4"].map { ($0, Optional(Data($0.utf8))) }

    @Test func aDecisionIsSavedWhileAnotherFlickOpensAnotherFolder() async throws {
        let fixture = try AppFixture(Self.files)
        let (model, folders) = await Self.open(fixture)
        #expect(fixture.store.hasDeferredSync, "the new rows are left for later")
        // Another Flick opens another folder before they are written: its
        // new row takes the next free id.
        let third = fixture.root.appendingPathComponent("third")
        try FileManager.default.createDirectory(at: third, withIntermediateDirectories: true)
        try Data("d".utf8).write(to: third.appendingPathComponent("d.mp4"))
        let elsewhere = try Store(path: fixture.store.path)
        let thirdRecord = try elsewhere.folder(at: third)
        let thirdClips = try elsewhere.sync(thirdRecord, with: FolderScan.scan(third)).clips
        var thirdSession = try elsewhere.session(for: thirdRecord, deck: thirdClips)
        let performed = thirdSession.perform(.delete)
        let outcome = try #require(performed)
        try elsewhere.record(outcome, session: thirdSession, folder: thirdRecord)

        #expect(model.perform(.like) == .step(.decided(position: 0, decision: .like)), "saved: \(String(describing: model.lastEvent))")
        #expect(model.perform(.delete) == .step(.decided(position: 1, decision: .delete)))
        let reader = try Store(path: fixture.store.path)
        let mine = try reader.sync(try reader.folder(at: fixture.folder), with: FolderScan.scan(fixture.folder))
        #expect(mine.added == 0 && mine.clips.map(\.decision) == [.like, .delete, nil])
        #expect(try reader.sync(thirdRecord, with: FolderScan.scan(third)).clips.map(\.decision) == [.delete])
        folders.closeFolder()
    }

    @Test func aFileAnotherFlickRecordedFirstKeepsItsDecisionAndTheOthersAreSaved() async throws {
        let fixture = try AppFixture(Self.files)
        let (model, folders) = await Self.open(fixture)
        // Another Flick's window sees b.mp4 first (it follows the folder
        // by name) and likes it.
        let elsewhere = try Store(path: fixture.store.path)
        let record = try elsewhere.folder(at: fixture.folder)
        let found = try #require(FolderScan.entry(named: "b.mp4", in: fixture.folder, kinds: [.video]))
        let placed = try elsewhere.sync(record, names: ["b.mp4"], found: [found]).placed
        var session = try elsewhere.session(for: record, deck: placed)
        let performed = session.perform(.like)
        let outcome = try #require(performed)
        try elsewhere.record(outcome, session: session, folder: record)

        #expect(model.perform(.delete) == .step(.decided(position: 0, decision: .delete)), "a.mp4 is saved")
        #expect(model.perform(.skip) == .notSaved, "b.mp4 is the other Flick's row: its like stands")
        await folders.reload()?.value
        #expect(model.clips.map(\.name) == ["a.mp4", "b.mp4", "c.mp4"])
        #expect((0..<3).map(model.decision(at:)) == [.delete, .like, nil], "both Flicks' decisions")
        let rows = try fixture.store.sync(record, with: FolderScan.scan(fixture.folder))
        #expect(rows.added == 0 && Set(rows.clips.map(\.id)).count == 3)
        folders.closeFolder()
    }
}

import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// Following a few changed names (the window's folder watch) gives what a
/// full rescan would: after it, a full sync finds nothing left to do.
@Suite struct EntrySyncTests {
    /// Syncs `names` alone, then checks a full sync agrees and changes nothing.
    private func follow(_ names: [String], _ fixture: Fixture, _ store: Store, _ record: FolderRecord) throws -> EntrySyncResult {
        let found = names.compactMap { FolderScan.entry(named: $0, in: fixture.folder) }
        let result = try store.sync(record, names: names, found: found)
        let full = try store.sync(record, with: FolderScan.scan(fixture.folder))
        #expect(full.added == 0 && full.removed == 0 && full.renamed == 0 && full.replaced.isEmpty)
        return result
    }

    @Test func addedFileJoinsUndecided() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.like, ["a.mp4"], store: store)
        try fixture.write("b2.mp4")
        let result = try follow(["b2.mp4", "b2.mp4"], fixture, store, record)  // created, then written
        #expect(result.removed.isEmpty && result.added == 1)
        #expect(result.placed.map(\.relativePath) == ["b2.mp4"] && result.placed[0].decision == nil)
    }

    @Test func removedFileLeavesAndComesBackWithItsDecision() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["b.mp4"], store: store)
        let id = try #require(try fixture.open(store).1.clips.first { $0.relativePath == "b.mp4" }?.id)
        try FileManager.default.moveItem(atPath: fixture.path("b.mp4"), toPath: fixture.root.appendingPathComponent("away.mp4").path)
        #expect(try follow(["b.mp4"], fixture, store, record).removed == [id])
        try FileManager.default.moveItem(atPath: fixture.root.appendingPathComponent("away.mp4").path, toPath: fixture.path("b.mp4"))
        let back = try follow(["b.mp4"], fixture, store, record)
        #expect(back.placed.map(\.id) == [id] && back.placed[0].decision == .delete && back.added == 0)
    }

    @Test func renamedFileKeepsItsIdAndDecision() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.skip, ["a.mp4"], store: store)
        let id = try #require(try fixture.open(store).1.clips.first?.id)
        try FileManager.default.moveItem(atPath: fixture.path("a.mp4"), toPath: fixture.path("z.mp4"))
        let result = try follow(["a.mp4", "z.mp4"], fixture, store, record)
        #expect(result.removed == [id] && result.renamed == 1 && result.added == 0)
        #expect(result.placed.map(\.id) == [id] && result.placed[0].relativePath == "z.mp4" && result.placed[0].decision == .skip)
    }

    @Test func anotherFileUnderADecidedNameIsANewUndecidedClip() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4"], store: store)
        let id = try #require(try fixture.open(store).1.clips.first?.id)
        try FileManager.default.removeItem(atPath: fixture.path("a.mp4"))
        try fixture.write("a.mp4", bytes: 999)
        let result = try follow(["a.mp4"], fixture, store, record)
        #expect(result.removed == [id] && result.replaced.map(\.id) == [id])
        #expect(result.placed.count == 1 && result.placed[0].id != id && result.placed[0].decision == nil)
        #expect(try store.clip(id: id)?.decision == .delete)
    }

    @Test func unchangedNameChangesNothing() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.like, ["a.mp4"], store: store)
        #expect(try follow(["a.mp4", "gone.mp4", ".hidden.mp4", "notes.txt"], fixture, store, record).isEmpty)
    }

    @Test func hardLinkOfAPresentClipIsANewClipNotARename() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.like, ["a.mp4"], store: store)
        try FileManager.default.linkItem(atPath: fixture.path("a.mp4"), toPath: fixture.path("a-link.mp4"))
        let result = try follow(["a-link.mp4"], fixture, store, record)
        #expect(result.removed.isEmpty && result.added == 1 && result.renamed == 0 && result.placed[0].decision == nil)
    }

    @Test func nfcAndNfdTwinsAreTwoClips() throws {
        let fixture = try Fixture(files: ["caf\u{E9}.mp4"])
        let store = try fixture.openStore()
        let record = try fixture.decide(.like, ["caf\u{E9}.mp4"], store: store)
        try fixture.write("cafe\u{301}.mp4")
        let result = try follow(["cafe\u{301}.mp4"], fixture, store, record)
        #expect(result.removed.isEmpty && result.added == 1)
        #expect(try fixture.open(store).1.clips.map(\.decision).sorted { ($0 == nil ? 1 : 0) < ($1 == nil ? 1 : 0) } == [.like, nil])
    }
}

import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// A sync whose rows are written after the first card shows gives the same
/// deck, ids and decisions as one written at once, and no decision is ever
/// saved before the rows it belongs to.
@Suite struct DeferredSyncTests {
    private func files(_ count: Int) -> [String] { (0..<count).map { String(format: "clip_%03d.mp4", $0) } }

    @Test func slicesWriteWhatASyncAtOnceWould() throws {
        let fixture = try Fixture(files: files(25))
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        let deferred = try store.sync(record, with: FolderScan.scan(fixture.folder), deferringWrites: true)
        #expect(store.hasDeferredSync && deferred.added == 25)
        var slices = 0
        while try store.writeDeferredSync(rows: 10) { slices += 1 }
        #expect(slices == 2 && !store.hasDeferredSync)
        let again = try store.sync(record, with: FolderScan.scan(fixture.folder))
        #expect(again.added == 0 && again.removed == 0 && again.clips == deferred.clips)
    }

    @Test func aDecisionWaitsForTheRowsItBelongsTo() throws {
        let fixture = try Fixture(files: files(30))
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        let sync = try store.sync(record, with: FolderScan.scan(fixture.folder), deferringWrites: true)
        var session = try store.session(for: record, deck: sync.clips)
        session.resume(at: 29)
        try store.perform(.delete, on: &session, folder: record)  // the last row: written first, by the gate
        #expect(!store.hasDeferredSync)
        let reopened = try Store(path: fixture.databasePath)
        let (_, stored, _) = try fixture.open(reopened)
        #expect(stored.clips.count == 30 && stored.clips[29].decision == .delete && stored.clips[29].id == sync.clips[29].id)
    }

    @Test func anotherWriterMeanwhileDropsTheRestAndAsksForAFullSync() throws {
        let fixture = try Fixture(files: files(12))
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        _ = try store.sync(record, with: FolderScan.scan(fixture.folder), deferringWrites: true)
        #expect(try store.writeDeferredSync(rows: 5))
        // Another Flick (`flick status`) syncs the same folder in between.
        let other = try Store(path: fixture.databasePath)
        _ = try fixture.open(other)
        #expect(throws: StoreError.self) { try store.writeDeferredSync(rows: 5) }
        #expect(store.needsFullSync && !store.hasDeferredSync)
        let full = try store.sync(record, with: FolderScan.scan(fixture.folder))
        #expect(!store.needsFullSync && full.clips.count == 12 && Set(full.clips.map(\.id)).count == 12)
    }
}

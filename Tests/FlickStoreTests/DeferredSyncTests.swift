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

    @Test func anotherWriterMeanwhileLeavesItsRowsAndTheSlicesWriteTheRest() throws {
        let fixture = try Fixture(files: files(12))
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        let deferred = try store.sync(record, with: FolderScan.scan(fixture.folder), deferringWrites: true)
        #expect(try store.writeDeferredSync(rows: 5))
        // Another Flick (`flick status`) syncs the same folder in between:
        // it gives the six files not written yet rows of its own.
        let other = try Store(path: fixture.databasePath)
        _ = try fixture.open(other)
        #expect(!(try store.writeDeferredSync(rows: 100)), "the slices go on, leaving out the files the other Flick wrote")
        #expect(store.needsFullSync && !store.hasDeferredSync)
        #expect(try SharedStoreTests.readInAnotherProcess(fixture.databasePath).count == 12, "one row per file, none twice")
        let full = try store.sync(record, with: FolderScan.scan(fixture.folder))
        #expect(!store.needsFullSync && full.clips.count == 12 && Set(full.clips.map(\.id)).count == 12)
        #expect(full.clips.prefix(5).map(\.id) == deferred.clips.prefix(5).map(\.id) && full.clips[11].id == deferred.clips[11].id)
    }

    @Test func aDecisionBeforeTheRowsAreWrittenIsSavedWhileAnotherFlickAddsAFolder() throws {
        let fixture = try Fixture(files: files(12))
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        let sync = try store.sync(record, with: FolderScan.scan(fixture.folder), deferringWrites: true)
        var session = try store.session(for: record, deck: sync.clips)
        // Another Flick process opens another folder and marks its one
        // file, giving it the next free id, as Flick does.
        try Self.runInAnotherProcess(fixture.databasePath, [
            ["INSERT INTO folder(path, created) VALUES ('/elsewhere', 0)"],
            ["INSERT INTO clip(folder_id, path, kind, device, inode, size, mtime, decision) "
                + "SELECT id, 'x.mp4', 'video', 1, 2, 3, 4, 'delete' FROM folder WHERE path = '/elsewhere'"],
        ])
        session.resume(at: 0)
        try store.perform(.like, on: &session, folder: record)
        #expect(!store.hasDeferredSync && !store.needsFullSync)
        let both = try SharedStoreTests.readInAnotherProcess(fixture.databasePath)
        #expect(both.count == 13 && both.first == "clip_000.mp4=like" && both.last == "x.mp4=delete", "\(both)")
        let (_, reopened, _) = try fixture.open(try Store(path: fixture.databasePath))
        #expect(reopened.clips.map(\.id) == sync.clips.map(\.id) && reopened.clips[0].decision == .like)
    }

    @Test func aRowAnotherFlickWroteForTheSameFileKeepsItsDecision() throws {
        let fixture = try Fixture(files: files(12))
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        let sync = try store.sync(record, with: FolderScan.scan(fixture.folder), deferringWrites: true)
        var session = try store.session(for: record, deck: sync.clips)
        // Another Flick process saw clip_003.mp4 first (its window follows
        // the folder by name) and liked it.
        let identity = try #require(sync.clips[3].identity)
        try Self.runInAnotherProcess(fixture.databasePath, [
            ["INSERT INTO clip(folder_id, path, kind, device, inode, size, mtime, decision) VALUES (?, 'clip_003.mp4', 'video', ?, ?, ?, ?, 'like')",
             "\(record.id)", "\(Int64(bitPattern: identity.device))", "\(Int64(bitPattern: identity.inode))", "\(identity.size)", "\(identity.mtime)"],
        ])
        session.resume(at: 3)
        #expect {
            try store.perform(.delete, on: &session, folder: record)
        } throws: { error in
            guard let error = error as? StoreError, case .changedByOther = error.kind else { return false }
            return true
        }
        session = try store.session(for: record, deck: sync.clips)
        session.resume(at: 5)
        try store.perform(.delete, on: &session, folder: record)
        #expect(store.needsFullSync, "the deck is read again: clip_003.mp4 is the other Flick's row")
        let rows = try SharedStoreTests.readInAnotherProcess(fixture.databasePath)
        #expect(rows.count == 12 && rows[3] == "clip_003.mp4=like" && rows[5] == "clip_005.mp4=delete", "\(rows)")
        let full = try store.sync(record, with: FolderScan.scan(fixture.folder))
        #expect(full.added == 0 && full.clips[3].decision == .like && full.clips[5].decision == .delete)
    }

    /// Runs each statement (SQL, then its parameters as text) in one
    /// transaction of Python's sqlite3, in another process.
    static func runInAnotherProcess(_ database: String, _ statements: [[String]]) throws {
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for sql, *values in json.loads(sys.argv[2]):
                db.execute(sql, [float(v) if "." in v else int(v) if v.lstrip("-").isdigit() else v for v in values])
            db.commit()
            db.close()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, database, String(decoding: try JSONEncoder().encode(statements), as: UTF8.self)]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

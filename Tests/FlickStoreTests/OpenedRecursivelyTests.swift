import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// How the window opened a folder (with its subfolders or not), kept in
/// the store so the headless commands list the same deck.
@Suite struct OpenedRecursivelyTests {
    @Test func aFolderNeverOpenedHasNoRememberedWayAndAskingCreatesNoRecord() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        #expect(try store.openedRecursively(at: fixture.folder) == nil)
        #expect(try store.db.rows("SELECT count(*) FROM folder").first?.first?.int64 == 0)
        _ = try store.folder(at: fixture.folder)
        #expect(try store.openedRecursively(at: fixture.folder) == nil)
    }

    @Test func theLastWayTheFolderWasOpenedIsRemembered() throws {
        let fixture = try Fixture()
        do {
            let store = try fixture.openStore()
            try store.rememberOpened(try store.folder(at: fixture.folder), recursive: true)
        }
        let store = try fixture.openStore()
        // The same folder however it is reached (a trailing slash, `..`).
        let other = URL(fileURLWithPath: fixture.folder.path + "/../" + fixture.folder.lastPathComponent + "/")
        #expect(try store.openedRecursively(at: other) == true)
        try store.rememberOpened(try store.folder(at: fixture.folder), recursive: false)
        #expect(try store.openedRecursively(at: fixture.folder) == false)
    }

    @Test func aVersion4StoreGainsTheColumnKeepingItsFolders() throws {
        let fixture = try Fixture()
        do {
            let db = try Database(path: fixture.databasePath, create: true)
            for migration in Schema.migrations.prefix(4) { try db.execute(migration) }
            try db.execute("PRAGMA user_version = 4")
            try db.run("INSERT INTO folder(path, created) VALUES (?, 0)", Store.canonicalPath(fixture.folder.path))
        }
        let store = try fixture.openStore()
        #expect(try store.db.rows("PRAGMA user_version").first?.first?.int64 == Int64(Schema.version))
        #expect(try store.openedRecursively(at: fixture.folder) == nil)
        let record = try store.folder(at: fixture.folder)
        #expect(record.id == 1)
        try store.rememberOpened(record, recursive: true)
        #expect(try store.openedRecursively(at: fixture.folder) == true)
        #expect(try store.integrityCheck() == "ok")
    }
}

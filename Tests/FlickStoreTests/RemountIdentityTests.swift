import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// A decision follows the bytes the user saw when the device and inode
/// numbers change under them (a card on another device, FAT numbering its
/// files in lookup order), and never passes to another file. Device and
/// inode changes are made in the store's rows here, as a remount would
/// show them; real mounts are in Tests/gui/test_mounts.py.
@Suite struct RemountIdentityTests {
    /// Rewrites the stored hints as a remount would make them differ.
    static func remount(_ store: Store, _ sql: String) throws {
        try store.db.execute(sql)
    }

    /// Two files of one size, with one mtime, and different bytes.
    static func twins() throws -> Fixture {
        let fixture = try Fixture(files: [])
        try Data(repeating: 1, count: 200_000).write(to: URL(fileURLWithPath: fixture.path("a.mp4")))
        try Data(repeating: 2, count: 200_000).write(to: URL(fileURLWithPath: fixture.path("b.mp4")))
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        for name in ["a.mp4", "b.mp4"] {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: fixture.path(name))
        }
        return fixture
    }

    @Test func aDecisionFollowsItsFileOnAnotherDevice() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["b.mp4"], store: store)
        try Self.remount(store, "UPDATE clip SET device = device + 7")
        let (_, sync, _) = try fixture.open(store)
        #expect(sync.clips.map(\.decision) == [nil, .delete, nil, nil])
        #expect(sync.added == 0)
        let items = try FileOperations.check(store.clipsToDelete(in: record), folder: record.path).items
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.map(\.relativePath) == ["b.mp4"])
        #expect(fixture.names(fixture.trashFiles) == ["b.mp4"])
    }

    @Test func inodeNumbersSwappedBetweenTwoLookalikeFilesLeaveEachDecisionWithItsFile() throws {
        let fixture = try Self.twins()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4"], store: store)
        // FAT after a remount: the two files took each other's numbers.
        let inodes = try store.db.rows("SELECT inode FROM clip ORDER BY path").compactMap { $0.first?.int64 }
        try Self.remount(store, "UPDATE clip SET inode = CASE path WHEN 'a.mp4' THEN \(inodes[1]) ELSE \(inodes[0]) END")
        let (_, sync, _) = try fixture.open(store)
        #expect(sync.clips.map(\.relativePath) == ["a.mp4", "b.mp4"])
        #expect(sync.clips.map(\.decision) == [.delete, nil])
        let listed = try FileOperations.check(store.clipsToDelete(in: record), folder: record.path)
        #expect(listed.items.map(\.relativePath) == ["a.mp4"])
        let report = Apply.run(listed.items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.map(\.relativePath) == ["a.mp4"])
        #expect(try Data(contentsOf: fixture.trashFiles.appendingPathComponent("a.mp4")).first == 1)
        #expect(FileManager.default.fileExists(atPath: fixture.path("b.mp4")))
    }

    @Test func anotherFileTakingADecidedFilesNumbersUnderANewNameIsNotARename() throws {
        let fixture = try Self.twins()
        let store = try fixture.openStore()
        _ = try fixture.decide(.delete, ["a.mp4"], store: store)
        // a.mp4 is gone; b.mp4 shows up under a.mp4's old numbers.
        try FileManager.default.removeItem(atPath: fixture.path("a.mp4"))
        let inodeA = try store.db.rows("SELECT inode FROM clip WHERE path = 'a.mp4'").first?.first?.int64 ?? 0
        try Self.remount(store, "UPDATE clip SET inode = \(inodeA) + 1 WHERE path = 'b.mp4'")
        var info = stat()
        _ = stat(fixture.path("b.mp4"), &info)
        try Self.remount(store, "UPDATE clip SET inode = \(info.st_ino) WHERE path = 'a.mp4'")
        let (_, sync, _) = try fixture.open(store)
        #expect(sync.clips.map(\.relativePath) == ["b.mp4"])
        #expect(sync.clips.map(\.decision) == [nil])
    }

    @Test func applyRefusesAFileRewrittenInPlaceWithItsSizeAndTimeRestored() throws {
        let fixture = try Self.twins()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4"], store: store)
        let items = try FileOperations.check(store.clipsToDelete(in: record), folder: record.path).items
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: fixture.path("a.mp4")))
        try handle.write(contentsOf: Data(repeating: 9, count: 16))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: fixture.path("a.mp4"))
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.isEmpty)
        #expect(report.failures == [FileFailure(path: "a.mp4", reason: .changed)])
        #expect(FileManager.default.fileExists(atPath: fixture.path("a.mp4")))
    }

    @Test func aDecisionOnAClipAnotherFlickAppliedIsRefusedAndNamesIt() throws {
        let fixture = try Fixture()
        let window = try fixture.openStore()
        var (folder, _, session) = try fixture.open(window)
        // Another Flick decides and applies c.jpg.
        do {
            let other = try fixture.openStore()
            let record = try fixture.decide(.delete, ["c.jpg"], store: other)
            let items = try FileOperations.check(other.clipsToDelete(in: record), folder: record.path).items
            #expect(Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment).moved.count == 1)
        }
        session.resume(at: 2)
        let error = #expect(throws: StoreError.self) { try window.perform(.like, on: &session, folder: folder) }
        #expect(error?.movedClipID != nil)
        #expect(error?.kind == .notInFolder(path: "c.jpg", applied: true))
        #expect(try SharedStoreTests.readInAnotherProcess(fixture.databasePath) == ["a.mp4=-", "b.mp4=-", "d.webm=-"])
    }

    @Test func aMoveTheStoreCannotRecordIsReportedAsMoved() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4"], store: store)
        let items = try FileOperations.check(store.clipsToDelete(in: record), folder: record.path).items
        // The store stops taking writes between the check and the record.
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment,
                               afterCheck: { _ in try? store.db.execute("PRAGMA query_only = ON") })
        #expect(report.moved.map(\.relativePath) == ["a.mp4"])
        #expect(report.failures.isEmpty)
        #expect(report.unrecorded.map(\.path) == ["a.mp4"])
        #expect(fixture.names(fixture.trashFiles) == ["a.mp4"])
        try store.db.execute("PRAGMA query_only = OFF")
        let (_, sync, _) = try fixture.open(store)
        #expect(sync.clips.map(\.relativePath) == ["b.mp4", "c.jpg", "d.webm"])
    }
}

import FlickCore
import Foundation
import Testing
@testable import FlickStore

// A hostile user's folder: files swapped, renamed, re-decided, linked away
// at the worst moment; names no String compares safely. Real files, real
// SQLite, a real Trash under a private XDG_DATA_HOME; no sleeps.

/// Writes `content` under the raw name `name` (bytes, not UTF-8 perhaps) in `directory`.
func writeRaw(_ name: [UInt8], in directory: String, _ content: [UInt8] = Array("clip".utf8)) throws {
    let path = RawPath.bytes(directory) + [UInt8(ascii: "/")] + name
    let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    _ = content.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

/// The content of the file at the raw path `path`.
func readRaw(_ path: [UInt8]) -> [UInt8] {
    let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return Array(buffer.prefix(max(count, 0)))
}

/// The raw names in `directory`, sorted.
func rawNames(_ directory: String) -> [[UInt8]] {
    guard let dir = opendir(RawPath.c(directory)) else { return [] }
    defer { closedir(dir) }
    var names: [[UInt8]] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
        if name != Array(".".utf8) && name != Array("..".utf8) { names.append(name) }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
}

@Suite struct DecisionIdentityTests {
    @Test func aFileReplacedAfterTheDecisionIsNeverTrashed() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4"], store: store)
        // The window checks when it asks for confirmation…
        let (items, refused) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        #expect(items.map(\.relativePath) == ["a.mp4"] && refused.isEmpty)
        // …and while the dialog is open, a.mp4 becomes another file.
        try FileManager.default.moveItem(atPath: fixture.path("a.mp4"), toPath: fixture.root.appendingPathComponent("kept.mp4").path)
        try Data("another file".utf8).write(to: URL(fileURLWithPath: fixture.path("a.mp4")))
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.isEmpty)
        #expect(report.failures == [FileFailure(path: "a.mp4", reason: .changed)])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("a.mp4"))) == Data("another file".utf8))
        #expect(fixture.names(fixture.trashFiles).isEmpty)
    }

    @Test func anotherFileUnderTheNameIsNewAndTheDecisionFollowsTheFileItBelongsTo() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        _ = try fixture.decide(.delete, ["a.mp4"], store: store)
        try FileManager.default.moveItem(atPath: fixture.path("a.mp4"), toPath: fixture.root.appendingPathComponent("away.mp4").path)
        try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: fixture.path("a.mp4")))  // same size and bytes, another file
        var (_, sync, _) = try fixture.open(store)
        #expect(sync.clips.map(\.decision) == [nil, nil, nil, nil])
        #expect(sync.replaced.map(\.relativePath) == ["a.mp4"] && sync.replaced.map(\.decision) == [.delete])
        // The decided file comes back under another name: its decision with it.
        try FileManager.default.moveItem(atPath: fixture.root.appendingPathComponent("away.mp4").path, toPath: fixture.path("z.mp4"))
        (_, sync, _) = try fixture.open(store)
        #expect(sync.clips.map(\.relativePath) == ["a.mp4", "b.mp4", "c.jpg", "d.webm", "z.mp4"])
        #expect(sync.clips.map(\.decision) == [nil, nil, nil, nil, .delete])
        #expect(sync.renamed == 1)
        // Reopening twice more changes nothing (no duplicate rows, no UNIQUE failure).
        (_, sync, _) = try fixture.open(store)
        #expect(sync.clips.map(\.decision) == [nil, nil, nil, nil, .delete] && sync.added == 0)
    }

    @Test func aRenamedFileKeepsItsDecisionAndIsTheOneTrashed() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        _ = try fixture.decide(.delete, ["b.mp4"], store: store)
        try FileManager.default.moveItem(atPath: fixture.path("b.mp4"), toPath: fixture.path("renamed.mp4"))
        let (record, sync, _) = try fixture.open(store)
        #expect(sync.clips.first { $0.relativePath == "renamed.mp4" }?.decision == .delete)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.map(\.relativePath) == ["renamed.mp4"] && report.failures.isEmpty)
        #expect(fixture.names(fixture.trashFiles) == ["renamed.mp4"])
        let info = try String(contentsOf: fixture.trashInfo.appendingPathComponent("renamed.mp4.trashinfo"), encoding: .utf8)
        #expect(info.hasPrefix("[Trash Info]\nPath=\(Store.canonicalPath(fixture.folder.path))/renamed.mp4\nDeletionDate="))
    }

    @Test func aProblemBelongsToTheFileAndClearsWhenTheFileChanges() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (_, sync, _) = try fixture.open(store)
        let id = sync.clips[0].id
        try store.recordProblem(clipID: id, reason: "cut short")
        (_, sync, _) = try fixture.open(store)
        #expect(sync.clips[0].problem == "cut short" && sync.clips[0].id == id)
        // The copy that was still arriving completes: the file grows.
        let handle = try FileHandle(forWritingTo: fixture.folder.appendingPathComponent("a.mp4"))
        handle.seekToEndOfFile()
        handle.write(Data([1, 2, 3]))
        try handle.close()
        (_, sync, _) = try fixture.open(store)
        #expect(sync.clips[0].problem == nil && sync.clips[0].id != id)
        try store.recordProblem(clipID: sync.clips[1].id, reason: "not a video")
        try store.clearProblem(clipID: sync.clips[1].id)
        #expect(try store.clip(id: sync.clips[1].id)?.problem == nil)
    }
}

@Suite struct StoreTrustTests {
    @Test func anEmptyDatabaseIsRefusedNeverReplaced() throws {
        let fixture = try Fixture()
        #expect(FileManager.default.createFile(atPath: fixture.databasePath, contents: Data()))
        #expect {
            try Store(path: fixture.databasePath)
        } throws: { error in
            (error as? StoreError)?.kind == .untrusted(path: fixture.databasePath, why: .empty)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: fixture.databasePath)[.size] as? Int == 0)
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let fixture = try Fixture()
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: fixture.databasePath))
        #expect(throws: StoreError.self) { try Store(path: fixture.databasePath) }
    }

    @Test func aNewStoreAppearsWholeUnderItsName() throws {
        let fixture = try Fixture()
        _ = try fixture.openStore()
        #expect(!fixture.names(fixture.root).contains { $0.contains(".new-") })
        #expect(try fixture.openStore().integrityCheck() == "ok")
    }

    @Test func aVersion1StoreIsUpgradedKeepingItsDecisions() throws {
        let fixture = try Fixture()
        let scanned = try FolderScan.scan(fixture.folder)
        do {
            let db = try Database(path: fixture.databasePath, create: true)
            try db.execute(Schema.migrations[0])
            try db.execute("PRAGMA user_version = 1")
            let folder = try db.run("INSERT INTO folder(path, created) VALUES (?, 0)", Store.canonicalPath(fixture.folder.path))
            for clip in scanned {
                try db.run("INSERT INTO clip(folder_id, path, kind, device, inode, size, mtime, decision) VALUES (?, ?, ?, ?, ?, ?, ?, 'delete')",
                           folder, clip.relativePath, clip.kind.rawValue, clip.identity.device, clip.identity.inode,
                           clip.identity.size, clip.modified.timeIntervalSince1970)
            }
        }
        let store = try fixture.openStore()
        #expect(try store.db.rows("PRAGMA user_version").first?.first?.int64 == Int64(Schema.version))
        let (_, sync, _) = try fixture.open(store)
        #expect(sync.clips.map(\.decision) == [.delete, .delete, .delete, .delete] && sync.added == 0)
        try store.recordProblem(clipID: sync.clips[0].id, reason: "damaged")
        #expect(try store.clip(id: sync.clips[0].id)?.problem == "damaged")
    }
}

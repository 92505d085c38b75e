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
        #expect(report.failures.first?.description.contains("changed since you reviewed it") == true)
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

@Suite struct ApplyRaceTests {
    @Test func aClipReDecidedElsewhereBeforeItsMoveStays() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4", "b.mp4"], store: store)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        #expect(items.map(\.relativePath) == ["a.mp4", "b.mp4"])
        // Another window (its own connection) likes b.mp4 once a.mp4 has moved.
        let other = try fixture.openStore()
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment,
                               progress: { done, _ in if done == 1 { _ = try? fixture.decide(.like, ["b.mp4"], store: other) } })
        #expect(report.moved.map(\.relativePath) == ["a.mp4"])
        #expect(report.failures == [FileFailure(path: "b.mp4", reason: .notMarked)])
        #expect(FileManager.default.fileExists(atPath: fixture.path("b.mp4")))
        #expect(fixture.names(fixture.trashFiles) == ["a.mp4"])
    }

    @Test func aSubfolderSwappedForALinkBetweenCheckAndMoveNeverReachesOutside() throws {
        let fixture = try Fixture(files: ["sub/a.mp4"])
        let outside = fixture.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: outside.appendingPathComponent("a.mp4"))
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        var session = try store.session(for: record, deck: try store.sync(record, with: FolderScan.scan(fixture.folder, recursive: true)).clips)
        try store.perform(.delete, on: &session, folder: record)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        #expect(items.map(\.relativePath) == ["sub/a.mp4"])
        var swapped = false
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment,
                               afterCheck: { _ in
                                   // The worst moment: verified, not yet moved.
                                   swapped = rename(fixture.path("sub"), fixture.path("sub.old")) == 0
                                       && symlink(outside.path, fixture.path("sub")) == 0
                               })
        #expect(swapped)
        #expect(fixture.names(outside) == ["a.mp4"])
        #expect(try Data(contentsOf: outside.appendingPathComponent("a.mp4")) == Data("precious".utf8))
        // What moved is the file that was checked, from the folder it was checked in.
        #expect(report.moved.count == 1)
        #expect(fixture.names(fixture.folder.appendingPathComponent("sub.old")).isEmpty)
        #expect(try Data(contentsOf: fixture.trashFiles.appendingPathComponent("a.mp4")) == Data(repeating: 7, count: 100))
    }

    @Test func aFlickRejectedThatIsALinkIsRefused() throws {
        let fixture = try Fixture()
        let outside = fixture.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.path("Flick Rejected"), withDestinationPath: outside.path)
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4"], store: store)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, to: .rejectedFolder, environment: fixture.environment)
        #expect(report.moved.isEmpty)
        #expect(report.failures.first?.description.contains("is a link") == true)
        #expect(fixture.names(outside).isEmpty)
        #expect(FileManager.default.fileExists(atPath: fixture.path("a.mp4")))
        #expect(try store.clipsToDelete(in: record).count == 1)
    }

    @Test func aTrashThatIsALinkIsRefused() throws {
        let fixture = try Fixture()
        let outside = fixture.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("data/Trash").path, withDestinationPath: outside.path)
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4"], store: store)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.isEmpty)
        #expect(report.failures.first?.description.contains("is a link") == true)
        #expect(fixture.names(outside).isEmpty)
        #expect(FileManager.default.fileExists(atPath: fixture.path("a.mp4")))
    }

    /// A folder on another filesystem than the home Trash (/dev/shm, a
    /// tmpfs) uses `$topdir/.Trash-$uid`, with a Path= relative to $topdir.
    /// Skipped where that Trash exists already (it is not this test's).
    @Test func aFileOnAnotherFilesystemGoesToThatFilesystemsTrash() throws {
        let topdir = "/dev/shm", trash = "/dev/shm/.Trash-\(getuid())"
        var shm = stat(), tmp = stat(), existing = stat()
        guard stat(topdir, &shm) == 0, stat(FileManager.default.temporaryDirectory.path, &tmp) == 0, shm.st_dev != tmp.st_dev,
              lstat(trash, &existing) != 0 else { return }
        defer { try? FileManager.default.removeItem(atPath: trash) }
        let fixture = try Fixture()
        let folder = URL(fileURLWithPath: topdir).appendingPathComponent("flick-trash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("on tmpfs".utf8).write(to: folder.appendingPathComponent("far.mp4"))
        let store = try fixture.openStore()
        let record = try store.folder(at: folder)
        var session = try store.session(for: record, deck: try store.sync(record, with: FolderScan.scan(folder)).clips)
        try store.perform(.delete, on: &session, folder: record)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: folder.path)
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.count == 1 && report.failures.isEmpty)
        #expect(fixture.names(URL(fileURLWithPath: trash + "/files")) == ["far.mp4"])
        #expect(fixture.names(fixture.trashFiles).isEmpty)
        var info = stat()
        #expect(lstat(trash, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == getuid())
        let text = try String(contentsOfFile: trash + "/info/far.mp4.trashinfo", encoding: .utf8)
        #expect(text.contains("\nPath=\(folder.lastPathComponent)/far.mp4\n"))
    }

    @Test func theTrashNeverOverwritesAndEncodesThePath() throws {
        let fixture = try Fixture(files: ["a b%.mp4", "sub/a b%.mp4"])
        try FileManager.default.createDirectory(at: fixture.trashFiles, withIntermediateDirectories: true)
        try Data("an orphan already in the Trash".utf8).write(to: fixture.trashFiles.appendingPathComponent("a b%.mp4"))
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        var session = try store.session(for: record, deck: try store.sync(record, with: FolderScan.scan(fixture.folder, recursive: true)).clips)
        try store.perform(.delete, on: &session, folder: record)
        try store.perform(.delete, on: &session, folder: record)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.count == 2 && report.failures.isEmpty)
        #expect(fixture.names(fixture.trashFiles) == ["a b% (2).mp4", "a b% (3).mp4", "a b%.mp4"])
        #expect(try Data(contentsOf: fixture.trashFiles.appendingPathComponent("a b%.mp4")) == Data("an orphan already in the Trash".utf8))
        #expect(fixture.names(fixture.trashInfo) == ["a b% (2).mp4.trashinfo", "a b% (3).mp4.trashinfo"])
        let info = try String(contentsOf: fixture.trashInfo.appendingPathComponent("a b% (2).mp4.trashinfo"), encoding: .utf8)
        #expect(info.contains("/a%20b%25.mp4\n"))
    }
}

@Suite struct NameBytesTests {
    @Test func nfcAndNfdTwinsAreTwoClips() throws {
        let nfc = "caf\u{E9}.mp4", nfd = "cafe\u{301}.mp4"
        let fixture = try Fixture(files: [])
        try writeRaw(Array(nfc.utf8), in: fixture.folder.path, Array("composed".utf8))
        try writeRaw(Array(nfd.utf8), in: fixture.folder.path, Array("decomposed".utf8))
        let store = try fixture.openStore()
        let first = try fixture.open(store).1
        let second = try fixture.open(store).1  // failed with "UNIQUE constraint failed"
        #expect(second.clips.count == 2 && second.added == 0)
        #expect(Set(second.clips.map(\.id)) == Set(first.clips.map(\.id)) && Set(first.clips.map(\.id)).count == 2)
        let record = try fixture.decide(.delete, [nfd], store: store)
        #expect(try store.clipsToDelete(in: record).map { Array($0.relativePath.utf8) } == [Array(nfd.utf8)])
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.count == 1)
        #expect(rawNames(fixture.folder.path) == [Array(nfc.utf8)])
        #expect(rawNames(fixture.trashFiles.path) == [Array(nfd.utf8)])
    }

    @Test func namesThatAreNotUTF8OrFillNameMaxAreKeptByteForByte() throws {
        let notUTF8: [UInt8] = [0x66, 0xFF, 0xFE, 0x20] + Array("clip.mp4".utf8)
        let escapeLookalike = Array("\u{F7E9}.mp4".utf8)  // a real private-use character
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 251) + Array(".mp4".utf8)  // 255 bytes
        let fixture = try Fixture(files: [])
        for name in [notUTF8, escapeLookalike, long] { try writeRaw(name, in: fixture.folder.path, name) }
        let store = try fixture.openStore()
        let names = [notUTF8, escapeLookalike, long].sorted { $0.lexicographicallyPrecedes($1) }
        #expect(try fixture.open(store).1.clips.map { RawPath.bytes($0.relativePath) }.sorted { $0.lexicographicallyPrecedes($1) } == names)
        var record = try fixture.decide(.like, [notUTF8, escapeLookalike, long].map(RawPath.decode), store: store)
        var (items, refused) = try FileOperations.check(try fixture.open(store).1.clips, folder: fixture.folder.path)
        #expect(items.count == 3 && refused.isEmpty)
        // Copies and hard links keep every name.
        let copies = fixture.root.appendingPathComponent("copies").path, links = fixture.root.appendingPathComponent("links").path
        #expect(Export.copy(items, to: copies, link: false).moved.count == 3)
        #expect(Export.copy(items, to: links, link: true).moved.count == 3)
        #expect(rawNames(copies) == names && rawNames(links) == names)
        for name in names { #expect(readRaw(RawPath.bytes(copies) + [0x2F] + name) == name) }
        // The playlist names each one on one line, the odd bytes as a file:// URI.
        let playlist = fixture.root.appendingPathComponent("likes.m3u").path
        try Export.writePlaylist(items.map { (path: $0.absolutePath, duration: nil) }, to: playlist)
        let lines = try String(contentsOfFile: playlist, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.contains { $0.hasPrefix("file://") && $0.hasSuffix("/f%FF%FE%20clip.mp4") })
        #expect(lines.contains { $0.hasPrefix("file://") && $0.hasSuffix("/%EF%9F%A9.mp4") })
        // Apply moves them to the Trash; the 255-byte name gets a shorter one
        // there (NAME.trashinfo must fit too) and its full path in the info.
        record = try fixture.decide(.delete, [notUTF8, escapeLookalike, long].map(RawPath.decode), store: store)
        (items, refused) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.count == 3 && report.failures.isEmpty)
        #expect(rawNames(fixture.folder.path).isEmpty)
        let trashed = rawNames(fixture.trashFiles.path)
        #expect(trashed.count == 3 && trashed.contains(notUTF8) && trashed.contains(escapeLookalike))
        #expect(rawNames(fixture.trashInfo.path).allSatisfy { $0.count <= 255 })
        let infos = rawNames(fixture.trashInfo.path).map {
            String(decoding: readRaw(RawPath.bytes(fixture.trashInfo.path) + [0x2F] + $0), as: UTF8.self)
        }
        #expect(infos.contains { $0.contains("/" + String(repeating: "x", count: 251) + ".mp4\n") })
        #expect(infos.contains { $0.contains("/f%FF%FE%20clip.mp4\n") })
    }
}

@Suite struct StoreTrustTests {
    @Test func anEmptyDatabaseIsRefusedNeverReplaced() throws {
        let fixture = try Fixture()
        #expect(FileManager.default.createFile(atPath: fixture.databasePath, contents: Data()))
        #expect {
            try Store(path: fixture.databasePath)
        } throws: { error in
            let text = (error as? StoreError)?.description ?? ""
            return text.contains(fixture.databasePath) && text.contains("0 bytes") && text.contains("To start over")
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

@Suite struct ExportDestinationTests {
    func reason(_ destination: String, _ kind: Export.DestinationKind, _ fixture: Fixture, force: Bool = false) -> ExportDestinationError.Reason? {
        do {
            _ = try Export.checkDestination(destination, kind: kind, folder: fixture.folder.path, force: force)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aClipOfTheFolderIsNeverADestinationForcedOrNot() throws {
        let fixture = try Fixture()
        #expect(reason(fixture.path("a.mp4"), .file, fixture) == .clipOfFolder)
        #expect(reason(fixture.path("a.mp4"), .file, fixture, force: true) == .clipOfFolder)
        let link = fixture.root.appendingPathComponent("link.mp4").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.path("b.mp4"))
        #expect(reason(link, .file, fixture, force: true) == .clipOfFolder)
    }

    @Test func nothingIsWrittenInsideTheReviewedFolder() throws {
        let fixture = try Fixture()
        #expect(reason(fixture.path("likes.m3u"), .file, fixture, force: true) == .insideFolder)
        #expect(reason(fixture.path("likes.mp4"), .file, fixture) == .insideFolder)
        #expect(reason(fixture.path("copies/deeper"), .folder, fixture, force: true) == .insideFolder)
        #expect(reason(fixture.folder.path, .folder, fixture, force: true) == .insideFolder)
        // Through a link to the folder, too.
        let alias = fixture.root.appendingPathComponent("alias").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: fixture.folder.path)
        #expect(reason(alias + "/likes.m3u", .file, fixture, force: true) == .insideFolder)
        #expect(reason(alias, .folder, fixture, force: true) == .insideFolder)
    }

    @Test func anExistingFileIsReplacedOnlyWhenForced() throws {
        let fixture = try Fixture()
        let playlist = fixture.root.appendingPathComponent("likes.m3u").path
        try Data("mine".utf8).write(to: URL(fileURLWithPath: playlist))
        #expect(reason(playlist, .file, fixture) == .exists)
        #expect(reason(playlist, .file, fixture, force: true) == nil)
        #expect(throws: StoreError.self) { try Export.writePlaylist([("/v/a.mp4", 1)], to: playlist) }
        #expect(try String(contentsOfFile: playlist, encoding: .utf8) == "mine")
        try Export.writePlaylist([("/v/a.mp4", 1)], to: playlist, replace: true)
        #expect(try String(contentsOfFile: playlist, encoding: .utf8).hasPrefix("#EXTM3U\n"))
        #expect(fixture.names(fixture.root) == ["clips", "likes.m3u"])
    }

    @Test func copiesGoIntoAnEmptyOrForcedFolderNeverOverAFile() throws {
        let fixture = try Fixture()
        let out = fixture.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        #expect(reason(out.path, .folder, fixture) == nil)
        try Data("mine".utf8).write(to: out.appendingPathComponent("a.mp4"))
        #expect(reason(out.path, .folder, fixture) == .exists)
        #expect(reason(out.path, .folder, fixture, force: true) == nil)
        let (items, _) = try FileOperations.check(try fixture.open(try fixture.openStore()).1.clips.prefix(1).map { $0 }, folder: fixture.folder.path)
        #expect(Export.copy(items, to: out.path, link: false).moved.count == 1)
        #expect(fixture.names(out) == ["a (2).mp4", "a.mp4"])
        #expect(try Data(contentsOf: out.appendingPathComponent("a.mp4")) == Data("mine".utf8))
    }

    @Test func aCopyNeverLandsInTheFolderThroughASubfolderNamedLikeIt() throws {
        let fixture = try Fixture(files: ["clips/a.mp4"])  // …/clips/clips/a.mp4
        let clips = [StoredClip(id: 1, relativePath: "clips/a.mp4", kind: .video, decision: .like)]
        let (items, _) = try FileOperations.check(clips, folder: fixture.folder.path)
        // Copying to the folder's parent would write …/clips/a.mp4: into the deck.
        let report = Export.copy(items, to: fixture.root.path, link: false)
        #expect(report.moved.isEmpty && report.failures.first?.description.contains("inside the reviewed folder") == true)
        #expect(fixture.names(fixture.folder) == ["clips"])
    }

    @Test func aPartialLeftByAKilledExportIsRemovedByTheNext() throws {
        let fixture = try Fixture()
        let stale = fixture.root.appendingPathComponent(".flick-partial-2147483646-dead")
        let live = fixture.root.appendingPathComponent(".flick-partial-\(getpid())-live")
        try Data("half".utf8).write(to: stale)
        try Data("in progress".utf8).write(to: live)
        try Export.writePlaylist([("/v/a.mp4", 1)], to: fixture.root.appendingPathComponent("likes.m3u").path)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    @Test func playlistEntriesWithControlCharactersStayOneLine() throws {
        let fixture = try Fixture()
        let playlist = fixture.root.appendingPathComponent("odd.m3u").path
        try Export.writePlaylist([("/v/new\nline.mp4", 2), ("/v/esc\u{1B}[2J.mp4", nil), ("/v/plain name.mp4", 1)], to: playlist)
        let lines = try String(contentsOfFile: playlist, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["#EXTM3U", "#EXTINF:2,new line", "file:///v/new%0Aline.mp4",
                          "#EXTINF:-1,esc [2J", "file:///v/esc%1B%5B2J.mp4", "#EXTINF:1,plain name", "/v/plain name.mp4", ""])
    }
}

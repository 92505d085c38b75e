import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// Apply at the worst moments: a re-decision, a folder swapped for a link
/// between the check and the move, a file renamed over the marked one once
/// it is open, checked or moved, another Flick moving it first, linked
/// Trash and Flick Rejected folders.
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
        #expect(report.failures == [FileFailure(path: "a.mp4", reason: .rejectedNotAFolder("Flick Rejected"))])
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
        guard case .trashNotAFolder? = report.failures.first?.reason else { Issue.record("not refused: \(report.failures)"); return }
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

    /// a.mp4 marked, b.mp4 liked; `change` runs at one moment of a.mp4's move.
    private func applyWhile(_ fixture: Fixture, to destination: Apply.Destination = .trash,
                            afterOpen: @escaping () -> Void = {}, afterCheck: @escaping () -> Void = {},
                            afterMove: @escaping () -> Void = {}) throws -> MoveReport {
        let store = try fixture.openStore()
        _ = try fixture.decide(.like, ["b.mp4"], store: store)
        let record = try fixture.decide(.delete, ["a.mp4"], store: store)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        #expect(items.map(\.relativePath) == ["a.mp4"])
        return store.apply(items, in: record, to: destination, environment: fixture.environment,
                           afterOpen: { _ in afterOpen() }, afterCheck: { _ in afterCheck() }, afterMove: { _ in afterMove() })
    }

    private func renameLikedOverMarked(_ fixture: Fixture) {
        #expect(rename(fixture.path("b.mp4"), fixture.path("a.mp4")) == 0)
    }

    @Test(arguments: ["open", "checked"])
    func aFileRenamedOverTheMarkedOneMidMoveIsPutBackNotTrashed(moment: String) throws {
        let fixture = try Fixture(files: ["a.mp4", "b.mp4"])
        let change = { self.renameLikedOverMarked(fixture) }
        let report = try moment == "open" ? applyWhile(fixture, afterOpen: change) : applyWhile(fixture, afterCheck: change)
        #expect(report.moved.isEmpty)
        #expect(report.failures == [FileFailure(path: "a.mp4", reason: .changedWhileMoving(.underItsName))])
        #expect(fixture.names(fixture.trashFiles).isEmpty && fixture.names(fixture.trashInfo).isEmpty)
        #expect(fixture.names(fixture.folder) == ["a.mp4"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("a.mp4"))) == Data(repeating: 7, count: 101))
    }

    @Test func aFileRenamedOverTheMarkedOneIsPutBackBesideANewFileOfThatName() throws {
        let fixture = try Fixture(files: ["a.mp4", "b.mp4"])
        let report = try applyWhile(fixture, afterCheck: { self.renameLikedOverMarked(fixture) },
                                    afterMove: { try? Data("newer".utf8).write(to: URL(fileURLWithPath: fixture.path("a.mp4"))) })
        #expect(report.failures == [FileFailure(path: "a.mp4", reason: .changedWhileMoving(.beside("a (2).mp4")))])
        #expect(fixture.names(fixture.folder) == ["a (2).mp4", "a.mp4"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("a (2).mp4"))) == Data(repeating: 7, count: 101))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("a.mp4"))) == Data("newer".utf8))
        #expect(fixture.names(fixture.trashFiles).isEmpty && fixture.names(fixture.trashInfo).isEmpty)
    }

    @Test func aSymlinkSwappedInOnceTheFileIsOpenIsPutBack() throws {
        let fixture = try Fixture(files: ["a.mp4", "b.mp4"])
        let report = try applyWhile(fixture, afterOpen: {
            #expect(symlink("b.mp4", fixture.path(".link")) == 0 && rename(fixture.path(".link"), fixture.path("a.mp4")) == 0)
        })
        #expect(report.failures == [FileFailure(path: "a.mp4", reason: .changedWhileMoving(.underItsName))])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: fixture.path("a.mp4")) == "b.mp4")
        #expect(fixture.names(fixture.trashFiles).isEmpty)
    }

    @Test func theRejectedFolderMoveIsProvedToo() throws {
        let fixture = try Fixture(files: ["a.mp4", "b.mp4"])
        let report = try applyWhile(fixture, to: .rejectedFolder, afterCheck: { self.renameLikedOverMarked(fixture) })
        #expect(report.failures == [FileFailure(path: "a.mp4", reason: .changedWhileMoving(.underItsName))])
        #expect(fixture.names(fixture.folder.appendingPathComponent("Flick Rejected")).isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("a.mp4"))) == Data(repeating: 7, count: 101))
    }

    @Test func aFileAnotherFlickMovedFirstIsDoneNotAFailure() throws {
        let fixture = try Fixture(files: ["a.mp4", "b.mp4"])
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4", "b.mp4"], store: store)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        // Another Flick (its own connection) moves b.mp4 once this run has checked it.
        let other = try fixture.openStore()
        let report = store.apply(items, in: record, environment: fixture.environment, progress: { done, _ in
            guard done == 1 else { return }
            let first = other.apply(Array(items.dropFirst()), in: record, environment: fixture.environment)
            #expect(first.moved.map(\.relativePath) == ["b.mp4"])
        })
        #expect(report.moved.map(\.relativePath) == ["a.mp4"])
        #expect(report.failures.isEmpty)
        #expect(report.alreadyMoved.map(\.item.relativePath) == ["b.mp4"])
        #expect(report.alreadyMoved.first?.place == .trash(fixture.trashFiles.path + "/b.mp4"))
        #expect(fixture.names(fixture.trashFiles) == ["a.mp4", "b.mp4"])
    }
}

import FlickCore
import Foundation
import Testing
@testable import FlickStore

@Suite struct FileSafetyTests {
    @Test(arguments: ["../outside.mp4", "/etc/passwd", "a/../../b.mp4", "", "./a.mp4", "a//b.mp4", "a/", "a/.", "a/..", ".", "..", "/",
                      "a\u{0}b.mp4"])
    func unsafeStoredPathsAreRefused(_ path: String) {
        #expect(!FileOperations.isSafeRelativePath(path))
    }

    @Test(arguments: ["a.mp4", "sub/b.mp4", "name with spaces.mp4", "..hidden-dots.mp4", "...", "a/.../b.mp4", "a./.b", "\u{F7FF}/\u{F72E}.mp4"])
    func ordinaryPathsAreAccepted(_ path: String) {
        #expect(FileOperations.isSafeRelativePath(path))
    }

    @Test func oneTamperedRowRefusesTheWholeRun() throws {
        let fixture = try Fixture()
        let clips = [StoredClip(id: 1, relativePath: "a.mp4", kind: .video, decision: .delete),
                     StoredClip(id: 2, relativePath: "../a.mp4", kind: .video, decision: .delete)]
        #expect {
            try FileOperations.check(clips, folder: fixture.folder.path)
        } throws: { error in
            (error as? StoreError)?.kind == .pathOutsideFolder(path: "../a.mp4", folder: fixture.folder.path)
        }
    }

    @Test func fileInASubfolderLinkedFromOutsideIsRefused() throws {
        let fixture = try Fixture()
        let outside = fixture.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: outside.appendingPathComponent("precious.mp4"))
        try FileManager.default.createSymbolicLink(atPath: fixture.path("linked"), withDestinationPath: outside.path)
        let clips = [StoredClip(id: 1, relativePath: "linked/precious.mp4", kind: .video, decision: .delete),
                     StoredClip(id: 2, relativePath: "a.mp4", kind: .video, decision: .delete)]
        let (items, refused) = try FileOperations.check(clips, folder: fixture.folder.path)
        #expect(items.map(\.relativePath) == ["a.mp4"])
        #expect(refused == [FileFailure(path: "linked/precious.mp4", reason: .outsideFolder)])
    }

    @Test func missingFileIsReportedGone() throws {
        let fixture = try Fixture()
        let (items, refused) = try FileOperations.check([StoredClip(id: 1, relativePath: "nope.mp4", kind: .video, decision: .delete)],
                                                        folder: fixture.folder.path)
        #expect(items.isEmpty)
        #expect(refused == [FileFailure(path: "nope.mp4", reason: .gone)])
    }
}

@Suite struct RejectedFolderTests {
    @Test func movesIntoFlickRejectedKeepingNamesAndNeverOverwriting() throws {
        let fixture = try Fixture(files: ["a.mp4", "sub/a.mp4"])
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        let sync = try store.sync(record, with: FolderScan.scan(fixture.folder, recursive: true))
        var session = try store.session(for: record, deck: sync.clips)
        try store.perform(.delete, on: &session, folder: record)
        try store.perform(.delete, on: &session, folder: record)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, to: .rejectedFolder, environment: fixture.environment)
        #expect(report.moved.count == 2)
        let rejected = fixture.folder.appendingPathComponent("Flick Rejected")
        #expect(try FileManager.default.contentsOfDirectory(atPath: rejected.path).sorted() == ["a (2).mp4", "a.mp4"])
        #expect(!FileManager.default.fileExists(atPath: fixture.path("a.mp4")))
        // The rejected folder never joins a deck, even recursively.
        #expect(try FolderScan.scan(fixture.folder, recursive: true).isEmpty)
    }

    @Test func cancellingStopsBeforeTheNextFile() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        let record = try fixture.decide(.delete, ["a.mp4", "b.mp4", "c.jpg", "d.webm"], store: store)
        let (items, _) = try FileOperations.check(try store.clipsToDelete(in: record), folder: fixture.folder.path)
        var done = 0
        let report = Apply.run(items, folder: record, storePath: fixture.databasePath, to: .rejectedFolder,
                               environment: fixture.environment, progress: { count, _ in done = count }, isCancelled: { done >= 2 })
        #expect(report.cancelled)
        #expect(report.moved.count == 2)
        #expect(try FolderScan.scan(fixture.folder).count == 2)
        #expect(try store.clipsToDelete(in: record).count == 2)
    }
}

@Suite struct ExportTests {
    @Test func playlistListsEntriesWithDurations() throws {
        let fixture = try Fixture()
        let destination = fixture.root.appendingPathComponent("likes.m3u").path
        try Export.writePlaylist([("/v/a b.mp4", 4.2), ("/v/c.mp4", nil)], to: destination)
        let text = try String(contentsOfFile: destination, encoding: .utf8)
        #expect(text == "#EXTM3U\n#EXTINF:4,a b\n/v/a b.mp4\n#EXTINF:-1,c\n/v/c.mp4\n")
        #expect(fixture.names(fixture.root) == ["clips", "likes.m3u"])
    }

    @Test func copiesAndLinksKeepContentAndNeverOverwrite() throws {
        let fixture = try Fixture(files: ["a.mp4", "sub/b.mp4"])
        let clips = [StoredClip(id: 1, relativePath: "a.mp4", kind: .video, decision: .like),
                     StoredClip(id: 2, relativePath: "sub/b.mp4", kind: .video, decision: .like)]
        let (items, _) = try FileOperations.check(clips, folder: fixture.folder.path)
        let out = fixture.root.appendingPathComponent("out").path
        let copied = Export.copy(items, to: out, link: false)
        #expect(copied.moved.count == 2 && copied.failures.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/sub/b.mp4")) == Data(contentsOf: URL(fileURLWithPath: fixture.path("sub/b.mp4"))))
        let linked = Export.copy(items, to: out, link: true)
        #expect(linked.moved.count == 2)
        var original = stat(), link = stat()
        stat(fixture.path("a.mp4"), &original)
        stat(out + "/a (2).mp4", &link)
        #expect(original.st_ino == link.st_ino)
        // Nothing partial is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["a (2).mp4", "a.mp4", "sub"])
    }
}

import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// Exports never overwrite and never write into the deck.
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
        #expect(report.moved.isEmpty)
        guard case .destination(let refusal)? = report.failures.first?.reason else { Issue.record("not refused: \(report.failures)"); return }
        #expect(refusal.reason == .insideFolder)
        #expect(fixture.names(fixture.folder) == ["clips"])
    }

    @Test func aMissingFolderThenDotDotDoesNotExistAndNothingIsCreated() throws {
        let fixture = try Fixture()
        let elsewhere = fixture.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // As a string, elsewhere/missing/../../clips/out is inside the deck;
        // for the kernel, "missing" ends the path: no such folder.
        #expect(reason(elsewhere.path + "/missing/../../clips/out", .folder, fixture, force: true) == .noParent)
        #expect(fixture.names(elsewhere).isEmpty)
        #expect(fixture.names(fixture.folder) == ["a.mp4", "b.mp4", "c.jpg", "d.webm"])
        // A missing folder not followed by ".." is one an export may create;
        // checking creates nothing and leaves no probe file behind.
        #expect(reason(elsewhere.path + "/new/deeper", .folder, fixture) == nil)
        #expect(fixture.names(elsewhere).isEmpty)
    }

    @Test func aHardLinkOfAClipIsNeverADestinationForcedOrNot() throws {
        let fixture = try Fixture()
        let twin = fixture.root.appendingPathComponent("twin.mp4").path
        #expect(link(fixture.path("a.mp4"), twin) == 0)
        #expect(reason(twin, .file, fixture) == .clipOfFolder)
        #expect(reason(twin, .file, fixture, force: true) == .clipOfFolder)
    }

    @Test func theExportIsWrittenWhereItWasCheckedEvenIfThePathIsSwappedForALinkIntoTheDeck() throws {
        let fixture = try Fixture()
        let out = fixture.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let checked = try Export.checkDestination(out.path + "/likes.m3u", kind: .file, folder: fixture.folder.path, force: false)
        #expect(checked.path == out.resolvingSymlinksInPath().path + "/likes.m3u")
        // Between the check and the write, "out" becomes a link into the deck.
        let moved = fixture.root.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: out, to: moved)
        try FileManager.default.createSymbolicLink(atPath: out.path, withDestinationPath: fixture.folder.path)
        try Export.writePlaylist([("/v/a.mp4", 1)], to: checked.writingPath)
        #expect(fixture.names(fixture.folder) == ["a.mp4", "b.mp4", "c.jpg", "d.webm"])
        #expect(fixture.names(moved) == ["likes.m3u"])
    }

    /// Only a partial Flick made (and marked) is removed: a user's file
    /// with such a name stays.
    @Test func aPartialLeftByAKilledExportIsRemovedByTheNext() throws {
        let fixture = try Fixture()
        let stale = fixture.root.appendingPathComponent(".flick-partial-2147483646-dead")
        let mine = fixture.root.appendingPathComponent(".flick-partial-2147483646-mine")
        let created = try PartialFile.create(in: fixture.root.path).get()
        close(created.fd)
        #expect(rename(created.path, stale.path) == 0)  // as if its process had died
        let live = try PartialFile.create(in: fixture.root.path).get()
        close(live.fd)
        defer { PartialFile.discard(live.path) }
        try Data("my notes".utf8).write(to: mine)
        try Export.writePlaylist([("/v/a.mp4", 1)], to: fixture.root.appendingPathComponent("likes.m3u").path)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(try Data(contentsOf: mine) == Data("my notes".utf8))
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

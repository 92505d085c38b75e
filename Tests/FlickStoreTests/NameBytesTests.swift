import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// Names are bytes through the store, apply, copies, links and playlists.
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

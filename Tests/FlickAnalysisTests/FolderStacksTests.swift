import FlickCore
import FlickStore
import Foundation
import Synchronization
import Testing
@testable import FlickAnalysis

/// Results kept in the store under each file's identity: a folder opened
/// again needs no work, a changed file is analysed again, a stopped
/// analysis keeps nothing half made.
@Suite struct FolderStacksTests {
    static func folder() throws -> (folder: String, store: Store) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-stacks-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, source) in [("a.jpg", "baboon.jpg"), ("b.jpg", "baboon.jpg"), ("c.jpg", "fruits.jpg")] {
            try FileManager.default.copyItem(atPath: "\(RealMedia.data)/\(source)", toPath: "\(folder)/\(name)")
        }
        return (folder, try Store(path: "\(folder)/flick.db"))
    }

    static func items(_ folder: String) -> [AnalysisItem] {
        ["a.jpg", "b.jpg", "c.jpg"].map { name in
            var info = stat()
            stat("\(folder)/\(name)", &info)
            return AnalysisItem(path: "\(folder)/\(name)", kind: .photo, identity: FileIdentity(info))
        }
    }

    @Test func aReopenedFolderNeedsNoWorkAndAChangedFileIsAnalysedAgain() throws {
        let (folder, store) = try Self.folder()
        let first = try FolderStacks.find(Self.items(folder), store: store)
        #expect(first.analysed == 3)
        #expect(first.stacks == [Stack(id: 1, kind: .copy, members: [0, 1])])
        let again = try FolderStacks.find(Self.items(folder), store: store, progress: { _ in Issue.record("no work expected") })
        #expect(again.analysed == 0 && again.stacks == first.stacks)
        // c.jpg becomes another picture: only it is analysed again.
        try FileManager.default.removeItem(atPath: "\(folder)/c.jpg")
        try FileManager.default.copyItem(atPath: "\(RealMedia.data)/home.jpg", toPath: "\(folder)/c.jpg")
        let changed = try FolderStacks.find(Self.items(folder), store: store)
        #expect(changed.analysed == 1)
    }

    /// The card of copies shows the one Flick would keep: the member not
    /// suggested as an extra copy comes first, wherever it is in the deck.
    @Test func aCopiesStackHasTheOriginalFirstAndSuggestsTheOthers() throws {
        let (folder, store) = try Self.folder()
        let names = ["IMG_2002 copy.jpg", "IMG_2002-1.jpg", "IMG_2002.jpg", "c.jpg"]
        for (name, source) in zip(names, ["a.jpg", "a.jpg", "b.jpg"]) {
            try FileManager.default.copyItem(atPath: "\(folder)/\(source)", toPath: "\(folder)/\(name)")
        }
        let items = names.map { name in
            var info = stat()
            stat("\(folder)/\(name)", &info)
            return AnalysisItem(path: "\(folder)/\(name)", kind: .photo, identity: FileIdentity(info))
        }
        let found = try FolderStacks.find(items, store: store)
        #expect(found.stacks == [Stack(id: 1, kind: .copy, members: [2, 0, 1])])
        #expect(found.suggestions.map { $0.contains(.copy) } == [true, true, false, false])
    }

    /// Progress counts the folder's files as the deck does: one the store
    /// knew already is done from the start ("2 of 3", never "1 of 2").
    @Test func progressCountsEveryFileWithTheKnownOnesDone() throws {
        let (folder, store) = try Self.folder()
        let items = Self.items(folder)
        _ = try FolderStacks.find([items[2]], store: store)
        let seen = Mutex<[String]>([])
        let found = try FolderStacks.find(items, store: store, workers: 1, progress: { progress in
            seen.withLock { $0.append("\(progress.done) of \(progress.total)") }
        })
        #expect(found.analysed == 2)
        #expect(seen.withLock { $0 } == ["2 of 3", "3 of 3"])
    }

    @Test func aStoppedAnalysisKeepsOnlyWhatItFinished() throws {
        let (folder, store) = try Self.folder()
        let stopped = try FolderStacks.find(Self.items(folder), store: store, workers: 1, cancelled: { true })
        #expect(stopped.stopped && stopped.analysed == 0 && stopped.stacks.isEmpty)
        #expect(try store.analyses(for: Self.items(folder).map(\.identity), version: FileAnalysis.version) == [nil, nil, nil])
    }

    /// The benchmark's baseline without suggestions: the same stacks, no
    /// dark or blurry (a black photo is not called dark), and nothing kept,
    /// so the store never holds prints without their quality.
    @Test func withoutQualityTheStacksStayAndNothingIsKept() throws {
        let (folder, store) = try Self.folder()
        try FileManager.default.removeItem(atPath: "\(folder)/c.jpg")
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(RealMedia.data)/fruits.jpg", "-vf", "lutyuv=y=val*0.05", "\(folder)/c.jpg")
        let without = try FolderStacks.find(Self.items(folder), store: store, quality: false)
        #expect(without.stacks == [Stack(id: 1, kind: .copy, members: [0, 1])])
        #expect(without.suggestions[2].isEmpty, "no dark without the quality measured")
        #expect(try store.analyses(for: Self.items(folder).map(\.identity), version: FileAnalysis.version) == [nil, nil, nil])
        let with = try FolderStacks.find(Self.items(folder), store: store)
        #expect(with.suggestions[2] == [.dark], "the same photo is dark once its quality is measured")
    }
}

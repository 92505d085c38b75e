import FlickApp
import FlickCore
import FlickStore
import Foundation
import Testing

/// A Live Photo (IMG_0001.JPG + IMG_0001.MOV, made with ffmpeg) is one
/// decision in Apply: a marked half takes the other to the Trash, a liked
/// half keeps both, a changed half keeps both, and the Trash gives both
/// back.
@Suite struct LivePhotoApplyTests {
    private func run(_ fixture: AppFixture) throws -> (ApplyDeletions.Plan, ApplyResult) {
        let record = try fixture.store.folder(at: fixture.folder)
        let plan = try ApplyDeletions.plan(store: fixture.store, folder: record)
        let apply = ApplyDeletions(folder: record, storePath: fixture.store.path, environment: fixture.environment)
        let moves = apply.move(plan.items, pairs: plan.pairs)
        return (plan, apply.settle(moves, plan: plan, store: fixture.store))
    }

    @Test func aMarkedStillTakesItsVideoToTheTrash() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        try fixture.decide([.delete, nil, nil])
        let (plan, result) = try run(fixture)
        #expect(plan.items.map(\.relativePath) == ["IMG_0001.JPG", "IMG_0001.MOV"])
        #expect(plan.pairs.map(\.video) == ["IMG_0001.MOV"])
        #expect(result.moves.moved.map(\.relativePath) == ["IMG_0001.JPG", "IMG_0001.MOV"])
        #expect(result.movedPairs.map(\.still) == ["IMG_0001.JPG"])
        #expect(result.isComplete)
        #expect(fixture.names(fixture.trash) == ["IMG_0001.JPG", "IMG_0001.MOV"])
        #expect(fixture.names(fixture.folder) == ["other.mp4"])
    }

    @Test func aMarkedVideoTakesItsStill() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        try fixture.decide([.skip, .delete, nil])
        let (_, result) = try run(fixture)
        #expect(result.moves.moved.map(\.relativePath) == ["IMG_0001.MOV", "IMG_0001.JPG"])
        #expect(fixture.names(fixture.trash) == ["IMG_0001.JPG", "IMG_0001.MOV"])
    }

    @Test func aLikedHalfKeepsTheWholeLivePhotoAndSaysWhy() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        try fixture.decide([.delete, .like, .delete])
        let (plan, result) = try run(fixture)
        #expect(plan.items.map(\.relativePath) == ["other.mp4"])
        #expect(result.held == [PairHold(path: "IMG_0001.JPG", partner: "IMG_0001.MOV", isStill: true, reason: .partnerLiked)])
        #expect(!result.isComplete)
        #expect(fixture.names(fixture.trash) == ["other.mp4"])
        #expect(fixture.names(fixture.folder) == ["IMG_0001.JPG", "IMG_0001.MOV"])
    }

    @Test func aReplacedVideoKeepsItsStill() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        try fixture.decide([.delete, nil, nil])
        // Another file under the video's name since the folder was read.
        let other = try #require(LivePhotoMedia.files.last?.1)
        try FileManager.default.removeItem(atPath: fixture.path("IMG_0001.MOV"))
        try other.write(to: URL(fileURLWithPath: fixture.path("IMG_0001.MOV")))
        let (plan, result) = try run(fixture)
        #expect(plan.items.isEmpty)
        #expect(result.failures == [FileFailure(path: "IMG_0001.MOV", reason: .changed)])
        #expect(result.held == [PairHold(path: "IMG_0001.JPG", partner: "IMG_0001.MOV", isStill: true, reason: .partnerNotMoved)])
        #expect(fixture.names(fixture.trash).isEmpty)
        #expect(fixture.names(fixture.folder) == ["IMG_0001.JPG", "IMG_0001.MOV", "other.mp4"])
    }

    @Test func aLikeOfTheVideoDuringApplyKeepsIt() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        let (record, _) = try fixture.decide([.delete, nil, nil])
        let plan = try ApplyDeletions.plan(store: fixture.store, folder: record)
        // The video is liked (another window) after the still has moved, before the video's turn.
        let storePath = fixture.store.path, folder = fixture.folder
        let apply = ApplyDeletions(folder: record, storePath: storePath, environment: fixture.environment,
                                   between: ActBetweenFiles(at: 1) {
                                       guard let other = try? Store(path: storePath), let record = try? other.folder(at: folder),
                                             let clips = try? other.sync(record, with: FolderScan.scan(folder)).clips,
                                             var session = try? other.session(for: record, deck: clips),
                                             let video = clips.firstIndex(where: { $0.relativePath == "IMG_0001.MOV" }) else { return }
                                       session.resume(at: video)
                                       if let outcome = session.perform(.like) { try? other.record(outcome, session: session, folder: record) }
                                   })
        let result = apply.settle(apply.move(plan.items, pairs: plan.pairs), plan: plan, store: fixture.store)
        #expect(result.moves.moved.map(\.relativePath) == ["IMG_0001.JPG"])
        #expect(result.failures == [FileFailure(path: "IMG_0001.MOV", reason: .notMarked)])
        #expect(fixture.names(fixture.folder) == ["IMG_0001.MOV", "other.mp4"])
    }

    @Test func theTrashGivesBothHalvesBackToTheirPlaces() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        try fixture.decide([.delete, nil, nil])
        _ = try run(fixture)
        #expect(fixture.names(fixture.trash) == ["IMG_0001.JPG", "IMG_0001.MOV"])
        // What the Files app's Restore does: each file back to its .trashinfo's Path.
        let info = fixture.trash.deletingLastPathComponent().appendingPathComponent("info")
        for name in fixture.names(info) {
            let text = try String(contentsOf: info.appendingPathComponent(name), encoding: .utf8)
            let path = try #require(text.split(separator: "\n").first { $0.hasPrefix("Path=") }?.dropFirst(5).removingPercentEncoding)
            try FileManager.default.moveItem(at: fixture.trash.appendingPathComponent(String(name.dropLast(".trashinfo".count))),
                                             to: URL(fileURLWithPath: path))
        }
        #expect(fixture.names(fixture.folder) == ["IMG_0001.JPG", "IMG_0001.MOV", "other.mp4"])
        for (name, bytes) in LivePhotoMedia.files {
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path(name))) == bytes)
        }
        // Back in the deck as one undecided Live Photo, nothing left to move.
        let (_, clips) = try fixture.decide([])
        #expect(clips.map(\.relativePath) == ["IMG_0001.JPG", "IMG_0001.MOV", "other.mp4"])
        #expect(clips.allSatisfy { $0.decision == nil })
        #expect(try run(fixture).0.items.isEmpty)
    }
}

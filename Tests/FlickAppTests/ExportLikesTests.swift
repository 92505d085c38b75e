import FlickApp
import FlickCore
import FlickMedia
import FlickStore
import Foundation
import Synchronization
import Testing

/// Export Likes in each form, on real clips: what each wrote, and each
/// clip it left out with why — a stitch leaves an unreadable clip out,
/// names it, and joins the rest.
@Suite(.serialized) struct ExportLikesTests {
    /// Deck order: bad.mp4 (not a video), two sample clips, a photo.
    static let files: [(String, Data?)] = [("bad.mp4", Data("not a video at all".utf8)), ("beach_rally_01.mp4", nil),
                                           ("beach_rally_02.mp4", nil), ("team_photo.jpg", nil)]

    private func likes(_ fixture: AppFixture) throws -> ExportLikes {
        let (record, clips) = try fixture.decide([.like, .like, .like, .like])
        return ExportLikes(items: try ExportLikes.likes(of: clips, folder: record.path).items)
    }

    private func output(_ fixture: AppFixture, _ name: String) -> String { fixture.root.appendingPathComponent(name).path }

    @Test func aStitchLeavesAnUnreadableClipOutNamesItAndJoinsTheRest() throws {
        let fixture = try AppFixture(Self.files)
        let export = try likes(fixture)
        var heard: [LeftOut] = []
        let stitched = export.stitch(to: output(fixture, "joined.mp4"), replace: false, leavingOut: { heard = $0 })
        #expect(stitched.outcome.isWritten)
        #expect(stitched.joined == 2 && stitched.liked == 4)
        #expect(stitched.leftOut.map(\.relativePath) == ["bad.mp4", "team_photo.jpg"])
        guard case .unreadable(let error) = stitched.leftOut.first?.reason else {
            Issue.record("bad.mp4 left out as \(String(describing: stitched.leftOut.first))")
            return
        }
        #expect(error.file.hasSuffix("bad.mp4"))
        #expect(stitched.leftOut.last?.reason == .photo)
        #expect(heard == stitched.leftOut)
        let joined = try ClipDiscovery.discover(path: output(fixture, "joined.mp4"))
        #expect(abs((joined.duration ?? 0) - 7) < 0.3)
    }

    @Test func aStitchWithNothingToJoinWritesNothingAndNamesEveryClipLeftOut() throws {
        let fixture = try AppFixture([("bad.mp4", Data("not a video".utf8)), ("team_photo.jpg", nil)])
        let (record, clips) = try fixture.decide([.like, .like])
        let export = ExportLikes(items: try ExportLikes.likes(of: clips, folder: record.path).items)
        let stitched = export.stitch(to: output(fixture, "joined.mp4"), replace: false)
        guard case .nothingToWrite = stitched.outcome else {
            Issue.record("outcome: \(stitched.outcome)")
            return
        }
        #expect(stitched.leftOut.map(\.relativePath) == ["bad.mp4", "team_photo.jpg"])
        #expect(!FileManager.default.fileExists(atPath: output(fixture, "joined.mp4")))
    }

    @Test func aPlaylistHoldsEveryLikeWithItsLength() throws {
        let fixture = try AppFixture(Self.files)
        let export = try likes(fixture)
        var fractions: [Double] = []
        let written = export.playlist(to: output(fixture, "likes.m3u"), replace: false, progress: { fractions.append($0.fraction) })
        #expect(written.outcome.isWritten)
        #expect(written.entries == 4)
        #expect(fractions.last == 1)
        let text = try String(contentsOfFile: output(fixture, "likes.m3u"), encoding: .utf8)
        #expect(text.contains("#EXTINF:4,beach_rally_01\n" + fixture.path("beach_rally_01.mp4")))
        #expect(text.contains("#EXTINF:-1,bad\n"))
        #expect(text.contains("#EXTINF:-1,team_photo\n"))
    }

    @Test func aCancelledPlaylistWritesNothing() throws {
        let fixture = try AppFixture(Self.files)
        let written = try likes(fixture).playlist(to: output(fixture, "likes.m3u"), replace: false, isCancelled: { true })
        guard case .cancelled = written.outcome else {
            Issue.record("not cancelled: \(written.outcome)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: output(fixture, "likes.m3u")))
    }

    @Test func copiesGoBesideEachOtherAndACancelBetweenFilesLeavesNothingPartial() throws {
        let fixture = try AppFixture(Self.files)
        let (record, clips) = try fixture.decide([.like, .like, .like, .like])
        let items = try ExportLikes.likes(of: clips, folder: record.path).items
        let all = ExportLikes(items: items).copies(into: output(fixture, "all"), link: false)
        #expect(all.moved.map(\.relativePath) == ["bad.mp4", "beach_rally_01.mp4", "beach_rally_02.mp4", "team_photo.jpg"])
        #expect(all.failures.isEmpty && !all.cancelled)
        let cancel = Atomic<Bool>(false)
        let stopped = ExportLikes(items: items, between: ActBetweenFiles(at: 2) { cancel.store(true, ordering: .relaxed) })
            .copies(into: output(fixture, "some"), link: false, isCancelled: { cancel.load(ordering: .relaxed) })
        #expect(stopped.cancelled)
        #expect(stopped.moved.map(\.relativePath) == ["bad.mp4", "beach_rally_01.mp4"])
        #expect(fixture.names(URL(fileURLWithPath: output(fixture, "some"))) == ["bad.mp4", "beach_rally_01.mp4"])
    }

    @Test func timelinesLeaveTheUnreadableClipOutOfBothAndWriteTheRest() throws {
        let fixture = try AppFixture(Self.files)
        let export = try likes(fixture)
        let (mlt, otio) = (output(fixture, "likes.mlt"), output(fixture, "likes.otio"))
        var written: [String] = []
        let made = export.timelines([(.mlt, mlt, mlt), (.otio, otio, otio)], title: "clips likes", photoSeconds: 5, replace: false,
                                    writing: { written.append($0) })
        #expect(made.leftOut.map(\.relativePath) == ["bad.mp4"])
        #expect(made.writes.map(\.form) == [.mlt, .otio])
        #expect(made.writes.allSatisfy { $0.outcome.isWritten })
        #expect(made.writes.map { $0.timeline.clips.count } == [3, 3])
        #expect(written == [mlt, otio])
        #expect(LikesTimeline.seconds(made.writes[0].timeline) == 12)
        #expect(try String(contentsOfFile: mlt, encoding: .utf8).contains("beach_rally_02.mp4"))
    }

    @Test func aTimelineNoClipCanGoInIsNotWritten() throws {
        let fixture = try AppFixture([("bad.mp4", Data("not a video".utf8))])
        let export = try likes1(fixture)
        let mlt = output(fixture, "likes.mlt")
        let made = export.timelines([(.mlt, mlt, mlt)], title: "t", photoSeconds: 5, replace: false)
        guard case .nothingToWrite = made.writes.first?.outcome else {
            Issue.record("written: \(made.writes)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: mlt))
    }

    @Test func aLikedFileGoneIsRefusedByNameBeforeAnyForm() throws {
        let fixture = try AppFixture(Self.files)
        let (record, clips) = try fixture.decide([.like, .like, .like, .like])
        try FileManager.default.removeItem(atPath: fixture.path("beach_rally_02.mp4"))
        let likes = try ExportLikes.likes(of: clips, folder: record.path)
        #expect(likes.refused == [FileFailure(path: "beach_rally_02.mp4", reason: .gone)])
        #expect(likes.items.map(\.relativePath) == ["bad.mp4", "beach_rally_01.mp4", "team_photo.jpg"])
    }

    private func likes1(_ fixture: AppFixture) throws -> ExportLikes {
        let (record, clips) = try fixture.decide([.like])
        return ExportLikes(items: try ExportLikes.likes(of: clips, folder: record.path).items)
    }
}

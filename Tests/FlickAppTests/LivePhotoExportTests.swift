import FlickApp
import FlickCore
import FlickStore
import Foundation
import Testing

/// Export of a liked Live Photo (IMG_0001.JPG + IMG_0001.MOV, made with
/// ffmpeg): copies take both files; a playlist and a timeline take the
/// video, which stands for the still.
@Suite(.serialized) struct LivePhotoExportTests {
    private func likes(_ fixture: AppFixture, _ decisions: [Decision?]) throws -> ExportLikes {
        let (record, clips) = try fixture.decide(decisions)
        return ExportLikes(items: try ExportLikes.likes(of: clips, folder: record.path).items)
    }

    @Test func copiesOfALikedStillTakeItsVideo() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        let export = try likes(fixture, [.like, nil, .delete])
        #expect(export.items.map(\.relativePath) == ["IMG_0001.JPG", "IMG_0001.MOV"])
        let copies = fixture.root.appendingPathComponent("copies")
        let report = export.copies(into: copies.path, link: false)
        #expect(report.failures.isEmpty)
        #expect(fixture.names(copies) == ["IMG_0001.JPG", "IMG_0001.MOV"])
    }

    @Test func aTimelineAndAPlaylistTakeTheVideoNotTheStill() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        let export = try likes(fixture, [.like, nil, .like])
        let otio = fixture.root.appendingPathComponent("likes.otio").path
        let made = export.timelines([(form: .otio, shown: otio, writing: otio)], title: "Likes", photoSeconds: 3, replace: false)
        let clips = try #require(made.writes.first?.timeline.clips)
        #expect(clips.map { ($0.path as NSString).lastPathComponent } == ["IMG_0001.MOV", "other.mp4"])
        let playlist = fixture.root.appendingPathComponent("likes.m3u8").path
        let written = export.playlist(to: playlist, replace: false)
        #expect(written.entries == 2)
        let text = try String(contentsOfFile: playlist, encoding: .utf8)
        #expect(text.contains("IMG_0001.MOV") && !text.contains("IMG_0001.JPG"))
    }

    @Test func aLikedVideoTakesItsStillIntoCopiesOnly() throws {
        let fixture = try AppFixture(LivePhotoMedia.fixtureFiles)
        let export = try likes(fixture, [nil, .like, nil])
        #expect(export.items.map(\.relativePath) == ["IMG_0001.JPG", "IMG_0001.MOV"])
        let otio = fixture.root.appendingPathComponent("likes.otio").path
        let made = export.timelines([(form: .otio, shown: otio, writing: otio)], title: "Likes", photoSeconds: 3, replace: false)
        #expect(made.writes.first?.timeline.clips.map { ($0.path as NSString).lastPathComponent } == ["IMG_0001.MOV"])
    }
}

import FlickApp
import FlickCore
import FlickMedia
import Foundation
import Synchronization
import Testing

/// Facts read ahead of the top card without a window: only the cards near
/// the top are read, and a photo's size comes from the reader it is given.
@MainActor
@Suite struct ClipFactsReaderTests {
    @Test func aNewDeckReadsTheFortyCardsAheadAndNoMore() async throws {
        let sink = DecisionRecorder()
        let model = ReviewModel(sink: sink)
        let clips = (0..<(ClipFactsReader.window + 10)).map {
            ReviewClip(id: Int64($0 + 1), relativePath: "c\($0).mp4", name: "c\($0).mp4", kind: .video)
        }
        let read = Mutex<[String]>([])
        var delivered: [Int64] = []
        var allRead: CheckedContinuation<Void, Never>?
        let reader = ClipFactsReader(model: model, service: MediaService(capacity: 100), read: { path, _ in
            read.withLock { $0.append((path as NSString).lastPathComponent) }
            return ClipInfo(duration: 8, width: 1920, height: 1080)
        }, deliver: { result, id in
            if case .success(let info) = result { model.setFacts(clipID: id, duration: info.duration, summary: "0:08") }
            delivered.append(id)
            if delivered.count == ClipFactsReader.window { allRead?.resume() }
        })
        model.onChange = { reader.render($0) }
        await withCheckedContinuation { continuation in
            allRead = continuation
            model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))), folder: "/card")
        }
        #expect(read.withLock { $0 } == (0..<ClipFactsReader.window).map { "c\($0).mp4" }, "nearest first, forty ahead")
        #expect(model.facts(at: ClipFactsReader.window).duration == nil, "the 41st card waits until the cursor comes near")
        #expect(model.facts(at: 0).duration == 8)
    }

    @Test func aPhotosSizeComesFromThePhotoReaderAndAVideoNeverAsksIt() throws {
        let fixture = try AppFixture([("p.jpg", Data("not really a jpeg".utf8))])
        let info = try ClipFactsReader.read(path: fixture.path("p.jpg"), kind: .photo, photoSize: { _ in (width: 3000, height: 4000) })
        #expect(info.width == 3000 && info.height == 4000)
        #expect(throws: MediaError.self) {
            try ClipFactsReader.read(path: fixture.path("p.jpg"), kind: .video, photoSize: { _ in Issue.record("asked a video's photo size"); return (1, 1) })
        }
    }
}

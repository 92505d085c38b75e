import Testing
@testable import FlickCore

@MainActor
@Suite struct ReviewModelKeepTests {
    /// Six photos with ids 11…16 at positions 0…5.
    private static func model() -> (ReviewModel, BatchSink) {
        let sink = BatchSink()
        let model = ReviewModel(sink: sink)
        let clips = (0..<6).map { ReviewClip(id: Int64(11 + $0), relativePath: "IMG_\($0).jpg", name: "IMG_\($0).jpg", kind: .photo) }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        return (model, sink)
    }

    @Test func keepingOneLikesItAndMarksTheOthersSavedInOneGo() {
        let (model, sink) = Self.model()
        var changes: [ReviewChange] = []
        model.onChange = { changes.append($0) }
        #expect(model.keep(12, marking: [13, 14]))
        #expect(model.decision(at: 1) == .like)
        #expect(model.decision(at: 2) == .delete && model.decision(at: 3) == .delete)
        #expect(model.decision(at: 0) == nil && model.decision(at: 4) == nil, "nothing else is decided")
        #expect(sink.batches == [[.decided(position: 1, decision: .like), .decided(position: 2, decision: .delete),
                                  .decided(position: 3, decision: .delete)]])
        #expect(model.cursor == 0, "the top card stays where it was")
        #expect(changes.count == 1 && changes[0].decisions)
        #expect(changes[0].event == .kept(name: "IMG_1.jpg", marked: 2, kind: .similar, left: 3))
    }

    /// Compare's keep is K's event: the stack's kind, and what is left.
    @Test func keepingOneOfCopiesSaysSoAsKDoes() {
        let (model, _) = Self.model()
        model.setInsights(DeckInsights(groups: [.init(id: 1, kind: .copy, members: [13, 14])], progress: .done))
        model.perform(.like)
        #expect(model.keep(13, marking: [14]))
        #expect(model.lastEvent == .kept(name: "IMG_2.jpg", marked: 1, kind: .copy, left: 3))
    }

    @Test func oneUndoTakesTheWholeKeepBack() {
        let (model, sink) = Self.model()
        model.perform(.skip)
        model.keep(13, marking: [14])
        #expect(model.perform(.undo) == .batchUndone(count: 2))
        #expect(sink.batches.last?.count == 2, "the undo is saved in one go too")
        #expect(model.decision(at: 2) == nil && model.decision(at: 3) == nil)
        #expect(model.decision(at: 0) == .skip, "the step before stays")
    }

    @Test func decisionsAlreadyThereAreLeftAloneAndGoneClipsIgnored() {
        let (model, sink) = Self.model()
        model.decide(.delete, at: [3])
        #expect(model.keep(12, marking: [14, 12, 99, 14]))
        #expect(sink.batches.last == [.decided(position: 1, decision: .like)], "14 was marked already; 12 is the kept one; 99 is gone")
        #expect(!model.keep(12, marking: [14]), "nothing left to change")
        #expect(!model.keep(99, marking: [11]), "a kept clip that left the deck decides nothing")
        #expect(model.decision(at: 0) == nil)
    }

    @Test func aFailedSaveTakesItAllBack() {
        let (model, sink) = Self.model()
        sink.failing = true
        #expect(!model.keep(11, marking: [12]))
        #expect(model.decision(at: 0) == nil && model.decision(at: 1) == nil)
        #expect(model.session.history.isEmpty)
        #expect(model.lastEvent == .notSaved(reason: "disk full"))
    }
}

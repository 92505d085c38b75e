import Testing
@testable import FlickCore

/// Files that appear, leave or are renamed under an open deck reach it
/// without a rescan: right deck, right decisions, top card kept.
@MainActor
@Suite struct ReviewModelChangeTests {
    private static func clip(_ id: Int64, _ name: String, version: String = "v1") -> ReviewClip {
        ReviewClip(id: id, relativePath: name, name: name, kind: .video, version: version)
    }

    /// a, b, c, d with a liked and b deleted: c on top.
    private static func model() -> ReviewModel {
        let model = ReviewModel(sink: KeepingSink())
        let clips = ["clip1.mp4", "clip2.mp4", "clip10.mp4", "clip20.mp4"].enumerated().map { clip(Int64($0.offset + 1), $0.element) }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        model.perform(.like)
        model.perform(.delete)
        return model
    }

    private func names(_ model: ReviewModel) -> [String] { model.clips.map(\.relativePath) }

    @Test func anAddedFileGoesInNameOrderUndecidedAndTheTopCardStays() {
        let model = Self.model()
        var updates: [ReviewChange] = []
        model.onChange = { updates.append($0) }
        #expect(model.apply(DeckChange(placed: [Self.clip(9, "clip3.mp4")], decisions: [nil])))
        #expect(names(model) == ["clip1.mp4", "clip2.mp4", "clip3.mp4", "clip10.mp4", "clip20.mp4"])
        #expect(model.session.deck.decisions == [.like, .delete, nil, nil, nil])
        #expect(model.top?.relativePath == "clip10.mp4")
        #expect(updates == [ReviewChange(deck: .rescanned, decisions: true)])
    }

    @Test func aRemovedFileLeavesAndUndoStillTakesBackTheRightClip() {
        let model = Self.model()
        model.apply(DeckChange(removed: [1]))
        #expect(names(model) == ["clip2.mp4", "clip10.mp4", "clip20.mp4"])
        #expect(model.session.deck.decisions == [.delete, nil, nil])
        #expect(model.top?.relativePath == "clip10.mp4")
        #expect(model.perform(.undo) != .unavailable)
        #expect(model.top?.relativePath == "clip2.mp4" && model.decision(at: 0) == nil)
        #expect(model.perform(.undo) == .unavailable)  // the step about the removed clip left with it
    }

    @Test func aRenamedFileMovesWithItsDecisionAndHistory() {
        let model = Self.model()
        model.apply(DeckChange(removed: [2], placed: [Self.clip(2, "clip99.mp4")], decisions: [.delete]))
        #expect(names(model) == ["clip1.mp4", "clip10.mp4", "clip20.mp4", "clip99.mp4"])
        #expect(model.session.deck.decisions == [.like, nil, nil, .delete])
        #expect(model.top?.relativePath == "clip10.mp4")
        #expect(model.perform(.undo) != .unavailable)
        #expect(model.top?.relativePath == "clip99.mp4" && model.decision(at: 3) == nil)
    }

    @Test func aFileReplacedUnderTheSameNameIsANewUndecidedCard() {
        let model = Self.model()
        model.apply(DeckChange(removed: [2], placed: [Self.clip(7, "clip2.mp4", version: "v2")], decisions: [nil]))
        #expect(names(model) == ["clip1.mp4", "clip2.mp4", "clip10.mp4", "clip20.mp4"])
        #expect(model.clips.map(\.id) == [1, 7, 3, 4])
        #expect(model.session.deck.decisions == [.like, nil, nil, nil])
        #expect(model.top?.relativePath == "clip10.mp4")
    }

    @Test func removingTheTopCardPutsTheNextUndecidedOnTop() {
        let model = Self.model()
        model.apply(DeckChange(removed: [3]))
        #expect(model.top?.relativePath == "clip20.mp4")
    }

    @Test func anEmptyChangePublishesNothing() {
        let model = Self.model()
        var updates: [ReviewChange] = []
        model.onChange = { updates.append($0) }
        #expect(!model.apply(DeckChange()))
        #expect(updates.isEmpty)
    }

    @Test func oneFileOnA100000ClipDeckIsNotQuadratic() {
        let model = ReviewModel(sink: KeepingSink())
        let clips = (0..<100_000).map { Self.clip(Int64($0 + 1), "clip_\($0).mp4") }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        model.perform(.like)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            model.apply(DeckChange(placed: [Self.clip(200_000, "clip_5.5.mp4")], decisions: [nil]))
            model.apply(DeckChange(removed: [200_000]))
        }
        #expect(model.count == 100_000 && model.top?.relativePath == "clip_1.mp4")
        #expect(elapsed < .seconds(2))  // debug build; quadratic work would take minutes
    }
}

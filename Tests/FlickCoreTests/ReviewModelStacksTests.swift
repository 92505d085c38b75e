import Testing
@testable import FlickCore

/// Stacks in the review model: one card, K keeps the one on top, a plain
/// decision takes the whole stack, one undo takes it all back.
@MainActor
@Suite struct ReviewModelStacksTests {
    /// a.jpg, a burst of three (ids 2, 3, 4), live.heic + live.mov (5, 6), z.jpg.
    private static func model(insights: DeckInsights = ReviewModelStacksTests.insights) -> (ReviewModel, BatchSink) {
        let sink = BatchSink()
        let model = ReviewModel(sink: sink)
        let names = ["a.jpg", "IMG_2001_BURST001.jpg", "IMG_2001_BURST002.jpg", "IMG_2001_BURST003.jpg", "live.heic", "live.mov", "z.jpg"]
        let clips = names.enumerated().map { index, name in
            ReviewClip(id: Int64(index + 1), relativePath: name, name: name, kind: name.hasSuffix(".mov") ? .video : .photo)
        }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        model.setInsights(insights)
        return (model, sink)
    }

    private static let insights = DeckInsights(groups: [
        .init(id: 1, kind: .similar, members: [2, 3, 4]),
        .init(id: 2, kind: .live, members: [5, 6]),
    ], progress: .done)

    @Test func theDeckShowsOneCardPerStack() {
        let (model, _) = Self.model()
        #expect(model.topStack == nil)
        #expect(model.upcoming(beneath: 3) == [0, 1, 4, 6], "a stack's other members are never cards")
        model.perform(.like)
        #expect(model.topStack == ReviewModel.StackCard(kind: .similar, members: [1, 2, 3], shown: 0))
        #expect(model.allows(.keepOne) && model.allows(.member))
    }

    @Test func stepsThroughTheMembersOnTheCard() {
        let (model, sink) = Self.model()
        model.perform(.like)
        var changes: [ReviewChange] = []
        model.onChange = { changes.append($0) }
        #expect(model.showMember(offset: 1))
        #expect(model.top?.name == "IMG_2001_BURST002.jpg")
        #expect(changes.last?.event == .showingMember(name: "IMG_2001_BURST002.jpg", index: 1, count: 3, kind: .similar, decision: nil))
        #expect(changes.last?.cursor == .jumped && changes.last?.decisions == false)
        #expect(model.showMember(offset: -2))
        #expect(model.top?.name == "IMG_2001_BURST003.jpg", "round the stack")
        #expect(sink.batches.isEmpty && sink.single.count == 1, "nothing is decided by looking")
    }

    @Test func keepThisOneKeepsTheMemberOnTopAndMarksTheRestAsOneStep() {
        let (model, sink) = Self.model()
        model.perform(.like)
        model.showMember(offset: 1)
        var changes: [ReviewChange] = []
        model.onChange = { changes.append($0) }
        #expect(model.keepTop())
        #expect((1...3).map { model.decision(at: $0) } == [.delete, .like, .delete])
        #expect(sink.batches == [[.decided(position: 2, decision: .like), .decided(position: 1, decision: .delete),
                                  .decided(position: 3, decision: .delete)]], "saved in one go, each file its own decision")
        #expect(changes.count == 1 && changes[0].step == .decided(position: 2, decision: .like), "the card flies off as kept")
        #expect(changes[0].event == .kept(name: "IMG_2001_BURST002.jpg", marked: 2, kind: .similar, left: 3))
        #expect(model.cursor == 4, "on to the next card")
        #expect(model.topStack?.kind == .live)

        // One undo takes all of it back, with the kept member on top.
        #expect(model.perform(.undo) == .batchUndone(count: 3))
        #expect((1...3).allSatisfy { model.decision(at: $0) == nil })
        #expect(model.top?.name == "IMG_2001_BURST002.jpg")
        #expect(model.perform(.undo) != .unavailable)
        #expect(model.decision(at: 0) == nil, "the step before the stack is the next undo")
    }

    @Test func aPlainDecisionDecidesTheWholeStack() {
        let (model, sink) = Self.model()
        model.perform(.like)
        #expect(model.request(.delete, selection: []))
        #expect((1...3).allSatisfy { model.decision(at: $0) == .delete })
        #expect(model.lastEvent == .decidedStack(name: "IMG_2001_BURST001.jpg", decision: .delete, count: 3, kind: .similar, left: 3))
        #expect(sink.batches.last?.count == 3)
        // A Live Photo is one decision for both files, K included.
        #expect(model.keepTop())
        #expect(model.decision(at: 4) == .like && model.decision(at: 5) == .like)
        #expect(model.top?.name == "z.jpg" && model.topStack == nil)
        #expect(!model.allows(.keepOne) && !model.keepTop() && !model.showMember(offset: 1))
    }

    @Test func aStackThatCannotBeSavedIsTakenBack() {
        let (model, sink) = Self.model()
        model.perform(.like)
        sink.failing = true
        #expect(!model.keepTop())
        #expect((1...3).allSatisfy { model.decision(at: $0) == nil } && model.cursor == 1)
        #expect(model.lastEvent == .notSaved(reason: "disk full"))
    }

    @Test func theLastStackEndsTheDeck() {
        let (model, _) = Self.model(insights: DeckInsights(groups: [.init(id: 1, kind: .copy, members: [6, 7])]))
        for _ in 0..<5 { model.perform(.skip) }
        #expect(model.topStack?.kind == .copy)
        #expect(model.keepTop())
        #expect(model.isFinished)
        guard case .finished? = model.lastEvent else {
            Issue.record("the end is said, not the stack: \(String(describing: model.lastEvent))")
            return
        }
    }

    @Test func noInsightsLeaveTheDeckAsItWas() {
        let (model, sink) = Self.model(insights: DeckInsights(progress: .off))
        #expect(model.upcoming(beneath: 3) == [0, 1, 2, 3])
        model.perform(.like)
        #expect(model.topStack == nil && !model.allows(.keepOne) && !model.keepTop() && !model.showMember(offset: 1))
        model.perform(.delete)
        #expect(sink.single == [.decided(position: 0, decision: .like), .decided(position: 1, decision: .delete)])
        #expect(sink.batches.isEmpty && model.decision(at: 2) == nil && model.cursor == 2)
    }

    /// Exact copies whose extra copy sorts first: the analysis gives the
    /// original first (the one not suggested as an extra copy), and the
    /// card and the overview's tile show it on top, where it stands.
    @Test func aCopiesCardShowsTheOriginalOnTopAndItsTileToo() {
        let sink = BatchSink()
        let model = ReviewModel(sink: sink)
        let names = ["IMG_2002 copy.jpg", "IMG_2002(1).jpg", "IMG_2002.jpg", "z.jpg"]
        let clips = names.enumerated().map { index, name in
            ReviewClip(id: Int64(index + 1), relativePath: name, name: name, kind: .photo)
        }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        #expect(model.top?.name == "IMG_2002 copy.jpg")
        var changes: [ReviewChange] = []
        model.onChange = { changes.append($0) }
        model.setInsights(DeckInsights(groups: [.init(id: 1, kind: .copy, members: [3, 1, 2])],
                                       suggestions: [1: [.copy], 2: [.copy]], progress: .done))
        #expect(model.top?.name == "IMG_2002.jpg", "the card that became a stack shows the original")
        #expect(model.topStack == ReviewModel.StackCard(kind: .copy, members: [2, 0, 1], shown: 0))
        #expect(changes.last?.cursor == .jumped && changes.last?.insights == true)
        #expect(model.upcoming(beneath: 1) == [2, 3])
        let tiles = model.overviewTiles(matching: .all)
        #expect(tiles.positions == [2, 3], "the stack's tile shows the original too")
        #expect(tiles.members(at: 0) == [2, 0, 1])
        // K on the card keeps the original and marks both copies.
        #expect(model.keepTop())
        #expect((0...2).map { model.decision(at: $0) } == [.delete, .delete, .like])
        #expect(model.top?.name == "z.jpg")
    }

    @Test func stacksFollowTheDeckWhenFilesChange() {
        let (model, _) = Self.model()
        // A new file sorts first: every position moves on by one.
        model.apply(DeckChange(placed: [ReviewClip(id: 9, relativePath: "0.jpg", name: "0.jpg", kind: .photo)], decisions: [nil]))
        #expect(model.stack(at: 2)?.members == [2, 3, 4])
        #expect(model.top?.name == "a.jpg", "the top card stays on top")
        #expect(model.upcoming(beneath: 3) == [1, 2, 5, 7])
    }
}

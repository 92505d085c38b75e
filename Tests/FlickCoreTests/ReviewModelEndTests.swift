import Testing
@testable import FlickCore

/// The deck's end is true: the end says "all reviewed" exactly when no
/// clip is undecided anywhere, names the first undecided one otherwise,
/// and a decision moves on to the next clip the pass visits (undecided,
/// every one, or skipped), never to one already decided.
@MainActor
@Suite struct ReviewModelEndTests {
    private static func model(count: Int = 6, decisions: [Decision?] = []) -> ReviewModel {
        let model = ReviewModel(sink: KeepingSink())
        let clips = (0..<count).map { ReviewClip(id: Int64($0 + 1), relativePath: "c\($0).mp4", name: "c\($0).mp4", kind: .video) }
        var session = ReviewSession(deck: Deck(ids: clips.map(\.id)))
        session.restore(decisions: decisions + Array(repeating: nil, count: count - decisions.count))
        session.resume()
        model.load(clips: clips, session: session)
        return model
    }

    @Test func aClipLeftBehindByAnOverviewJumpIsNamedAtTheEnd() {
        let model = Self.model(count: 4)
        model.perform(.like)                 // c0
        model.show(at: 2)                    // c1 left behind, undecided
        model.perform(.like)                 // c2
        model.perform(.delete)               // c3: the deck's end
        #expect(model.isFinished)
        #expect(!model.isAllDecided && model.undecidedCount == 1)
        #expect(model.lastEvent == .stillUndecided(count: 1, first: "c1.mp4", last: .init(name: "c3.mp4", decision: .delete)),
                "the end never says all clips are reviewed while c1 is not")
        #expect(model.showUndecided())
        #expect(model.cursor == 1 && model.top?.name == "c1.mp4", "the end takes the user to it")
        model.perform(.skip)
        #expect(model.isFinished && model.isAllDecided)
        guard case .finished(let stats, _) = model.lastEvent else {
            Issue.record("deciding the last undecided clip reaches the finished end, not c2: \(String(describing: model.lastEvent))")
            return
        }
        #expect(stats.decided == 4)
    }

    @Test func afterTheLastUndecidedClipTheDeckEndsInsteadOfShowingDecidedOnes() {
        // A folder reopened with new clips (subfolders) among decided ones.
        let model = Self.model(count: 5, decisions: [.like, nil, .like, nil, .delete])
        #expect(model.cursor == 1)
        model.perform(.like)
        #expect(model.cursor == 3, "the liked c2 is not shown again: the next undecided clip is")
        model.perform(.skip)
        #expect(model.isFinished, "0 left: the finished page, not the already-marked c4")
        #expect(model.undecidedCount == 0)
    }

    @Test func goingThroughTheSkippedVisitsExactlyTheSkippedThenEnds() {
        let model = Self.model(count: 6, decisions: [.skip, .like, .skip, .like, .delete, .skip])
        #expect(model.isFinished)
        #expect(model.reviewSkipped())
        var seen = [model.top?.name]
        model.perform(.like)
        seen.append(model.top?.name)
        model.perform(.skip)                 // still skipped: on to the next skipped
        seen.append(model.top?.name)
        model.perform(.delete)
        #expect(seen == ["c0.mp4", "c2.mp4", "c5.mp4"], "only the skipped ones, never the liked c1 or c3")
        #expect(model.isFinished, "then back to the finished page")
        guard case .finished(let stats, _) = model.lastEvent else {
            Issue.record("the pass ends on the finished page: \(String(describing: model.lastEvent))")
            return
        }
        #expect(stats.skips == 1)
    }

    @Test func nextMovesOnFromADecidedCardWithoutDecidingIt() {
        let model = Self.model(count: 4, decisions: [.like, .delete])
        #expect(model.cursor == 2)
        #expect(!model.moveOn(), "an undecided card is decided, not passed")
        model.perform(.previous)             // c1, marked
        #expect(model.topIsDecided)
        let history = model.session.history.count
        #expect(model.moveOn())
        #expect(model.cursor == 2 && model.decision(at: 1) == .delete, "c1 keeps its decision")
        #expect(model.session.history.count == history, "nothing to undo: nothing changed")
        #expect(model.lastEvent == .movedOn(name: "c2.mp4", decision: nil))
        model.reviewAgain()
        #expect(model.moveOn() && model.cursor == 1, "review again: Next goes to the next card")
    }

    @Test func reviewingAgainVisitsEveryCardInOrder() {
        let model = Self.model(count: 3, decisions: [.like, .like, .delete])
        model.reviewAgain()
        model.perform(.skip)
        #expect(model.cursor == 1, "review again goes through every card, decided or not")
        model.perform(.like)
        model.perform(.like)
        #expect(model.isFinished && model.isAllDecided)
    }

    @Test func aClipThatAppearsAtTheEndBringsTheDeckBack() {
        let model = Self.model(count: 2, decisions: [.like, .like])
        #expect(model.isFinished)
        let clips = model.clips + [ReviewClip(id: 9, relativePath: "c2.mp4", name: "c2.mp4", kind: .video)]
        model.reload(clips: clips, session: model.session.rebased(ids: clips.map(\.id), decisions: [.like, .like, nil]))
        #expect(!model.isFinished && model.top?.name == "c2.mp4", "a rescan's new clip is on top, not a finished page")
    }

    @Test func theCardsBeneathAreTheOnesEachDecisionBringsOnTop() {
        // c0 top; c1 and c3 decided already: a decision on c0 brings c2, then c4.
        let model = Self.model(count: 6, decisions: [nil, .like, nil, .delete, nil])
        #expect(model.upcoming(beneath: 2) == [0, 2, 4], "the undecided ones, not the next positions")
        model.perform(.like)
        #expect(model.cursor == 2, "the card seen beneath is the one on top after the decision")
        #expect(model.upcoming(beneath: 2) == [2, 4, 5])
        // Going through the skipped: only the skipped ones come next.
        let skipped = Self.model(count: 6, decisions: [.skip, .like, .skip, .delete, .like, .skip])
        skipped.reviewSkipped()
        #expect(skipped.upcoming(beneath: 2) == [0, 2, 5])
        skipped.perform(.like)
        #expect(skipped.upcoming(beneath: 2) == [2, 5], "the deck's end comes after the last skipped one")
        skipped.perform(.like)
        skipped.perform(.like)
        #expect(skipped.upcoming(beneath: 2).isEmpty, "nothing beneath the finished page")
    }
}

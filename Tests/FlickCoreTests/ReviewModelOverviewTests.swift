import Testing
@testable import FlickCore

@MainActor
@Suite struct ReviewModelOverviewTests {
    private static func model(count: Int = 6) -> (ReviewModel, BatchSink) {
        let sink = BatchSink()
        let model = ReviewModel(sink: sink)
        let clips = (0..<count).map { ReviewClip(id: Int64($0 + 1), relativePath: "c\($0).mp4", name: "c\($0).mp4", kind: .video) }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        return (model, sink)
    }

    @Test func decidingATileKeepsTheTopCardAndIsSavedBeforeItIsShown() {
        let (model, sink) = Self.model()
        model.perform(.like)
        var savedWhenPublished: [Int] = []
        model.onChange = { _ in savedWhenPublished.append(sink.batches.count) }
        #expect(model.decide(.delete, at: [4]))
        #expect(model.cursor == 1, "the top card stays where it was")
        #expect(model.decision(at: 4) == .delete)
        #expect(sink.batches == [[.decided(position: 4, decision: .delete)]])
        #expect(savedWhenPublished == [1])
        #expect(model.lastEvent == .decided(name: "c4.mp4", decision: .delete, left: 4),
                "left counts the clips not yet decided, as the Undecided filter does")
    }

    @Test func undoTakesATileDecisionBackInTheSameHistory() {
        let (model, _) = Self.model()
        model.perform(.like)
        model.decide(.skip, at: [3])
        #expect(model.session.history.count == 2)
        #expect(model.perform(.undo) != .unavailable)
        #expect(model.decision(at: 3) == nil && model.cursor == 3, "the undone clip comes on top")
        #expect(model.perform(.undo) != .unavailable)
        #expect(model.decision(at: 0) == nil && model.cursor == 0)
    }

    @Test func aBatchIsOneStepForUndo() {
        let (model, sink) = Self.model()
        model.decide(.like, at: [1])
        #expect(model.decide(.delete, at: [5, 2, 3, 2]))
        #expect(sink.batches.last?.count == 3, "each clip once, saved in one go")
        #expect(model.lastEvent == .decidedMany(count: 3, decision: .delete, kinds: [.video]))
        #expect(model.count(matching: .deleted) == 3 && model.count(matching: .undecided) == 2)
        #expect(model.perform(.undo) != .unavailable)
        #expect(sink.batches.last?.count == 3, "the undo of the batch is saved in one go too")
        #expect(model.lastEvent == .undidMany(count: 3))
        #expect([2, 3, 5].allSatisfy { model.decision(at: $0) == nil })
        #expect(model.decision(at: 1) == .like, "the step before the batch stays")
        #expect(model.cursor == 2, "the batch's first clip is on top, as after one undo")
        #expect(model.perform(.undo) != .unavailable)
        #expect(model.decision(at: 1) == nil)
    }

    @Test func aStepAfterABatchIsUndoneFirst() {
        let (model, _) = Self.model()
        model.decide(.skip, at: [0, 1])
        model.decide(.like, at: [4])
        model.perform(.undo)
        #expect(model.decision(at: 4) == nil && model.decision(at: 0) == .skip)
        model.perform(.undo)
        #expect(model.decision(at: 0) == nil && model.decision(at: 1) == nil)
    }

    @Test func clipsAlreadyDecidedSoMakeNoStep() {
        let (model, sink) = Self.model()
        model.decide(.like, at: [2])
        #expect(!model.decide(.like, at: [2]))
        #expect(sink.batches.count == 1 && model.session.history.count == 1)
    }

    @Test func aFailedSaveTakesTheWholeBatchBack() {
        let (model, sink) = Self.model()
        sink.failing = true
        var updates: [ReviewChange] = []
        model.onChange = { updates.append($0) }
        #expect(!model.decide(.delete, at: [0, 1, 2]))
        #expect(model.stats.decided == 0 && model.session.history.isEmpty)
        #expect(updates.map(\.rolledBack) == [true])
        #expect(model.lastEvent == .notSaved(reason: "disk full"))
    }

    @Test func filterCountsAndPositions() {
        let (model, _) = Self.model()
        model.decide(.delete, at: [1, 4])
        model.decide(.like, at: [2])
        #expect(model.positions(matching: .deleted) == [1, 4])
        #expect(model.positions(matching: .undecided) == [0, 3, 5])
        #expect(model.positions(matching: .all) == Array(0..<6))
        #expect(DecisionFilter.allCases.map { model.count(matching: $0) } == [6, 3, 1, 2, 0, 0])
    }

    @Test func theFilterIsKeptUntilAnotherFolderOpens() {
        let (model, _) = Self.model()
        model.setFilter(.skipped)
        model.reload(clips: Array(model.clips.dropLast()), session: ReviewSession(deck: Deck(ids: model.clips.dropLast().map(\.id))))
        #expect(model.filter == .skipped)
        model.load(clips: model.clips, session: ReviewSession(deck: Deck(ids: model.clips.map(\.id))))
        #expect(model.filter == .all)
    }

    @Test func showingAClipPutsItOnTopKeepingDecisions() {
        let (model, _) = Self.model()
        model.perform(.like)
        model.perform(.like)
        model.show(at: 4)
        #expect(model.cursor == 4 && model.top?.name == "c4.mp4")
        #expect(model.lastEvent == .showing(name: "c4.mp4", decision: nil))
        #expect(model.decision(at: 0) == .like && model.session.history.count == 2)
        model.show(at: 0)
        #expect(model.top?.name == "c0.mp4", "a decided clip can come back on top")
        #expect(model.lastEvent == .showing(name: "c0.mp4", decision: .like), "with its decision said")
    }

    @Test func leftCountsTheUndecidedClipsWhereverTheyAre() {
        let (model, _) = Self.model()
        model.perform(.like)
        model.show(at: 4)
        model.perform(.skip)
        #expect(model.cursor == 5)
        #expect(model.lastEvent == .decided(name: "c4.mp4", decision: .skip, left: 4))
        #expect(model.undecidedCount == model.count(matching: .undecided))
    }

    @Test func goingThroughTheSkippedPutsTheFirstSkippedOnTop() {
        let (model, _) = Self.model(count: 4)
        #expect(!model.reviewSkipped(), "nothing skipped: nothing to go through")
        model.perform(.like)
        model.perform(.skip)
        model.perform(.like)
        model.perform(.skip)
        #expect(model.isFinished)
        var changes: [ReviewChange] = []
        model.onChange = { changes.append($0) }
        #expect(model.firstSkipped == 1)
        #expect(model.reviewSkipped())
        #expect(model.cursor == 1 && !model.isFinished)
        #expect(changes == [ReviewChange(cursor: .jumped, event: .reviewingSkipped(name: "c1.mp4", count: 2))])
        #expect(model.decision(at: 1) == .skip && model.session.history.count == 4, "decisions and history stay")
        model.perform(.delete)
        #expect(model.firstSkipped == 3)
    }

    @Test func theOverviewCoversTheStackSoNothingPlays() {
        let (model, _) = Self.model()
        #expect(model.playback.shouldPlay)
        model.setOverview(shown: true)
        #expect(!model.playback.shouldPlay && model.showsOverview)
        model.setOverview(shown: false)
        #expect(model.playback.shouldPlay)
    }
}

import Testing
@testable import FlickCore

/// A decision sink that keeps what it was given, and can be told to fail.
@MainActor
private final class RecordingSink: DecisionSink {
    var problems: [Int64: String?] = [:]
    func rememberProblem(clipID: Int64, reason: String?) throws { problems[clipID] = reason }

    struct Failure: Error, CustomStringConvertible { var description: String { "disk full" } }
    var recorded: [ActionOutcome] = []
    var failing = false

    func record(_ outcome: ActionOutcome, session: ReviewSession) throws {
        if failing { throw Failure() }
        recorded.append(outcome)
    }
}

@MainActor
@Suite struct ReviewModelTests {
    private static func clips(_ names: [String]) -> [ReviewClip] {
        names.enumerated().map { index, name in
            ReviewClip(id: Int64(index + 1), relativePath: name, name: name, kind: .video, version: "v1")
        }
    }

    private static func model(_ names: [String] = ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]) -> (ReviewModel, RecordingSink, [ReviewChange]) {
        let sink = RecordingSink()
        let model = ReviewModel(sink: sink)
        let clips = clips(names)
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        return (model, sink, [])
    }

    @Test func everyDecisionReachesTheSinkBeforeItIsPublished() {
        let (model, sink, _) = Self.model()
        var seenRecorded: [Int] = []
        model.onChange = { change in
            if change.step != nil { seenRecorded.append(sink.recorded.count) }
        }
        model.perform(.like)
        model.perform(.delete)
        #expect(sink.recorded == [.decided(position: 0, decision: .like), .decided(position: 1, decision: .delete)])
        #expect(seenRecorded == [1, 2], "observers hear of an action only once it is saved")
        #expect(model.lastEvent == .decided(name: "b.mp4", decision: .delete, left: 2))
    }

    @Test func aFailedSaveTakesTheActionBack() {
        let (model, sink, _) = Self.model()
        model.perform(.like)
        sink.failing = true
        var updates: [ReviewChange] = []
        model.onChange = { updates.append($0) }
        #expect(model.perform(.delete) == .notSaved)
        #expect(model.cursor == 1 && model.decision(at: 1) == nil, "the card stays where it was, undecided")
        #expect(model.session.history.count == 1)
        #expect(updates == [ReviewChange(rolledBack: true, event: .notSaved(reason: "disk full"))])
        #expect(model.lastEvent == .notSaved(reason: "disk full"))
    }

    @Test func twoHundredActionsAreAppliedAtOnceAndPublishedInOrder() {
        let count = 400
        let (model, _, _) = Self.model((0..<count).map { "\($0).mp4" })
        let cycle: [DeckAction] = [.like, .delete, .skip, .like, .previous, .undo, .like, .delete]
        var published: [ActionOutcome] = []
        model.onChange = { change in if let step = change.step { published.append(step) } }
        var reference = ReviewSession(deck: Deck(ids: model.clips.map(\.id)))
        var expected: [ActionOutcome] = []
        for index in 0..<200 {
            let action = cycle[index % cycle.count]
            if case .step(let outcome) = model.perform(action) {
                #expect(reference.perform(action) == outcome, "action \(index) (\(action))")
                expected.append(outcome)
            } else {
                Issue.record("action \(index) (\(action)) was not applied")
            }
        }
        #expect(published == expected, "every step reaches the render pass once, in order")
        #expect(model.session.deck == reference.deck)
    }

    @Test func eachChangeSaysWhatItTouched() {
        let (model, _, _) = Self.model()
        var updates: [ReviewChange] = []
        model.onChange = { updates.append($0) }
        model.perform(.like)
        model.perform(.previous)
        model.setFilter(.liked)
        model.setOverview(shown: true)
        model.decide(.delete, at: [2, 3])
        model.show(at: 3)
        model.reviewAgain()
        model.setFacts(clipID: 2, duration: 3, summary: "0:03")
        #expect(updates == [
            ReviewChange(cursor: .stepped(.decided(position: 0, decision: .like)), decisions: true,
                         event: .decided(name: "a.mp4", decision: .like, left: 3)),
            ReviewChange(cursor: .stepped(.wentBack(to: 0)), event: .wentBack(name: "a.mp4", earlier: .like)),
            ReviewChange(filter: true),
            ReviewChange(playback: true, overview: true),
            ReviewChange(decisions: true, event: .decidedMany(count: 2, decision: .delete, kinds: [.video])),
            ReviewChange(cursor: .jumped, event: .showing(name: "d.mp4", decision: .delete)),
            ReviewChange(cursor: .jumped, event: .reviewingAgain),
            ReviewChange(facts: 2),
        ])
        #expect(updates.filter { $0.event != nil }.count == 5, "each event is said once, by the change that made it")
        #expect(updates.allSatisfy { $0.deck == nil }, "no change but a load or a scan is a new deck")
    }

    /// A clock the test sets.
    @MainActor private final class TestClock {
        var now = 100.0
    }

    @Test func theStepTimeComesFromTheClockPassedIn() {
        let sink = RecordingSink()
        let clock = TestClock()
        let model = ReviewModel(sink: sink, clock: { clock.now })
        let clips = Self.clips(["a.mp4", "b.mp4", "c.mp4"])
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        model.perform(.like)
        clock.now = 130
        model.perform(.like)
        #expect(model.stats.decisionsPerMinute == 2, "two decisions 30 s apart: two a minute")
    }

    @Test func theUndoOfferUndoesExactlyTheClipItNames() {
        let (model, _, _) = Self.model()
        model.perform(.delete)
        let first = model.undoOffer
        #expect(first?.name == "a.mp4")
        model.perform(.delete)
        let second = model.undoOffer
        #expect(second?.name == "b.mp4")
        // The older offer is no longer the latest step: it undoes nothing.
        if let first { #expect(model.undo(first) == .unavailable) }
        #expect(model.decision(at: 1) == .delete && model.cursor == 2)
        if let second { #expect(model.undo(second) != .unavailable) }
        #expect(model.decision(at: 1) == nil && model.cursor == 1 && model.decision(at: 0) == .delete)
        #expect(model.undoOffer == nil, "an offer is used once")
    }

    @Test func theUndoOfferIsWithdrawnByALaterStep() {
        let (model, _, _) = Self.model()
        model.perform(.delete)
        #expect(model.undoOffer != nil)
        model.perform(.like)
        #expect(model.undoOffer == nil, "a like after the deletion: its toast must not undo the like")
        model.perform(.undo)
        #expect(model.undoOffer?.name == "a.mp4", "undoing the like makes the deletion the latest step again")
    }

    @Test func likesAndSkipsMakeNoOffer() {
        let (model, _, _) = Self.model()
        model.perform(.like)
        model.perform(.skip)
        #expect(model.undoOffer == nil)
    }

    @Test func reloadWithNothingChangedPublishesNothing() {
        let (model, _, _) = Self.model()
        model.perform(.like)
        var updates: [ReviewChange] = []
        model.onChange = { updates.append($0) }
        var stored = ReviewSession(deck: Deck(ids: [1, 2, 3, 4]))
        stored.restore(decisions: [.like, nil, nil, nil])
        #expect(!model.reload(clips: Self.clips(["a.mp4", "b.mp4", "c.mp4", "d.mp4"]), session: stored))
        #expect(updates.isEmpty)
        #expect(model.cursor == 1)
    }

    @Test func reloadKeepsTheTopCardWhereItIsNow() {
        let (model, _, _) = Self.model()
        model.perform(.like)
        model.perform(.like)  // c.mp4 on top
        // A new file sorts first; b.mp4 was removed.
        let clips = [ReviewClip(id: 9, relativePath: "0.mp4", name: "0.mp4", kind: .video, version: "v1")]
            + Self.clips(["a.mp4", "b.mp4", "c.mp4", "d.mp4"]).filter { $0.id != 2 }
        var stored = ReviewSession(deck: Deck(ids: clips.map(\.id)))
        stored.restore(decisions: [nil, .like, nil, nil])
        #expect(model.reload(clips: clips, session: stored))
        #expect(model.top?.name == "c.mp4")
    }

    @Test func factsFollowTheClipAndAProblemClearsWhenTheFileChanges() {
        let (model, _, _) = Self.model()
        model.setProblem(clipID: 2, reason: "Can’t play b.mp4: cut short")
        model.setFacts(clipID: 3, duration: 4, summary: "0:04")
        #expect(model.facts(at: 1).problem == "Can’t play b.mp4: cut short")
        // Same files again: facts stay.
        let same = Self.clips(["a.mp4", "b.mp4", "c.mp4", "d.mp4"])
        model.reload(clips: same, session: ReviewSession(deck: Deck(ids: [1, 2, 3, 4])))
        #expect(model.facts(at: 1).problem != nil)
        // b.mp4 finished copying: a new version of the file.
        var changed = same
        changed[1] = ReviewClip(id: 2, relativePath: "b.mp4", name: "b.mp4", kind: .video, version: "v2")
        var session = ReviewSession(deck: Deck(ids: [1, 2, 3, 4]))
        session.restore(decisions: [.skip, nil, nil, nil])
        #expect(model.reload(clips: changed, session: session))
        #expect(model.facts(at: 1).problem == nil, "the error card clears once the file is complete")
        #expect(model.facts(at: 2).duration == 4, "what was learnt about unchanged files stays")
    }

    @Test func aStoredProblemShowsUntilDiscoverySucceeds() {
        let sink = RecordingSink()
        let model = ReviewModel(sink: sink)
        let clip = ReviewClip(id: 1, relativePath: "x.mp4", name: "x.mp4", kind: .video, version: "v1", storedProblem: "not a video")
        model.load(clips: [clip], session: ReviewSession(deck: Deck(ids: [1])))
        #expect(model.facts(at: 0).problem == "not a video")
    }

    @Test func playbackIntentIsOneStateAndPublished() {
        let (model, _, _) = Self.model()
        var updates: [ReviewChange] = []
        model.onChange = { updates.append($0) }
        #expect(model.playback.shouldPlay && model.playback.muted)
        model.togglePause()
        #expect(!model.playback.shouldPlay && model.lastEvent == .playback(playing: false))
        model.togglePause()
        model.setHidden(true)
        #expect(!model.playback.shouldPlay)
        model.setHidden(true)
        model.toggleMute()
        #expect(!model.playback.muted && model.lastEvent == .sound(on: true))
        #expect(updates.map(\.playback) == [true, true, true, true], "hiding twice publishes once")
        #expect(updates.map { $0.event == nil } == [false, false, true, false], "hiding the window says nothing")
    }

    @Test func speedStepsFromHalfToDoubleAndStaysFromClipToClip() {
        let (model, _, _) = Self.model()
        #expect(model.playback.rate == 1 && model.canChangeSpeed(faster: false))
        #expect(model.changeSpeed(faster: false) && model.playback.rate == 0.75)
        #expect(model.changeSpeed(faster: false) && model.playback.rate == 0.5)
        #expect(!model.changeSpeed(faster: false) && !model.canChangeSpeed(faster: false), "0.5× is the slowest")
        for _ in 0..<10 { model.changeSpeed(faster: true) }
        #expect(model.playback.rate == 2 && !model.canChangeSpeed(faster: true), "2× is the fastest")
        #expect(model.lastEvent == .speed(2))
        model.perform(.like)
        #expect(model.playback.rate == 2)
    }

    @Test func theLastDecisionFinishesWithTheSummary() {
        let (model, _, _) = Self.model(["a.mp4", "b.mp4"])
        model.perform(.like)
        model.perform(.delete)
        #expect(model.isFinished)
        guard case .finished(let stats, let last) = model.lastEvent else {
            Issue.record("expected the finished event, got \(String(describing: model.lastEvent))")
            return
        }
        #expect(stats.likes == 1 && stats.deletes == 1 && last == .init(name: "b.mp4", decision: .delete))
    }

    @Test func goingBackSaysTheEarlierDecision() {
        let (model, _, _) = Self.model()
        model.perform(.skip)
        model.perform(.previous)
        #expect(model.lastEvent == .wentBack(name: "a.mp4", earlier: .skip))
        model.perform(.undo)
        #expect(model.lastEvent == .undidPrevious(name: "b.mp4"))
        model.perform(.undo)
        #expect(model.lastEvent == .undidDecision(name: "a.mp4", decision: .skip, left: 4))
    }

    @Test func anEmptyDeckAllowsNothing() {
        let sink = RecordingSink()
        let model = ReviewModel(sink: sink)
        model.load(clips: [], session: ReviewSession(deck: Deck(count: 0)))
        for action in DeckAction.allCases { #expect(!model.canPerform(action)) }
        #expect(!model.isFinished && model.top == nil)
    }
}

@MainActor
@Suite struct ReviewModelProblemTests {
    @Test func aProblemIsRememberedAndForgottenOnceTheFileReads() {
        let sink = RecordingSink()
        let model = ReviewModel(sink: sink)
        let stored = ReviewClip(id: 1, relativePath: "a.mp4", name: "a.mp4", kind: .video, version: "v1", storedProblem: "cut short")
        let fresh = ReviewClip(id: 2, relativePath: "b.mp4", name: "b.mp4", kind: .video, version: "v1")
        model.load(clips: [stored, fresh], session: ReviewSession(deck: Deck(ids: [1, 2])))
        model.setProblem(clipID: 2, reason: "not a video")
        #expect(sink.problems[2] == .some("not a video"), "what the window learns reaches the store")
        model.setFacts(clipID: 1, duration: 3, summary: "0:03")
        #expect(sink.problems[1] == .some(nil), "a stored problem is forgotten once the file reads")
        #expect(model.facts(at: 0).problem == nil, "and the card no longer shows it")
    }
}

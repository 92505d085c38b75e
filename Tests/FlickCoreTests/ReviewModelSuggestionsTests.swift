import Testing
@testable import FlickCore

/// Suggestions are words and a deck of their own, never decisions: Review
/// Suggestions visits exactly the suggested clips and ends saying so; the
/// list of "Mark All Suggested…" ticks strong reasons only and marks
/// nothing until confirmed, then as one undoable batch; the space marked
/// follows every decision.
@MainActor
@Suite struct ReviewModelSuggestionsTests {
    /// c0…c5 (ids 1…6), c1 short, c3 screenshot, c4 copy + screenshot;
    /// files of 100, 200, … bytes.
    private static func model() -> ReviewModel {
        let model = ReviewModel(sink: KeepingSink())
        let clips = (0..<6).map { clip(Int64($0 + 1), bytes: Int64($0 + 1) * 100) }
        var session = ReviewSession(deck: Deck(ids: clips.map(\.id)))
        session.resume()
        model.load(clips: clips, session: session)
        model.setInsights(DeckInsights(suggestions: [2: [.short], 4: [.screenshot], 5: [.screenshot, .copy]], progress: .done))
        return model
    }

    private static func clip(_ id: Int64, bytes: Int64) -> ReviewClip {
        ReviewClip(id: id, relativePath: "c\(id - 1).mp4", name: "c\(id - 1).mp4", kind: .video,
                   identity: FileIdentity(inode: UInt64(id), size: bytes))
    }

    @Test func suggestionsDecideNothing() {
        let model = Self.model()
        #expect(model.stats.decided == 0)
        #expect(model.suggestions(at: 1) == [.short])
        #expect(model.suggestions(at: 0) == [])
        #expect(model.suggestedPositions == [1, 3, 4])
        #expect(model.markedBytes == 0)
    }

    /// Previous (Down) inside Review Suggestions goes back to the previous
    /// suggested clip, never to one the pass does not show; none before the
    /// first; Undo takes the step back; from the end page, the last one.
    @Test func previousInReviewSuggestionsGoesBackToThePreviousSuggestedClip() {
        let model = Self.model()
        #expect(model.reviewSuggestions())
        #expect(model.top?.name == "c1.mp4")
        #expect(!model.allows(.deck(.previous)), "nothing suggested before the first suggested clip")
        model.perform(.delete)
        model.perform(.skip)
        #expect(model.top?.name == "c4.mp4")
        model.perform(.previous)
        #expect(model.top?.name == "c3.mp4", "c3, the previous suggested clip (not c2, which is not)")
        model.perform(.previous)
        #expect(model.top?.name == "c1.mp4", "c1 again, passing over c2")
        model.perform(.undo)
        #expect(model.top?.name == "c3.mp4")
        model.perform(.skip)
        model.perform(.like)
        #expect(model.isFinished)
        model.perform(.previous)
        #expect(model.top?.name == "c4.mp4", "from the end page: the last suggested clip, not c5")
        #expect(model.reviewWholeDeck())
        #expect(model.top?.name == "c0.mp4")
        model.perform(.like)
        #expect(model.top?.name == "c2.mp4")
        model.perform(.previous)
        #expect(model.top?.name == "c1.mp4", "the whole deck again: the card before c2, suggested or not")
    }

    @Test func reviewSuggestionsVisitsOnlyTheSuggestedThenSaysSo() {
        let model = Self.model()
        #expect(model.allows(.reviewSuggestions))
        #expect(!model.allows(.reviewWholeDeck))
        #expect(model.reviewSuggestions())
        #expect(model.lastEvent == .reviewingSuggestions(name: "c1.mp4", count: 3))
        #expect(model.allows(.reviewWholeDeck))
        var seen = [model.top?.name]
        #expect(model.upcoming(beneath: 2) == [1, 3, 4], "the cards beneath are the next suggested ones")
        model.perform(.delete)
        seen.append(model.top?.name)
        model.perform(.skip)
        seen.append(model.top?.name)
        model.perform(.like)
        #expect(seen == ["c1.mp4", "c3.mp4", "c4.mp4"], "never c0, c2 or c5, which nothing suggests")
        #expect(model.isFinished)
        #expect(model.lastEvent == .suggestionsReviewed(count: 3, last: .init(name: "c4.mp4", decision: .like)))
        #expect(model.reviewWholeDeck())
        #expect(model.top?.name == "c0.mp4", "back to the whole deck: its first undecided clip")
        #expect(!model.isReviewingSuggestions)
        model.perform(.like)
        #expect(model.top?.name == "c2.mp4", "the whole deck's next undecided clip, suggested or not")
    }

    @Test func aSuggestionFoundWhileGoingThroughThemJoinsThePass() {
        let model = Self.model()
        #expect(model.reviewSuggestions())
        var insights = model.insights
        insights.suggestions[6] = [.short]   // c5, found later
        model.setInsights(insights)
        model.perform(.like)                 // c1
        model.perform(.like)                 // c3
        model.perform(.like)                 // c4
        #expect(model.top?.name == "c5.mp4", "the newly suggested clip is visited too")
        model.perform(.like)
        #expect(model.lastEvent == .suggestionsReviewed(count: 4, last: .init(name: "c5.mp4", decision: .like)))
    }

    @Test func nextMovesOnToTheNextSuggestedClip() {
        let model = Self.model()
        model.decide(.delete, at: [1])
        #expect(model.reviewSuggestions())
        #expect(model.top?.name == "c1.mp4", "a decided suggestion is shown too")
        #expect(model.moveOn())
        #expect(model.top?.name == "c3.mp4")
    }

    @Test func noSuggestionsNoSuggestionsDeck() {
        let model = Self.model()
        model.setInsights(DeckInsights(progress: .done))
        #expect(!model.allows(.reviewSuggestions))
        #expect(!model.allows(.markSuggested))
        #expect(!model.reviewSuggestions())
        #expect(model.top?.name == "c0.mp4")
    }

    /// Strong reasons (dark, short, copy) tick a file; weak ones (blurry,
    /// screenshot) alone do not; a weak and a strong reason tick it.
    @Test func markAllSuggestedTicksStrongReasonsOnly() {
        let model = Self.model()
        let items = model.suggestedItems
        #expect(items.map(\.position) == [1, 3, 4])
        #expect(items.map(\.ticked) == [true, false, true])
        #expect(items.map(\.bytes) == [200, 400, 500])
        #expect(Suggestion.ticksByDefault([]) == false)
        #expect(model.stats.deletes == 0, "listing marks nothing")
    }

    @Test func confirmedSuggestionsAreOneUndoableBatchAndTheirSpaceCounts() {
        let model = Self.model()
        let ticked = model.suggestedItems.filter(\.ticked).map(\.position)
        #expect(model.decide(.delete, at: ticked))
        #expect(model.stats.deletes == 2)
        #expect(model.markedBytes == 700)
        #expect(model.top?.name == "c0.mp4", "the top card stays")
        model.perform(.undo)
        #expect(model.stats.deletes == 0, "one undo takes the whole batch back")
        #expect(model.markedBytes == 0)
    }

    @Test func markedBytesFollowEachDecisionAndNewSizes() {
        let model = Self.model()
        model.perform(.delete)               // c0, 100
        model.perform(.like)                 // c1
        model.perform(.delete)               // c2, 300
        #expect(model.markedBytes == 400)
        model.perform(.undo)
        #expect(model.markedBytes == 100)
        // c0 grew on disk: the rescan's size counts.
        model.reload(clips: [Self.clip(1, bytes: 1_000)] + model.clips.dropFirst(), session: model.session)
        #expect(model.markedBytes == 1_000)
    }

    @Test func newInsightsArePublishedOnceAndANewDeckForgetsThem() {
        let model = Self.model()
        var changes: [ReviewChange] = []
        model.onChange = { changes.append($0) }
        model.setInsights(model.insights)
        #expect(changes.isEmpty, "the same insights publish nothing")
        model.setInsights(DeckInsights(progress: .stopped))
        #expect(changes == [ReviewChange(insights: true)])
        model.load(clips: [Self.clip(9, bytes: 5)], session: ReviewSession(deck: Deck(ids: [9])))
        #expect(model.insights == DeckInsights(bytes: [9: 5]), "a new deck: its sizes, nothing suggested")
    }
}

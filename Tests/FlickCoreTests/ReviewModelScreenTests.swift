import Testing
@testable import FlickCore

/// The page the window shows follows from the model alone: the folder's
/// state, then the deck (empty, under the overview, at its end, a card on
/// top); and what the window may ask, and where a deck action goes, is the
/// model's answer too.
@MainActor
@Suite struct ReviewModelScreenTests {
    private static func clips(_ count: Int) -> [ReviewClip] {
        (0..<count).map { ReviewClip(id: Int64($0 + 1), relativePath: "c\($0).mp4", name: "c\($0).mp4", kind: .video) }
    }

    private static func model(count: Int = 3) -> ReviewModel {
        let model = ReviewModel(sink: KeepingSink())
        let clips = clips(count)
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))), folder: "/real/card", named: "/media/card")
        return model
    }

    @Test func aFolderGoesFromReadingToCardsToTheEndSayingAllReviewedOnlyWhenTrue() {
        let model = ReviewModel(sink: KeepingSink())
        #expect(model.screen == .start, "no folder yet: the start page")
        model.startReading(folder: "/media/card")
        #expect(model.screen == .reading(folder: "/media/card"))
        let clips = Self.clips(3)
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))), folder: "/real/card", named: "/media/card")
        #expect(model.screen == .cards)
        #expect(model.folderState == .open(path: "/media/card") && model.folder == "/real/card")
        model.perform(.like)
        model.show(at: 2)  // c1 left behind
        model.perform(.delete)
        #expect(model.screen == .end(allDecided: false), "the end names the undecided clip; it does not say all reviewed")
        model.showUndecided()
        #expect(model.screen == .cards)
        model.perform(.skip)
        #expect(model.screen == .end(allDecided: true))
        model.perform(.undo)
        #expect(model.screen == .cards, "undo brings the card back")
    }

    @Test func theReviewPageUnderTheOverviewKeepsDrawingTheEndOfTheDeck() {
        let model = Self.model(count: 2)
        model.perform(.like)
        #expect(model.stackScreen == .cards)
        model.perform(.skip)
        model.setOverview(shown: true)
        #expect(model.screen == .overview)
        #expect(model.stackScreen == .end(allDecided: true), "the page beneath draws the end, not a card")
        model.closeOverview()
        #expect(model.screen == model.stackScreen)
    }

    @Test func theOverviewCoversTheStackAndClosingItOnATileShowsThatClip() {
        let model = Self.model(count: 4)
        var changes: [ReviewChange] = []
        model.onChange = { changes.append($0) }
        model.setOverview(shown: true)
        #expect(model.screen == .overview && !model.playback.shouldPlay)
        model.closeOverview(showing: 2)
        #expect(model.screen == .cards && model.cursor == 2)
        #expect(changes.count == 2, "shown; then hidden with the clip chosen on top, in one change (one focus move)")
        #expect(changes.last == ReviewChange(cursor: .jumped, playback: true, overview: true,
                                             event: .showing(name: "c2.mp4", decision: nil)))
        model.setOverview(shown: true)
        model.closeOverview()
        #expect(model.screen == .cards && model.cursor == 2, "closed without a tile: the clip on top stays")
    }

    @Test func aFolderWithNothingToReviewAndOneThatEmptiesShowTheEmptyPageWithoutTheOverview() {
        let model = ReviewModel(sink: KeepingSink())
        model.load(clips: [], session: ReviewSession(deck: Deck(count: 0)), folder: "/real/none", named: "/media/none")
        #expect(model.screen == .empty(folder: "/media/none"))
        let emptied = Self.model(count: 2)
        emptied.setOverview(shown: true)
        emptied.apply(DeckChange(removed: [1, 2]))  // every file deleted elsewhere
        #expect(emptied.screen == .empty(folder: "/media/card"))
        #expect(!emptied.showsOverview)
        emptied.apply(DeckChange(placed: Self.clips(1), decisions: [nil]))
        #expect(emptied.screen == .cards, "a file that comes back is a card, not the overview that had closed")
    }

    @Test func failingReadingAndClosingAFolderEmptyTheDeckAndCloseTheOverview() {
        let model = Self.model()
        model.perform(.delete)
        model.setOverview(shown: true)
        model.fail(reason: "The folder is gone.", folder: "/media/card")
        #expect(model.screen == .failed(reason: "The folder is gone."))
        #expect(model.count == 0 && !model.showsOverview && model.folderState.path == "/media/card")
        #expect(!model.allows(.applyDeletions) && !model.allows(.overview))
        let reading = Self.model()
        reading.setOverview(shown: true)
        reading.startReading(folder: "/media/other")
        #expect(reading.screen == .reading(folder: "/media/other") && !reading.showsOverview)
        reading.closeFolder()
        #expect(reading.screen == .start && reading.folderState.path == nil)
    }

    @Test func inTheOverviewLikeDeleteAndSkipDecideTheSelectedTilesAndPreviousStaysTheStacks() {
        let model = Self.model(count: 4)
        model.perform(.like)
        model.setOverview(shown: true)
        #expect(!model.allows(.deck(.like), selected: 0), "no tile selected: nothing to decide")
        #expect(model.allows(.deck(.delete), selected: 2))
        #expect(!model.allows(.deck(.previous), selected: 2) && model.allows(.deck(.undo)))
        #expect(!model.allows(.playback), "nothing plays under the overview")
        #expect(model.request(.delete, selection: [2, 3]))
        #expect(model.session.deck.decisions == [.like, nil, .delete, .delete])
        #expect(model.cursor == 1, "the top card stays where it was")
        model.closeOverview()
        #expect(model.allows(.deck(.previous)) && model.allows(.playback))
        #expect(model.request(.skip, selection: [3]))
        #expect(model.session.deck.decisions == [.like, .skip, .delete, .delete], "on the stack the top card is decided")
        #expect(model.screen == .end(allDecided: true))
        #expect(!model.allows(.deck(.like)) && !model.allows(.playback) && !model.allows(.showUndecided))
        #expect(model.allows(.applyDeletions) && model.allows(.exportLikes) && model.allows(.reviewSkipped))
    }

    @Test func nextIsOfferedOnADecidedCardAndGoToUndecidedOnlyAtAnEndThatHasOne() {
        let model = Self.model(count: 3)
        #expect(!model.allows(.next))
        model.perform(.like)
        model.perform(.previous)
        #expect(model.allows(.next), "a decided card on top: Next moves on without deciding it again")
        model.perform(.like)   // c0 again: c1 on top
        model.show(at: 2)      // c1 left behind
        model.perform(.delete)
        #expect(model.screen == .end(allDecided: false))
        #expect(model.allows(.showUndecided) && !model.allows(.next))
    }
}

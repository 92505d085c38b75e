import Testing
@testable import FlickCore

/// The overview's "Suggested" filter and its stacks folded into one tile,
/// from hand-made insights.
@MainActor
@Suite struct OverviewTilesTests {
    /// Eight clips, ids 11…18 at positions 0…7: a burst of three at 1, 2
    /// and 4, a Live Photo at 5 and 6; 3 is short, 7 a screenshot, 4 an
    /// extra copy and blurry.
    private static func model() -> ReviewModel {
        let model = ReviewModel(sink: KeepingSink())
        let clips = (0..<8).map { ReviewClip(id: Int64($0 + 11), relativePath: "p\($0).jpg", name: "p\($0).jpg", kind: .photo) }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        model.setInsights(DeckInsights(
            groups: [.init(id: 1, kind: .similar, members: [12, 13, 15]), .init(id: 2, kind: .live, members: [16, 17])],
            suggestions: [14: [.short], 18: [.screenshot], 15: [.copy, .short]],
            bytes: [11: 1_000, 12: 2_000], progress: .done))
        return model
    }

    @Test func suggestedCountsAndListsTheClipsWithAnyReason() {
        let model = Self.model()
        #expect(model.count(matching: .suggested) == 3)
        #expect(model.positions(matching: .suggested) == [3, 4, 7])
        #expect(DecisionFilter.allCases.map { model.count(matching: $0) } == [8, 8, 0, 0, 0, 3])
    }

    @Test func suggestedCountsOnlyClipsStillInTheDeck() {
        let model = Self.model()
        let kept = Array(model.clips.prefix(5))
        model.reload(clips: kept, session: ReviewSession(deck: Deck(ids: kept.map(\.id))))
        #expect(model.count(matching: .suggested) == 2, "the screenshot left the folder")
        #expect(model.positions(matching: .suggested) == [3, 4])
    }

    @Test func aDecisionDoesNotChangeWhatIsSuggested() {
        let model = Self.model()
        model.decide(.delete, at: [3])
        #expect(model.count(matching: .suggested) == 3)
        #expect(model.count(matching: .deleted) == 1)
    }

    @Test func noInsightsSuggestNothing() {
        let model = Self.model()
        model.load(clips: model.clips, session: ReviewSession(deck: Deck(ids: model.clips.map(\.id))))
        #expect(model.count(matching: .suggested) == 0)
        #expect(model.positions(matching: .suggested).isEmpty)
        #expect(model.overviewTiles(matching: .all).positions == Array(0..<8))
    }

    @Test func eachStackIsOneTileAtItsFirstMember() {
        let tiles = Self.model().overviewTiles(matching: .all)
        #expect(tiles.positions == [0, 1, 3, 5, 7])
        #expect(tiles.members(at: 1) == [1, 2, 4])
        #expect(tiles.members(at: 3) == [5, 6])
        #expect(tiles.members(at: 2) == [3])
        #expect(tiles.stacks[1] == StackTile(key: 12, kind: .similar, members: [1, 2, 4], unfolded: false, place: 0))
        #expect(tiles.stacks[3]?.kind == .live)
        #expect(tiles.clipCount == 8)
        #expect(tiles.index(showing: 4) == 1, "a folded member is inside its stack's tile")
        #expect(tiles.nearestIndex(to: 6) == 3)
    }

    @Test func anUnfoldedStackShowsEveryMemberAfterItsFirst() {
        let tiles = Self.model().overviewTiles(matching: .all, unfolded: [12])
        #expect(tiles.positions == [0, 1, 2, 4, 3, 5, 7])
        #expect(tiles.stacks[3] == StackTile(key: 12, kind: .similar, members: [1, 2, 4], unfolded: true, place: 2))
        #expect((0..<tiles.count).map { tiles.members(at: $0) } == [[0], [1], [2], [4], [3], [5, 6], [7]],
                "an unfolded member's tile decides that clip alone; the Live Photo stays folded")
        #expect(tiles.index(showing: 3) == 4)
        #expect(tiles.nearestIndex(to: 4) == 3)
        #expect(tiles.clipCount == 8)
    }

    @Test func aFilterFoldsOnlyTheMembersItPasses() {
        let model = Self.model()
        model.decide(.delete, at: [2, 4, 6])
        let deleted = model.overviewTiles(matching: .deleted)
        #expect(deleted.positions == [2, 6], "a stack with one member marked is that clip's tile alone")
        #expect(deleted.stacks[0]?.members == [2, 4])
        #expect(deleted.stacks[1] == nil)
        #expect(deleted.members(at: 0) == [2, 4])
        let suggested = model.overviewTiles(matching: .suggested)
        #expect(suggested.positions == [3, 4, 7] && suggested.stacks.isEmpty)
    }

    @Test func decidingAFoldedStackIsOneUndoableBatch() {
        let model = Self.model()
        let tiles = model.overviewTiles(matching: .all)
        #expect(model.decide(.delete, at: tiles.members(at: 1)))
        #expect(model.count(matching: .deleted) == 3)
        #expect(model.lastEvent == .decidedMany(count: 3, decision: .delete, kinds: [.photo]))
        model.setOverview(shown: true)
        #expect(model.perform(.undo) != .unavailable)
        #expect(model.count(matching: .deleted) == 0, "one undo takes the whole stack back")
    }

    @Test func nearestIndexFindsTheNextTileWhenAClipIsNotShown() {
        let model = Self.model()
        let tiles = model.overviewTiles(matching: .suggested)
        #expect(tiles.nearestIndex(to: 0) == 0)
        #expect(tiles.nearestIndex(to: 5) == 2)
        #expect(OverviewTiles().nearestIndex(to: 0) == nil)
    }
}

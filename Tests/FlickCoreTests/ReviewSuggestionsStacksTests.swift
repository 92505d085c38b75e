import Testing
@testable import FlickCore

/// Review Suggestions on stacks: a suggested file shares its card with the
/// rest of its stack (the original of an extra copy, the sharp shot beside
/// a blurred one). A plain delete, like or skip there decides the
/// suggested files of the card only; outside it, and with K, the whole
/// stack as ever.
@MainActor
@Suite struct ReviewSuggestionsStacksTests {
    /// c0…c5 (ids 1…6): c0 and c1 exact copies (c1 the extra copy), c2 and
    /// c3 similar (c3 blurry), c4 and c5 similar screenshots (both suggested).
    private static func model() -> ReviewModel {
        let model = ReviewModel(sink: KeepingSink())
        let clips = (1...6).map { id in
            ReviewClip(id: Int64(id), relativePath: "c\(id - 1).jpg", name: "c\(id - 1).jpg", kind: .photo,
                       identity: FileIdentity(inode: UInt64(id), size: 1000))
        }
        var session = ReviewSession(deck: Deck(ids: clips.map(\.id)))
        session.resume()
        model.load(clips: clips, session: session)
        model.setInsights(DeckInsights(groups: [.init(id: 1, kind: .copy, members: [1, 2]),
                                                .init(id: 2, kind: .similar, members: [3, 4]),
                                                .init(id: 3, kind: .similar, members: [5, 6])],
                                       suggestions: [2: [.copy], 4: [.blurry], 5: [.screenshot], 6: [.screenshot]],
                                       progress: .done))
        return model
    }

    /// Previous goes back to the previous stack's card showing its
    /// suggested file on top, as the pass showed it (the extra copy, not
    /// the original).
    @Test func previousShowsThePreviousCardsSuggestedFile() {
        let model = Self.model()
        #expect(model.reviewSuggestions())
        model.perform(.delete)
        model.perform(.skip)
        #expect(model.top?.name == "c4.jpg")
        model.perform(.previous)
        #expect(model.top?.name == "c3.jpg", "the blurred shot, not the sharp one beside it")
        model.perform(.previous)
        #expect(model.top?.name == "c1.jpg", "the extra copy, not its original")
        #expect(!model.canPerform(.previous))
    }

    @Test func deletingASuggestionLeavesTheRestOfItsStack() {
        let model = Self.model()
        #expect(model.reviewSuggestions())
        #expect(model.top?.name == "c1.jpg", "the extra copy on top of its stack's card")
        model.perform(.delete)
        #expect(model.decision(at: 1) == .delete)
        #expect(model.decision(at: 0) == nil, "the original of the extra copy is not marked")
        #expect(model.lastEvent == .decided(name: "c1.jpg", decision: .delete, left: 5))
        #expect(model.top?.name == "c3.jpg")
        #expect(model.canPerform(.previous), "Previous goes back to the card decided")
        model.perform(.delete)
        #expect(model.decision(at: 3) == .delete)
        #expect(model.decision(at: 2) == nil, "the sharp shot beside the blurred one is not marked")
        #expect(model.top?.name == "c4.jpg")
        model.perform(.delete)
        #expect(model.decision(at: 4) == .delete && model.decision(at: 5) == .delete, "both suggested screenshots")
        #expect(model.isFinished)
        model.perform(.undo)
        #expect(model.decision(at: 4) == nil && model.decision(at: 5) == nil, "one undo takes the card's two marks back")
        #expect(model.decision(at: 3) == .delete)
    }

    @Test func keepAndTheWholeDeckStillDecideEveryMember() {
        let model = Self.model()
        #expect(model.reviewSuggestions())
        #expect(model.keepTop())
        #expect(model.decision(at: 1) == .like && model.decision(at: 0) == .delete, "K keeps the one shown, marks the rest")
        #expect(model.reviewWholeDeck())
        #expect(model.top?.name == "c2.jpg")
        model.perform(.delete)
        #expect(model.decision(at: 2) == .delete && model.decision(at: 3) == .delete, "outside Review Suggestions: the whole stack")
    }

    @Test func aFoldedStackSaysOnlyWhatIsTrueOfAllItsFiles() {
        let insights = Self.model().insights
        #expect(insights.suggestions(sharedBy: [5, 6]) == [.screenshot], "two suggested screenshots: the pile says so")
        #expect(insights.suggestions(sharedBy: [1, 2]) == [], "an original and its extra copy: nothing true of both")
        #expect(insights.suggestions(sharedBy: [2]) == [.copy])
        #expect(insights.suggestions(sharedBy: []) == [])
    }
}

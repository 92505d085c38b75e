/// What the window asks of the review model about suggestions and space:
/// the suggested clips, a deck of only those (Review Suggestions), the
/// list "Mark All Suggested…" offers, and the bytes marked for deletion.
/// Suggestions never decide: only the user's swipes, keys and confirmed
/// lists do.
///
/// ```swift
/// model.suggestedPositions            // [2, 5]
/// model.reviewSuggestions()           // clip 3 on top; deciding it brings clip 6
/// model.decide(.delete, at: model.suggestedItems.filter(\.ticked).map(\.position))
/// model.markedBytes                   // what Apply would free
/// ```
extension ReviewModel {
    /// One file "Mark All Suggested…" lists.
    public struct SuggestedItem: Sendable, Equatable {
        public let position: Int
        public let reasons: [Suggestion]
        /// Ticked by default: some reason is strong (`Suggestion.ticksByDefault`).
        public let ticked: Bool
        /// The file's size, when the analysis knows it.
        public let bytes: Int64?
    }

    /// Deck positions of the clips with a suggestion, in deck order.
    public var suggestedPositions: [Int] {
        guard !insights.suggestions.isEmpty else { return [] }
        return clips.indices.filter { insights.suggestions[clips[$0].id] != nil }
    }

    /// Why the clip at `position` is suggested (empty: it is not).
    public func suggestions(at position: Int) -> [Suggestion] {
        guard position >= 0, position < clips.count else { return [] }
        return insights.suggestions(of: clips[position].id)
    }

    /// The file size of the clip at `position`, when known.
    public func bytes(at position: Int) -> Int64? {
        guard position >= 0, position < clips.count else { return nil }
        return insights.bytes(of: clips[position].id)
    }

    /// Every suggested clip with its reasons, ticked where a reason is strong.
    public var suggestedItems: [SuggestedItem] {
        suggestedPositions.map { position in
            let reasons = suggestions(at: position)
            return SuggestedItem(position: position, reasons: reasons, ticked: Suggestion.ticksByDefault(reasons),
                                 bytes: bytes(at: position))
        }
    }

    /// Bytes of the clips marked for deletion (sizes the analysis knows):
    /// what Apply would free.
    public var markedBytes: Int64 {
        guard stats.deletes > 0, !insights.bytes.isEmpty else { return 0 }
        let decisions = session.deck.decisions
        var total: Int64 = 0
        for position in decisions.indices where decisions[position] == .delete {
            total += insights.bytes[clips[position].id] ?? 0
        }
        return total
    }

    /// The deck shows only the suggested clips now (Review Suggestions).
    public var isReviewingSuggestions: Bool {
        if case .only = session.pass { return true }
        return false
    }

    /// Puts the first suggested clip on top and goes through the suggested
    /// ones only (each decision, or Next, brings the next one; the end page
    /// says when they are all reviewed). Decisions stay. Returns false when
    /// nothing is suggested.
    @discardableResult
    public func reviewSuggestions() -> Bool {
        guard runsNow({ self.reviewSuggestions() }) else { return false }
        let positions = suggestedPositions
        guard let first = positions.first else { return false }
        session.resume(at: first, pass: .only(Set(positions)))
        lastEvent = .reviewingSuggestions(name: clips[first].name, count: positions.count)
        publish(ReviewChange(cursor: .jumped))
        return true
    }

    /// While going through the suggested clips, the pass takes in what the
    /// analysis now suggests (it may still be at work, or the folder
    /// changed); the top card stays.
    func followSuggestions() {
        guard isReviewingSuggestions else { return }
        session.resume(at: cursor, pass: .only(Set(suggestedPositions)))
    }

    /// Back to the whole deck from Review Suggestions: the first undecided
    /// clip on top (the end page when every clip is decided).
    @discardableResult
    public func reviewWholeDeck() -> Bool {
        guard runsNow({ self.reviewWholeDeck() }) else { return false }
        guard isReviewingSuggestions else { return false }
        session.resume()
        lastEvent = session.deck.isFinished ? endEvent(last: nil)
            : .showing(name: clips[cursor].name, decision: decision(at: cursor))
        publish(ReviewChange(cursor: .jumped))
        return true
    }
}

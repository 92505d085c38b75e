/// The deck's end and moving on: the end page says "All reviewed" only
/// when no clip is undecided, else names the first undecided clip, which
/// `showUndecided` puts on top; `moveOn` (Next, → on a decided card) goes
/// on without deciding again.
extension ReviewModel {
    /// The first clip with no decision, wherever it is (deck position).
    public var firstUndecided: Int? { session.firstUndecided }

    /// The top card's position, then those of the `beneath` cards that
    /// come after it, each the one a decision on the card before brings on
    /// top (the next undecided card; the next skipped one while going
    /// through them): what the stack shows beneath the top card.
    public func upcoming(beneath: Int) -> [Int] { session.upcoming(beneath: beneath) }

    /// Whether the top card already has a decision (→ then moves on
    /// instead of liking it).
    public var topIsDecided: Bool { !clips.isEmpty && session.topIsDecided }

    /// Moves on from a decided top card without deciding it again (Next):
    /// the next card, or the next skipped one while going through them.
    /// Returns false when the top card is undecided or there is none.
    @discardableResult
    public func moveOn() -> Bool {
        guard runsNow({ self.moveOn() }) else { return false }
        guard !clips.isEmpty, session.moveOn() else { return false }
        if session.deck.isFinished {
            lastEvent = endEvent(last: nil)
        } else {
            lastEvent = .movedOn(name: clips[cursor].name, decision: decision(at: cursor))
        }
        publish(ReviewChange(cursor: .jumped))
        return true
    }

    /// Puts the first undecided clip on top (from the end page, which names
    /// it). Returns false when every clip is decided.
    @discardableResult
    public func showUndecided() -> Bool {
        guard runsNow({ self.showUndecided() }) else { return false }
        guard let position = firstUndecided else { return false }
        show(at: position)
        return true
    }

    /// What the end of the deck says: every clip reviewed, or which one is
    /// still undecided (and how many are); every suggested one reviewed
    /// while going through the suggestions.
    func endEvent(last: ReviewEvent.Last?) -> ReviewEvent {
        if case .only(let positions) = session.pass { return .suggestionsReviewed(count: positions.count, last: last) }
        guard let first = firstUndecided else { return .finished(stats: session.stats, last: last) }
        return .stillUndecided(count: undecidedCount, first: clips[first].name, last: last)
    }
}

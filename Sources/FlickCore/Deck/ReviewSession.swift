import Foundation

/// The review state of one folder: the deck, its unlimited undo history and
/// the pace of the session. Actions apply at once; nothing here animates.
///
/// ```swift
/// var session = ReviewSession(deck: Deck(count: 340))
/// session.perform(.like, at: now)      // card 1 liked, card 2 on top
/// session.perform(.undo, at: now)      // card 1 on top again, undecided
/// ```
public struct ReviewSession: Sendable {
    public private(set) var deck: Deck
    /// Every step not undone, oldest first; undo pops the last one.
    public private(set) var history: [Step] = []
    /// Which cards a decision moves on to (the undecided ones, every card,
    /// or the skipped ones).
    public private(set) var pass = ReviewPass.undecided
    /// The deck's stacks: the cursor passes over the members a stack's
    /// card shows (none: every position is a card).
    public internal(set) var stacks = DeckStacks()
    private var pace = Pace()

    public init(deck: Deck) {
        self.deck = deck
    }

    /// Rebuilds a session from persisted steps (the store replays them after
    /// a restart, so undo works across restarts).
    public init(deck: Deck, replaying steps: [Step]) {
        self.init(deck: deck)
        for step in steps { apply(step) }
    }

    public var canUndo: Bool { !history.isEmpty }

    /// Bytes the undo history holds (for the memory benchmark).
    public var historyStorageBytes: Int { history.capacity * MemoryLayout<Step>.stride }

    /// Whether `action` can run now (buttons and GActions follow this).
    public func canPerform(_ action: DeckAction) -> Bool {
        switch action {
        case .like, .delete, .skip: !deck.isFinished
        case .previous: previousPosition(before: deck.cursor) != nil
        case .undo: canUndo
        }
    }

    /// Which drag directions are available for the top card.
    public var availability: SwipeAvailability {
        var allowed = Set<SwipeDirection>()
        for direction in SwipeDirection.allCases where canPerform(direction.action) { allowed.insert(direction) }
        return SwipeAvailability(allowed)
    }

    /// Performs `action`; returns nil when it is not available now.
    @discardableResult
    public mutating func perform(_ action: DeckAction, at time: Double = 0) -> ActionOutcome? {
        guard canPerform(action) else { return nil }
        switch action {
        case .like, .delete, .skip:
            guard let decision = action.decision else { return nil }
            let position = deck.cursor
            apply(.decide(position: position, decision: decision, replaced: deck.decisions[position]))
            pace.record(time)
            return .decided(position: position, decision: decision)
        case .previous:
            apply(.previous(from: deck.cursor))
            return .wentBack(to: deck.cursor)
        case .undo:
            guard let step = history.popLast() else { return nil }
            switch step {
            case .decide(let position, _, let replaced):
                deck.setDecision(replaced, at: position)
                deck.moveCursor(to: position)
                pace.forgetLast()
            case .previous(let from):
                deck.moveCursor(to: from)
            }
            return .undid(step: step, position: deck.cursor)
        }
    }

    private mutating func apply(_ step: Step) {
        switch step {
        case .decide(let position, let decision, _):
            guard position >= 0, position < deck.count else { return }
            deck.setDecision(decision, at: position)
            deck.moveCursor(to: nextPosition(after: position))
        case .previous(let from):
            guard from > 0, from <= deck.count, let card = previousPosition(before: from) else { return }
            deck.moveCursor(to: card)
        }
        history.append(step)
    }

    /// Counts, pace and time left.
    public var stats: SessionStats {
        let remaining = deck.count - deck.cursor
        let rate = pace.perMinute
        return SessionStats(
            total: deck.count, remaining: remaining,
            likes: deck.count(of: .like), deletes: deck.count(of: .delete), skips: deck.count(of: .skip),
            decisionsPerMinute: rate,
            secondsLeft: rate.map { Double(remaining) / $0 * 60 }
        )
    }
}

/// A snapshot of progress for the status line and the finished page.
public struct SessionStats: Equatable, Sendable {
    public let total: Int
    /// Cards from the top card to the end of the deck.
    public let remaining: Int
    public let likes: Int
    public let deletes: Int
    public let skips: Int
    /// Decisions per minute over the recent ones; nil until there are two.
    public let decisionsPerMinute: Double?
    /// Estimated seconds to finish at that pace.
    public let secondsLeft: Double?

    public var decided: Int { likes + deletes + skips }
}

/// The times of the most recent decisions, for decisions per minute: a
/// fixed ring, so recording is O(1) whatever the deck size.
struct Pace: Sendable {
    /// How many recent decisions the pace is measured over.
    static let window = 20
    private var times = [Double](repeating: 0, count: Pace.window)
    private var next = 0
    private var filled = 0

    mutating func record(_ time: Double) {
        times[next] = time
        next = (next + 1) % Self.window
        filled = min(filled + 1, Self.window)
    }

    mutating func forgetLast() {
        guard filled > 0 else { return }
        next = (next + Self.window - 1) % Self.window
        filled -= 1
    }

    var perMinute: Double? {
        guard filled >= 2 else { return nil }
        let last = times[(next + Self.window - 1) % Self.window]
        let first = times[(next + Self.window - filled) % Self.window]
        guard last > first else { return nil }
        return Double(filled - 1) / (last - first) * 60
    }
}

extension ReviewSession {
    /// Sets every card's decision from `decisions` (parallel to the deck),
    /// keeping the history: the store's current decisions are the truth.
    public mutating func restore(decisions: [Decision?]) {
        deck.restore(decisions: decisions)
    }

    /// Puts the first undecided card on top (the whole deck decided: finished).
    public mutating func resume() {
        pass = .undecided
        deck.moveCursor(to: deck.decisions.firstIndex { $0 == nil } ?? deck.count)
    }
}

extension ReviewSession {
    /// Puts the card at `position` on top (after the folder changed under
    /// the deck), keeping decisions, history and the pass.
    public mutating func resume(at position: Int) {
        deck.moveCursor(to: position)
    }

    /// Puts the card at `position` on top and goes on through `pass` from
    /// there (review again: every card; the skipped ones; a card chosen in
    /// the overview: the undecided ones).
    public mutating func resume(at position: Int, pass: ReviewPass) {
        self.pass = pass
        deck.moveCursor(to: position)
    }

    /// The first position after `position` the pass visits; the deck's end
    /// (`deck.count`) when there is none. Undecided cards before it stay
    /// undecided: the end says so and names the first (`firstUndecided`).
    /// A stack is one card, standing at its top member: the others are
    /// passed over, and the pass visits it when it visits any member (the
    /// cursor then shows the first such member, the top one first).
    public func nextPosition(after position: Int) -> Int {
        let decisions = deck.decisions
        guard !stacks.isEmpty else {
            var next = max(position + 1, 0)
            while next < decisions.count, !pass.visits(decisions[next], at: next) { next += 1 }
            return min(next, deck.count)
        }
        var next = stacks.nextCard(after: position, count: deck.count)
        while next < decisions.count {
            if let members = stacks.members(at: next) {
                if let visited = members.first(where: { pass.visits(decisions[$0], at: $0) }) { return visited }
            } else if pass.visits(decisions[next], at: next) {
                return next
            }
            next = stacks.nextCard(after: next, count: deck.count)
        }
        return deck.count
    }

    /// Where Previous goes from `position`: the card before it; while
    /// going through some cards only (Review Suggestions), the previous
    /// card that pass visits (a stack's: its first member the pass visits,
    /// as `nextPosition` shows it). Nil when there is none.
    public func previousPosition(before position: Int) -> Int? {
        guard case .only = pass else { return stacks.previousCard(before: position) }
        let decisions = deck.decisions
        var previous = stacks.previousCard(before: position)
        while let card = previous {
            if let members = stacks.members(at: card) {
                if let visited = members.first(where: { pass.visits(decisions[$0], at: $0) }) { return visited }
            } else if pass.visits(decisions[card], at: card) {
                return card
            }
            previous = stacks.previousCard(before: card)
        }
        return nil
    }

    /// The top card's position and the `beneath` positions a decision on
    /// each in turn leads to (the pass's next cards, as `nextPosition`):
    /// the cards the stack shows beneath the top one, in order. Empty at
    /// the deck's end.
    public func upcoming(beneath: Int) -> [Int] {
        guard !deck.isFinished else { return [] }
        var positions = [deck.cursor]
        while positions.count <= beneath, let last = positions.last {
            let next = nextPosition(after: last)
            guard next < deck.count else { break }
            positions.append(next)
        }
        return positions
    }

    /// The first card with no decision, wherever it is in the deck.
    public var firstUndecided: Int? { deck.decisions.firstIndex { $0 == nil } }

    /// Whether the top card has a decision already, so moving on (`next`)
    /// leaves it as it is.
    /// A stack's card is decided when every member is.
    public var topIsDecided: Bool {
        guard !deck.isFinished else { return false }
        let members = stacks.members(at: deck.cursor) ?? [deck.cursor]
        return members.allSatisfy { deck.decisions[$0] != nil }
    }

    /// Moves on from a decided top card without deciding it again: to the
    /// next card (the next skipped one while going through the skipped).
    /// Not a step of the history: it changes nothing to undo. False when
    /// the top card is undecided or the deck is at its end.
    @discardableResult
    public mutating func moveOn() -> Bool {
        guard topIsDecided else { return false }
        deck.moveCursor(to: pass.movesOnWithinPass ? nextPosition(after: deck.cursor) : stacks.nextCard(after: deck.cursor, count: deck.count))
        return true
    }
}

/// Which cards a decision moves on to.
public enum ReviewPass: Sendable, Equatable {
    /// The next undecided card (a first review, a reopened folder, a card
    /// chosen in the overview): the end comes once none is left after it.
    case undecided
    /// The next card, decided or not (Review Again).
    case every
    /// The next skipped card (Go Through Skipped).
    case skipped
    /// The next card among these positions, decided or not (Review
    /// Suggestions: the suggested cards only).
    case only(Set<Int>)

    func visits(_ decision: Decision?, at position: Int) -> Bool {
        switch self {
        case .undecided: decision == nil
        case .every: true
        case .skipped: decision == .skip
        case .only(let positions): positions.contains(position)
        }
    }

    /// Whether moving on from a decided card goes to the pass's next card
    /// rather than the card after it.
    var movesOnWithinPass: Bool {
        switch self {
        case .skipped, .only: true
        case .undecided, .every: false
        }
    }
}

extension ReviewSession {
    /// Decides the card at `position` without moving the top card (a tile
    /// of the overview): one undoable step, like a decision on the stack;
    /// undoing it brings that card on top. Nil when the position is out of
    /// the deck or the card already has `decision` (no empty steps).
    @discardableResult
    public mutating func decide(_ decision: Decision, at position: Int) -> ActionOutcome? {
        guard position >= 0, position < deck.count, deck.decisions[position] != decision else { return nil }
        let cursor = deck.cursor
        apply(.decide(position: position, decision: decision, replaced: deck.decisions[position]))
        deck.moveCursor(to: cursor)
        return .decided(position: position, decision: decision)
    }
}

extension ReviewSession {
    /// The same session over a changed deck (files appeared, left or were
    /// renamed while the folder was open): `ids` in deck order with their
    /// `decisions`. Every history step about a clip still in the deck
    /// follows that clip to its new position; steps about clips that left
    /// are dropped, as a rebuild from the store would. The first undecided
    /// card is on top. O(deck + history): no per-clip lookups.
    public func rebased(ids: [Int64], decisions: [Decision?]) -> ReviewSession {
        var wanted: [Int64: Int] = [:]
        let oldIDs = deck.ids
        for step in history {
            switch step {
            case .decide(let position, _, _): wanted[oldIDs[position]] = -1
            case .previous(let from) where from >= 1 && from - 1 < oldIDs.count: wanted[oldIDs[from - 1]] = -1
            case .previous: continue
            }
        }
        if !wanted.isEmpty {
            for (position, id) in ids.enumerated() where wanted[id] != nil { wanted[id] = position }
        }
        var next = ReviewSession(deck: Deck(ids: ids))
        next.pace = pace
        next.pass = pass
        next.deck.restore(decisions: decisions)
        next.history = history.compactMap { step in
            switch step {
            case .decide(let position, let decision, let replaced):
                guard let moved = wanted[oldIDs[position]], moved >= 0 else { return nil }
                return .decide(position: moved, decision: decision, replaced: replaced)
            case .previous(let from):
                guard from >= 1, from - 1 < oldIDs.count, let moved = wanted[oldIDs[from - 1]], moved >= 0 else { return nil }
                return .previous(from: moved + 1)
            }
        }
        next.deck.moveCursor(to: next.firstUndecided ?? next.deck.count)
        return next
    }
}

import Foundation

/// Where every decision goes before it is shown: the store. Durable when
/// `record` returns; a throw means nothing was saved.
@MainActor
public protocol DecisionSink: AnyObject {
    func record(_ outcome: ActionOutcome, session: ReviewSession) throws
    /// Saves several outcomes at once (a batch decided in the overview, or
    /// its undo), all or nothing. The decisions among `outcomes` are the
    /// session's last steps, in order.
    func record(batch outcomes: [ActionOutcome], session: ReviewSession) throws
    /// Remembers what is wrong with this version of a clip's file (nil: it
    /// read fine), so the command line and the next session know it too.
    func rememberProblem(clipID: Int64, reason: String?) throws
}

extension DecisionSink {
    /// One `record` per outcome (for sinks that keep no history of their own).
    public func record(batch outcomes: [ActionOutcome], session: ReviewSession) throws {
        for outcome in outcomes { try record(outcome, session: session) }
    }
}

/// The review model: one truth for what the window shows.
///
/// It owns the session (deck, cursor, decisions, undo history), the clips
/// with what is known about each (duration, caption, why it cannot play),
/// the playback intent (paused, muted, hidden) and the Undo offer. Every
/// change goes through it and is published once, as a `ReviewChange`, to
/// the one render pass (`onChange`): the window applies it to the card
/// stack, the page, the player bar, the overview, the announcer and the
/// action states in one stated order. It imports no GTK, so all of it is
/// unit-tested.
///
/// ```swift
/// let model = ReviewModel(sink: store)
/// model.load(clips: clips, session: session)
/// model.perform(.delete)          // on disk, then published; returns the outcome
/// model.undo(model.undoOffer!)    // undoes exactly that clip
/// ```
///
/// Parts: `ReviewClip` and `ClipFacts` (per clip), `Playback`, `UndoOffer`,
/// `ReviewEvent` (what just happened, for the status line and screen
/// readers), `UseCaseResult` (what Apply or Export ended with, +Results),
/// `ReviewChange` (what changed).
@MainActor
public final class ReviewModel {
    public private(set) var clips: [ReviewClip] = []
    /// The reviewed folder's absolute path.
    public private(set) var folder = ""
    /// Whether a folder is open, being read or failed: with the deck it
    /// decides the page shown (`screen`).
    public internal(set) var folderState: FolderState = .none
    public internal(set) var session = ReviewSession(deck: Deck(count: 0))
    public internal(set) var playback: Playback
    /// The most recent thing that happened, in words the app chooses; the
    /// next change published carries it once as its `event`.
    public internal(set) var lastEvent: ReviewEvent? {
        didSet { eventIsNew = lastEvent != nil }
    }
    private var eventIsNew = false
    /// What the last use case the window ran ended with (Apply, Export),
    /// as `finished` was given it; dropped with its deck.
    public internal(set) var lastResult: UseCaseResult?
    private var facts: [Int64: ClipFacts] = [:]
    var offer: UndoOffer?
    let sink: DecisionSink
    /// Which clips the overview shows; kept while the folder is open.
    public internal(set) var filter: DecisionFilter = .all
    /// What the analysis knows of the deck (stacks, suggestions, sizes):
    /// sizes from the start, the rest as `setInsights` brings it.
    public internal(set) var insights = DeckInsights()
    /// Runs of history steps made as one batch in the overview (history
    /// depths), so one undo takes the whole batch back.
    var batches: [Range<Int>] = []
    /// The one render pass: called once after every change, with what it
    /// touched. The window sets it; nothing else listens to the model. It
    /// never re-enters: a request made during a pass (a poster that failed,
    /// facts already cached) waits in `queued` and runs once the pass ends,
    /// its change rendered in a pass of its own.
    public var onChange: (@MainActor (ReviewChange) -> Void)?
    /// A render pass is under way: the model does not change under it.
    public private(set) var isRendering = false
    /// Requests made during the render pass under way, in order.
    private var queued: [@MainActor () -> Void] = []
    /// The queue is being run (after the outermost pass).
    private var drainingQueue = false
    /// Seconds on a monotonic clock: when each step happened (the deck's
    /// history keeps it). The window passes the frame clock's time source.
    let clock: @MainActor () -> Double

    public init(sink: DecisionSink, muted: Bool = true, clock: @escaping @MainActor () -> Double = { 0 }) {
        self.sink = sink
        self.clock = clock
        playback = Playback(muted: muted)
    }

    // MARK: Reading

    public var cursor: Int { session.deck.cursor }
    public var count: Int { clips.count }
    public var stats: SessionStats { session.stats }
    /// The deck is at its end: the end page shows, saying "All reviewed"
    /// only when `undecidedCount` is 0, else naming the first undecided clip.
    public var isFinished: Bool { session.deck.isFinished && !clips.isEmpty }
    /// Every clip has a decision.
    public var isAllDecided: Bool { !clips.isEmpty && undecidedCount == 0 }
    public var top: ReviewClip? { cursor < clips.count ? clips[cursor] : nil }
    /// Clips not yet decided (liked, marked or skipped), wherever they are
    /// in the deck: what "left" means on the status line, and the overview's
    /// "Undecided" count.
    public var undecidedCount: Int { DecisionFilter.undecided.count(in: stats) }

    public func decision(at position: Int) -> Decision? {
        position < session.deck.count ? session.deck.decisions[position] : nil
    }

    /// What is known about the clip at `position` (a stored problem counts
    /// until the file changes).
    public func facts(at position: Int) -> ClipFacts {
        guard position >= 0, position < clips.count else { return ClipFacts() }
        let clip = clips[position]
        var known = facts[clip.id] ?? ClipFacts()
        if known.problem == nil && !known.readable { known.problem = clip.storedProblem }
        return known
    }

    public func canPerform(_ action: DeckAction) -> Bool {
        !clips.isEmpty && session.canPerform(action)
    }

    /// The Undo offer of the last deletion, while it is still the latest step.
    public var undoOffer: UndoOffer? {
        guard let offer, isLatest(offer) else { return nil }
        return offer
    }

    // MARK: Loading

    /// Opens a deck with its session (decisions and history restored):
    /// the folder at `folder` (absolute) is open, shown as `named` (as the
    /// user named it; `folder` when nil).
    public func load(clips: [ReviewClip], session: ReviewSession, folder: String = "", named: String? = nil) {
        guard runsNow({ self.load(clips: clips, session: session, folder: folder, named: named) }) else { return }
        replaceDeck(clips: clips, session: session, folder: folder, state: .open(path: named ?? folder))
    }

    /// Another deck, in `state`: everything about the last one is dropped;
    /// a deck with no clips closes the overview.
    func replaceDeck(clips: [ReviewClip], session: ReviewSession, folder: String, state: FolderState) {
        self.folder = folder
        folderState = state
        self.clips = clips
        self.session = session
        facts = [:]
        offer = nil
        lastResult = nil
        filter = .all
        insights = DeckInsights(bytes: Self.sizes(of: clips))
        batches = []
        playback.paused = false
        let closesOverview = clips.isEmpty && playback.covered
        if closesOverview { playback.covered = false }
        lastEvent = .opened(decided: session.deck.decidedCount, total: clips.count)
        publish(ReviewChange(deck: .opened, cursor: .jumped, decisions: true, playback: true, overview: closesOverview, filter: true))
    }

    /// Takes a new scan of the same folder, keeping the top card where it
    /// still is. Returns false, publishing nothing, when nothing a user
    /// could see changed (same clips, same files, same decisions).
    @discardableResult
    public func reload(clips newClips: [ReviewClip], session newSession: ReviewSession) -> Bool {
        guard runsNow({ self.reload(clips: newClips, session: newSession) }) else { return false }
        let sameDecisions = newSession.deck.decisions == session.deck.decisions
        guard newClips != clips || !sameDecisions else { return false }
        let topID = top?.id
        // Facts learnt about a file stay only while it is the same file.
        // One pass over each deck, looking up only the few clips with facts:
        // O(deck), never O(deck × facts).
        if !facts.isEmpty {
            var versions: [Int64: String] = [:]
            for clip in clips where facts[clip.id] != nil && versions[clip.id] == nil { versions[clip.id] = clip.version }
            var kept: [Int64: ClipFacts] = [:]
            for clip in newClips where versions[clip.id] == clip.version { kept[clip.id] = facts[clip.id] }
            facts = kept
        }
        clips = newClips
        session = newSession
        placeStacks()
        insights.bytes = Self.sizes(of: newClips)
        batches = []
        if let topID, let position = newClips.firstIndex(where: { $0.id == topID }) {
            session.resume(at: position)
        }
        // Nothing left to see: the overview closes (the page says the folder is empty).
        let closesOverview = newClips.isEmpty && playback.covered
        if closesOverview { playback.covered = false }
        publish(ReviewChange(deck: .rescanned, decisions: !sameDecisions, playback: closesOverview, overview: closesOverview))
        return true
    }

    // MARK: Acting

    /// What `perform` did.
    public enum Performed: Sendable, Equatable {
        /// Saved and shown: one step of the deck.
        case step(ActionOutcome)
        /// A batch of the overview was undone as one.
        case batchUndone(count: Int)
        /// Not available now (nothing to undo, the deck is done, no deck).
        case unavailable
        /// Could not be saved, so it was taken back; `lastEvent` says why.
        case notSaved
        /// Asked during a render pass: it runs once the pass ends, and its
        /// change is rendered in a pass of its own.
        case queued
    }

    /// Applies `action`: saved through the sink first, then published. A
    /// save that fails takes the action back (nothing is shown as done that
    /// is not on disk). Returns what happened.
    @discardableResult
    public func perform(_ action: DeckAction) -> Performed {
        guard runsNow({ self.perform(action) }) else { return .queued }
        guard canPerform(action) else { return .unavailable }
        if action == .undo, let batch = batches.last, batch.upperBound == session.history.count {
            return undoBatch(batch)
        }
        if let decision = action.decision, topStack != nil { return decideStack(decision, others: decision) }
        let saved = session
        guard let outcome = session.perform(action, at: clock()) else { return .unavailable }
        do {
            try sink.record(outcome, session: session)
        } catch {
            session = saved
            lastEvent = .notSaved(reason: "\(error)")
            publish(ReviewChange(rolledBack: true))
            return .notSaved
        }
        lastEvent = event(for: outcome)
        if case .decided(let position, .delete) = outcome {
            offer = UndoOffer(clipID: clips[position].id, name: clips[position].name, depth: session.history.count)
        }
        publish(ReviewChange(cursor: .stepped(outcome), decisions: outcome.changesDecisions))
        return .step(outcome)
    }

    /// Undoes the step `offer` names, only while it is the latest step.
    @discardableResult
    public func undo(_ offer: UndoOffer) -> Performed {
        guard isLatest(offer) else { return .unavailable }
        return perform(.undo)
    }

    /// Puts the first card back on top to go through every card again;
    /// every decision stays.
    public func reviewAgain() {
        guard runsNow({ self.reviewAgain() }) else { return }
        guard !clips.isEmpty else { return }
        session.resume(at: 0, pass: .every)
        lastEvent = .reviewingAgain
        publish(ReviewChange(cursor: .jumped))
    }

    /// The first skipped clip, if any (deck position).
    public var firstSkipped: Int? {
        session.deck.decisions.firstIndex { $0 == .skip }
    }

    /// Puts the first skipped clip on top, to go through the skipped ones
    /// (each decision moves on to the next skipped clip, then to the end);
    /// every decision stays. Returns false when nothing is skipped.
    @discardableResult
    public func reviewSkipped() -> Bool {
        guard runsNow({ self.reviewSkipped() }) else { return false }
        guard let position = firstSkipped else { return false }
        session.resume(at: position, pass: .skipped)
        lastEvent = .reviewingSkipped(name: clips[position].name, count: stats.skips)
        publish(ReviewChange(cursor: .jumped))
        return true
    }

    // MARK: Facts

    /// Records what discovery learnt about a clip.
    public func setFacts(clipID: Int64, duration: Double?, width: Int? = nil, height: Int? = nil, summary: String,
                         soundOnly: Bool = false, sidesSwapped: Bool = false, damage: String? = nil) {
        guard runsNow({
            self.setFacts(clipID: clipID, duration: duration, width: width, height: height, summary: summary,
                          soundOnly: soundOnly, sidesSwapped: sidesSwapped, damage: damage)
        }) else { return }
        var known = facts[clipID] ?? ClipFacts()
        known.damage = damage ?? known.playbackStop
        known.duration = duration
        known.soundOnly = soundOnly
        known.sidesSwapped = sidesSwapped
        known.width = width
        known.height = height
        known.summary = summary.isEmpty ? nil : summary
        known.problem = nil
        known.readable = true
        facts[clipID] = known
        if let position = position(of: clipID), clips[position].storedProblem != nil { remember(nil, for: clipID) }
        publish(ReviewChange(facts: clipID))
    }

    /// Records that the clip's playback stopped short of its stated length
    /// (`reason` in the app's words): the card says it, unless the file's
    /// own damage was found first and says it already.
    public func setPlaybackStop(clipID: Int64, reason: String) {
        guard runsNow({ self.setPlaybackStop(clipID: clipID, reason: reason) }) else { return }
        var known = facts[clipID] ?? ClipFacts()
        guard known.playbackStop != reason else { return }
        if known.damage == nil || known.damage == known.playbackStop { known.damage = reason }
        known.playbackStop = reason
        facts[clipID] = known
        publish(ReviewChange(facts: clipID))
    }

    /// Records why a clip cannot be shown (the card stays decidable).
    public func setProblem(clipID: Int64, reason: String) {
        guard runsNow({ self.setProblem(clipID: clipID, reason: reason) }) else { return }
        var known = facts[clipID] ?? ClipFacts()
        guard known.problem != reason else { return }
        known.problem = reason
        facts[clipID] = known
        if let position = position(of: clipID), clips[position].storedProblem != reason { remember(reason, for: clipID) }
        publish(ReviewChange(facts: clipID))
    }

    /// What is known to be wrong is worth keeping, but not worth a review:
    /// a store that cannot take it is logged, and the review goes on.
    private func remember(_ reason: String?, for clipID: Int64) {
        do {
            try sink.rememberProblem(clipID: clipID, reason: reason)
        } catch {
            Log.warning("can’t remember the problem of clip \(clipID): \(error)", category: "store")
        }
    }

    public func position(of clipID: Int64) -> Int? {
        clips.firstIndex { $0.id == clipID }
    }

    // MARK: Playback intent

    /// Space or a click on the card: pause or play the top clip.
    public func togglePause() {
        guard runsNow({ self.togglePause() }) else { return }
        guard top?.kind == .video else { return }
        playback.paused.toggle()
        lastEvent = .playback(playing: !playback.paused)
        publish(ReviewChange(playback: true))
    }

    public func toggleMute() {
        guard runsNow({ self.toggleMute() }) else { return }
        playback.muted.toggle()
        lastEvent = .sound(on: !playback.muted)
        publish(ReviewChange(playback: true))
    }

    /// `>` and `<`: the next speed up or down (0.5× … 2×); false at either end.
    @discardableResult
    public func changeSpeed(faster: Bool) -> Bool {
        guard runsNow({ self.changeSpeed(faster: faster) }) else { return false }
        let rates = Playback.rates
        let index = rates.firstIndex { $0 >= playback.rate } ?? rates.count - 1
        let next = faster ? index + 1 : index - 1
        guard top?.kind == .video, rates.indices.contains(next) else { return false }
        playback.rate = rates[next]
        lastEvent = .speed(playback.rate)
        publish(ReviewChange(playback: true))
        return true
    }

    /// Whether `changeSpeed(faster:)` can go further that way.
    public func canChangeSpeed(faster: Bool) -> Bool {
        guard top?.kind == .video, !isFinished else { return false }
        return faster ? playback.rate < Playback.rates[Playback.rates.count - 1] : playback.rate > Playback.rates[0]
    }

    /// The window was hidden or minimized (nothing plays), or shown again.
    public func setHidden(_ hidden: Bool) {
        guard runsNow({ self.setHidden(hidden) }) else { return }
        guard playback.hidden != hidden else { return }
        playback.hidden = hidden
        lastEvent = nil  // not the user's doing: nothing to say
        publish(ReviewChange(playback: true))
    }

    // MARK: Private

    private func isLatest(_ offer: UndoOffer) -> Bool {
        guard session.history.count == offer.depth,
              case .decide(let position, _, _) = session.history.last,
              position < clips.count else { return false }
        return clips[position].id == offer.clipID
    }

    func event(for outcome: ActionOutcome) -> ReviewEvent {
        let left = undecidedCount
        switch outcome {
        case .decided(let position, let decision):
            if session.deck.isFinished { return endEvent(last: .init(name: clips[position].name, decision: decision)) }
            return .decided(name: clips[position].name, decision: decision, left: left)
        case .wentBack(let position):
            return .wentBack(name: clips[position].name, earlier: session.deck.decisions[position])
        case .undid(.decide(_, let decision, _), let position):
            return .undidDecision(name: clips[position].name, decision: decision, left: left)
        case .undid(.previous, let position):
            return .undidPrevious(name: clips[position].name)
        }
    }

    /// Whether a request runs now. During a render pass it is queued to
    /// run once the pass ends (false: the caller returns at once), so the
    /// window never reads a model that changes under it.
    func runsNow(_ request: @escaping @MainActor () -> Void) -> Bool {
        guard isRendering else { return true }
        queued.append(request)
        return false
    }

    /// Hands `change` to the one render pass, then runs the requests made
    /// during it, one at a time, each publishing its own change: one pass
    /// after another, never one inside another.
    func publish(_ change: ReviewChange) {
        var change = change
        if eventIsNew { change.event = lastEvent }
        eventIsNew = false
        isRendering = true
        onChange?(change)
        isRendering = false
        guard !drainingQueue else { return }
        drainingQueue = true
        defer { drainingQueue = false }
        while !queued.isEmpty { queued.removeFirst()() }
    }
}

extension ReviewModel {
    /// The position of a clip, looked up near `position` first (the cards
    /// on screen are next to the cursor): O(1) for them on any deck size.
    public func position(of clipID: Int64, near position: Int) -> Int? {
        let low = max(0, position - 2), high = min(clips.count, position + 4)
        if low < high, let found = (low..<high).first(where: { clips[$0].id == clipID }) { return found }
        return self.position(of: clipID)
    }

    /// The clip's absolute path in the reviewed folder.
    public func absolutePath(of clip: ReviewClip) -> String {
        folder.hasSuffix("/") ? folder + clip.relativePath : folder + "/" + clip.relativePath
    }
}

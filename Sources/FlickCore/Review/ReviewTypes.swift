/// One clip of the deck as the review model knows it.
public struct ReviewClip: Sendable, Equatable {
    /// The store's id: stable across renames.
    public let id: Int64
    /// Path relative to the folder, as stored.
    public let relativePath: String
    /// What the user reads (non-UTF-8 bytes shown as “�”).
    public let name: String
    public let kind: ClipKind
    /// The file's identity as last seen (device, inode, size, time): facts
    /// learnt about an older version of the file are dropped when it changes.
    public let version: String
    /// What the store remembers is wrong with this version of the file.
    public let storedProblem: String?
    /// The file as last seen (its size is the card's size; the analysis
    /// keys what it learns by it); nil for clips made up in tests.
    public let identity: FileIdentity?

    public init(id: Int64, relativePath: String, name: String, kind: ClipKind, version: String = "", storedProblem: String? = nil,
                identity: FileIdentity? = nil) {
        self.identity = identity
        self.id = id
        self.relativePath = relativePath
        self.name = name
        self.kind = kind
        self.version = version
        self.storedProblem = storedProblem
    }
}

/// What is known about a clip beyond its name.
public struct ClipFacts: Sendable, Equatable {
    /// Seconds; nil until discovery reads it.
    public var duration: Double?
    /// The picture's size in pixels (the card takes its shape); nil until known.
    public var width: Int?
    public var height: Int?
    /// The caption's details, e.g. "0:08 · 1920×1080".
    public var summary: String?
    /// Sound with no picture (a voice memo): the card says so and plays the sound.
    public var soundOnly = false
    /// The stored picture lies on its side (a phone's portrait clip): its
    /// stored width is the shown height.
    public var sidesSwapped = false
    /// Why it cannot be shown; nil when nothing is known to be wrong.
    public var problem: String?
    /// What is wrong with a file that still partly shows (cut short,
    /// corrupt), in the app's words; the card shows the part there is.
    public var damage: String?
    /// Where playback stopped short of the stated length, in the app's
    /// words (the player found it; kept when discovery's facts arrive).
    public var playbackStop: String?
    /// The file was read and described in this session: a problem stored
    /// from before no longer applies.
    public var readable = false

    public init(duration: Double? = nil, width: Int? = nil, height: Int? = nil, summary: String? = nil, problem: String? = nil) {
        self.duration = duration
        self.width = width
        self.height = height
        self.summary = summary
        self.problem = problem
    }
}

/// What the user asked of playback (the players follow it).
public struct Playback: Sendable, Equatable {
    /// The user paused the top clip (Space or a click).
    public var paused = false
    public var muted: Bool
    /// The window is hidden or minimized.
    public var hidden = false
    /// Playback speed (1 is normal), one of `rates`; kept from clip to clip.
    public var rate = 1.0

    /// The speeds `<` and `>` step through.
    public static let rates = [0.5, 0.75, 1, 1.25, 1.5, 2]
    /// The overview covers the stack.
    public var covered = false

    public init(muted: Bool) {
        self.muted = muted
    }

    /// Whether the top clip should be playing.
    public var shouldPlay: Bool { !paused && !hidden && !covered }
}

/// "Marked x for deletion · Undo": valid while its step is the latest.
public struct UndoOffer: Sendable, Equatable {
    public let clipID: Int64
    public let name: String
    /// The history depth right after the step it undoes.
    public let depth: Int
}

/// What just happened, for the status line and screen readers; the app
/// chooses the words.
public enum ReviewEvent: Sendable, Equatable {
    public struct Last: Sendable, Equatable {
        public let name: String
        public let decision: Decision
    }

    case opened(decided: Int, total: Int)
    case decided(name: String, decision: Decision, left: Int)
    /// The deck's end with every clip decided (`last`: the decision that
    /// got there; nil when moving on got there).
    case finished(stats: SessionStats, last: Last?)
    /// The deck's end with `count` clips still undecided, `first` the
    /// first of them in the deck.
    case stillUndecided(count: Int, first: String, last: Last?)
    /// Moved on from a decided card without deciding it: `name` is on top.
    case movedOn(name: String, decision: Decision?)
    case wentBack(name: String, earlier: Decision?)
    case undidDecision(name: String, decision: Decision, left: Int)
    case undidPrevious(name: String)
    case reviewingAgain
    /// Several clips got `decision` at once (a selection in the overview);
    /// `kinds`: what they are (photos, clips or both), for the words.
    case decidedMany(count: Int, decision: Decision, kinds: Set<ClipKind> = [])
    /// A batch of `count` decisions was undone.
    case undidMany(count: Int)
    /// "Keep this one" (K on a stack, Enter in Compare): `name` was liked
    /// and the `marked` other members of its `kind` of stack were marked
    /// for deletion, as one step; `left` undecided in the deck.
    case kept(name: String, marked: Int, kind: StackKind, left: Int)
    /// The clip chosen in the overview is on top, with its decision (nil:
    /// not yet decided).
    case showing(name: String, decision: Decision?)
    /// The first skipped clip is on top, to go through the `count` skipped.
    case reviewingSkipped(name: String, count: Int)
    /// Review Suggestions put the first of `count` suggested clips on top.
    case reviewingSuggestions(name: String, count: Int)
    /// The last of the `count` suggested clips was decided or passed.
    case suggestionsReviewed(count: Int, last: Last?)
    case playback(playing: Bool)
    case sound(on: Bool)
    /// Playback speed changed (1 is normal).
    case speed(Double)
    /// A decision could not be saved, so it was taken back.
    case notSaved(reason: String)
    /// A plain decision on a stack's card: its `count` members (`name` on
    /// top) all got `decision`.
    case decidedStack(name: String, decision: Decision, count: Int, kind: StackKind, left: Int)
    /// Another member of the stack is on top of its card: the `index`-th
    /// (from 0) of `count`, with its own decision.
    case showingMember(name: String, index: Int, count: Int, kind: StackKind, decision: Decision?)
}

/// What one change of the review model touched, published once per change
/// as one set: the window applies it to every view in one render pass.
///
/// Each part says exactly what moved, so a view redraws only what it shows
/// of that part (a batch decision is `decisions`, not a new deck; the
/// overview's filter is `filter`, not playback).
public struct ReviewChange: Sendable, Equatable {
    /// How the deck itself changed.
    public enum DeckChange: Sendable, Equatable {
        /// Another deck (a folder opened, or none): everything is new.
        case opened
        /// The same folder scanned again: clips came, went or were
        /// renamed; the top card stayed on top where it still is.
        case rescanned
    }

    /// How the top card changed.
    public enum CursorChange: Sendable, Equatable {
        /// One step of the deck (decide, go back, undo), shown animated.
        case stepped(ActionOutcome)
        /// Another card is on top at once (review again, a clip chosen in
        /// the overview, a batch undone, a deck opened).
        case jumped
    }

    public var deck: DeckChange?
    public var cursor: CursorChange?
    /// Decisions changed (any clip's, not only the top card's).
    public var decisions = false
    /// An action could not be saved and was taken back: nothing changed
    /// but what the window says (`ReviewModel.lastEvent`).
    public var rolledBack = false
    /// What is known about this clip changed.
    public var facts: Int64?
    /// The playback intent (paused, muted, speed, hidden) changed.
    public var playback = false
    /// The overview was shown or hidden.
    public var overview = false
    /// The overview's filter changed.
    public var filter = false
    /// What the analysis knows (stacks, suggestions, sizes, its progress)
    /// changed: `ReviewModel.insights`.
    public var insights = false
    /// What just happened, to be shown and said once (nil: nothing new to
    /// say; a rescan or a fact learnt says nothing).
    public var event: ReviewEvent?
    /// What a use case the window ran (Apply, Export) ended with, to be
    /// shown once (`ReviewModel.finished`).
    public var result: UseCaseResult?

    public init(deck: DeckChange? = nil, cursor: CursorChange? = nil, decisions: Bool = false, rolledBack: Bool = false,
                facts: Int64? = nil, playback: Bool = false, overview: Bool = false, filter: Bool = false,
                insights: Bool = false, event: ReviewEvent? = nil, result: UseCaseResult? = nil) {
        self.result = result
        self.insights = insights
        self.deck = deck
        self.cursor = cursor
        self.decisions = decisions
        self.rolledBack = rolledBack
        self.facts = facts
        self.playback = playback
        self.overview = overview
        self.filter = filter
        self.event = event
    }

    /// The step that made this change, if it was one step of the deck.
    public var step: ActionOutcome? {
        if case .stepped(let outcome)? = cursor { return outcome }
        return nil
    }

    /// The deck, the top card or the decisions changed: the status line,
    /// counts and cards are redrawn.
    public var touchesDeck: Bool { deck != nil || cursor != nil || decisions || rolledBack }
}

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

    public init(id: Int64, relativePath: String, name: String, kind: ClipKind, version: String = "", storedProblem: String? = nil) {
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
    /// The last card was decided: the deck is done.
    case finished(stats: SessionStats, last: Last)
    case wentBack(name: String, earlier: Decision?)
    case undidDecision(name: String, decision: Decision, left: Int)
    case undidPrevious(name: String)
    case reviewingAgain
    /// Several clips got `decision` at once (a selection in the overview).
    case decidedMany(count: Int, decision: Decision)
    /// A batch of `count` decisions was undone.
    case undidMany(count: Int)
    /// The clip chosen in the overview is on top.
    case showing(name: String)
    case playback(playing: Bool)
    case sound(on: Bool)
    /// Playback speed changed (1 is normal).
    case speed(Double)
    /// A decision could not be saved, so it was taken back.
    case notSaved(reason: String)
}

/// What changed, published once per change.
public enum ReviewUpdate: Sendable, Equatable {
    /// A new deck, or a new scan of it (`keptTop`: the top card stayed).
    case loaded(keptTop: Bool)
    /// An action was saved and applied.
    case outcome(ActionOutcome)
    /// An action could not be saved and was taken back.
    case rolledBack
    /// What is known about one clip changed.
    case facts(Int64)
    case playback
}

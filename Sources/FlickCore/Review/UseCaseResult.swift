/// What a use case the window ran (Apply Deletions, Export Likes, the XMP
/// ratings) ended with, given to the review model (`ReviewModel.finished`)
/// and published once as `ReviewChange.result`: the render pass shows it
/// (a toast when all went well, a dialog naming what needs attention), the
/// same way a decision is shown. Figures are the model's; each line naming
/// a file and why is in the app's words, as `ReviewEvent.notSaved` is.
public enum UseCaseResult: Sendable, Equatable {
    /// Apply Deletions ran: what moved, what stayed and why.
    case applied(AppliedFiles)
    /// An export (or the XMP ratings) ran.
    case exported(ExportedLikes)
    /// A use case could not start, so nothing was done.
    case notStarted(NotStarted)
}

/// What one run of Apply Deletions did.
public struct AppliedFiles: Sendable, Equatable {
    /// Where the files went.
    public enum Place: Sendable, Equatable {
        case trash
        /// "Flick Rejected" inside the folder (where there is no Trash):
        /// the files stay on the disk, so nothing is freed.
        case rejectedFolder
    }

    /// The reviewed folder's absolute path: a follow-up move (to "Flick
    /// Rejected") is only offered while it is the folder on screen.
    public var folder: String
    public var place: Place
    public var moved: Int
    /// The moved files' bytes.
    public var movedBytes: Int64
    /// Files another Flick had moved as decided: done, not failures.
    public var alreadyMoved: Int
    /// One line per file left where it was, naming it and why.
    public var notMoved: [String]
    /// One line per file moved whose move the store could not record.
    public var unrecorded: [String]
    /// Sentences said after "Moved …" (Live Photos moved together, files
    /// already moved by another Flick).
    public var notes: [String]
    /// The file under way when Cancel left it on a file system that did
    /// not answer (as shown); it may still move once it answers.
    public var stuck: String?
    public var cancelled: Bool
    /// Relative paths of the files whose filesystem has no Trash: "Flick
    /// Rejected" is offered for them.
    public var withoutTrash: [String]

    public init(folder: String, place: Place, moved: Int, movedBytes: Int64, alreadyMoved: Int = 0, notMoved: [String] = [],
                unrecorded: [String] = [], notes: [String] = [], stuck: String? = nil, cancelled: Bool = false,
                withoutTrash: [String] = []) {
        self.folder = folder
        self.place = place
        self.moved = moved
        self.movedBytes = movedBytes
        self.alreadyMoved = alreadyMoved
        self.notMoved = notMoved
        self.unrecorded = unrecorded
        self.notes = notes
        self.stuck = stuck
        self.cancelled = cancelled
        self.withoutTrash = withoutTrash
    }

    /// The space given back: what went to the Trash (into "Flick
    /// Rejected" the files stay on the same disk).
    public var freedBytes: Int64 { place == .trash ? movedBytes : 0 }

    /// Nothing needs the user's attention: a toast says it all.
    public var isComplete: Bool { notMoved.isEmpty && unrecorded.isEmpty && !cancelled && stuck == nil }
}

/// What one export (or rating of the XMP sidecars) did.
public struct ExportedLikes: Sendable, Equatable {
    public enum Form: Sendable, Equatable { case playlist, copies, video, timeline, ratings }

    public var form: Form
    /// Where it was written, as shown (nil for the sidecars, which sit
    /// beside their files).
    public var destination: String?
    /// Clips written (sidecars rated); 0 when it stopped.
    public var written: Int
    /// Bytes written (copies); 0 when not counted.
    public var bytes: Int64
    /// What was written, in the app's words ("Saved a playlist of 3 clips");
    /// nil when nothing was.
    public var saved: String?
    /// One line per clip left out or sidecar not written, with why.
    public var leftOut: [String]
    /// Why it stopped (cancelled, failed) in the app's words; nil when it
    /// was written.
    public var stopped: String?

    public init(form: Form, destination: String? = nil, written: Int = 0, bytes: Int64 = 0, saved: String? = nil,
                leftOut: [String] = [], stopped: String? = nil) {
        self.form = form
        self.destination = destination
        self.written = written
        self.bytes = bytes
        self.saved = saved
        self.leftOut = leftOut
        self.stopped = stopped
    }
}

/// A use case that did nothing: nothing to do (`reason` nil), or a reason
/// it could not start in the app's words.
public struct NotStarted: Sendable, Equatable {
    public enum Work: Sendable, Equatable {
        case applyDeletions
        case exportLikes
        /// The export's chosen place was refused.
        case exportThere
    }

    public var work: Work
    public var reason: String?

    public init(_ work: Work, reason: String? = nil) {
        self.work = work
        self.reason = reason
    }
}

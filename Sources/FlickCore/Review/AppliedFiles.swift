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

/// What the analysis knows of the deck under review: its stacks, what it
/// suggests and each file's size, keyed by the store's clip id (stable
/// across renames). The window renders it; nothing in it is a decision.
///
///     var insights = DeckInsights(bytes: [7: 2_400_000])
///     insights.group(of: 7)        // nil: alone
///     insights.suggestions(of: 7)  // []: nothing to say
public struct DeckInsights: Sendable, Equatable {
    /// One stack: files that are one moment, shown as one card.
    public struct Group: Sendable, Equatable {
        /// 1, 2, 3… in deck order of each stack's earliest member.
        public let id: Int
        public let kind: StackKind
        /// Clip ids: the one the card shows on top first (the one Flick
        /// would keep: of copies, the original), then the others in deck
        /// order.
        public let members: [Int64]

        public init(id: Int, kind: StackKind, members: [Int64]) {
            self.id = id
            self.kind = kind
            self.members = members
        }
    }

    /// How far the analysis of the deck is.
    public enum Progress: Sendable, Equatable {
        /// Nothing asked yet (no folder, or not started).
        case idle
        /// Stacks are turned off and nothing else is being looked for.
        case off
        /// `done` of the deck's `total` items looked at (every file one
        /// item, as the deck counts them; those known already are done).
        case running(done: Int, total: Int)
        /// The user stopped it: what was known before stays.
        case stopped
        /// It could not run (the store could not be read): `reason` in
        /// the store's words.
        case failed(reason: String)
        case done
    }

    public var groups: [Group] {
        didSet { indexGroups() }
    }
    /// Each suggested clip's reasons, in `Suggestion` order; clips with
    /// none are absent.
    public var suggestions: [Int64: [Suggestion]]
    /// Each clip's file size in bytes.
    public var bytes: [Int64: Int64]
    public var progress: Progress
    /// The group of each member (its index in `groups`).
    private var groupOf: [Int64: Int] = [:]

    public init(groups: [Group] = [], suggestions: [Int64: [Suggestion]] = [:], bytes: [Int64: Int64] = [:],
                progress: Progress = .idle) {
        self.groups = groups
        self.suggestions = suggestions.filter { !$0.value.isEmpty }.mapValues { $0.sorted() }
        self.bytes = bytes
        self.progress = progress
        indexGroups()
    }

    /// The stack `clipID` belongs to; nil when it is alone.
    public func group(of clipID: Int64) -> Group? {
        groupOf[clipID].map { groups[$0] }
    }

    /// Why `clipID` is suggested; empty when it is not.
    public func suggestions(of clipID: Int64) -> [Suggestion] {
        suggestions[clipID] ?? []
    }

    /// The reasons every one of `clipIDs` is suggested for, in `Suggestion`
    /// order: what a folded stack's tile can say of all its files (two
    /// screenshots: "screenshot"; a copy and its original: nothing).
    public func suggestions(sharedBy clipIDs: [Int64]) -> [Suggestion] {
        guard let first = clipIDs.first else { return [] }
        var shared = Set(suggestions(of: first))
        for id in clipIDs.dropFirst() where !shared.isEmpty { shared.formIntersection(suggestions(of: id)) }
        return shared.sorted()
    }

    public func bytes(of clipID: Int64) -> Int64? {
        bytes[clipID]
    }

    /// Whether the analysis is at work now.
    public var isRunning: Bool {
        if case .running = progress { return true }
        return false
    }

    private mutating func indexGroups() {
        groupOf = [:]
        for (index, group) in groups.enumerated() {
            for member in group.members { groupOf[member] = index }
        }
    }

    public static func == (a: DeckInsights, b: DeckInsights) -> Bool {
        a.groups == b.groups && a.suggestions == b.suggestions && a.bytes == b.bytes && a.progress == b.progress
    }
}

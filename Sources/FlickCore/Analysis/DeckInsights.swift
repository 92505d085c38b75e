/// What the analysis knows of the deck (stacks, suggestions, sizes),
/// keyed by the store's clip id (`ReviewClip.id`, stable across renames).
public struct DeckInsights: Sendable, Equatable {
    /// One stack.
    public struct Group: Sendable, Equatable {
        public let id: Int
        public let kind: StackKind
        /// Clip ids, in deck order.
        public let members: [Int64]

        public init(id: Int, kind: StackKind, members: [Int64]) {
            self.id = id
            self.kind = kind
            self.members = members
        }
    }

    public enum Progress: Sendable, Equatable {
        case idle
        case off
        case running(done: Int, total: Int)
        case stopped
        case done
    }

    public var groups: [Group]
    /// Sorted, never empty arrays.
    public var suggestions: [Int64: [Suggestion]]
    /// Each clip's file size.
    public var bytes: [Int64: Int64]
    public var progress: Progress

    public init(groups: [Group] = [], suggestions: [Int64: [Suggestion]] = [:], bytes: [Int64: Int64] = [:], progress: Progress = .idle) {
        self.groups = groups
        self.suggestions = suggestions
        self.bytes = bytes
        self.progress = progress
    }

    public func group(of clipID: Int64) -> Group? {
        groups.first { $0.members.contains(clipID) }
    }

    public func suggestions(of clipID: Int64) -> [Suggestion] { suggestions[clipID] ?? [] }

    public func bytes(of clipID: Int64) -> Int64? { bytes[clipID] }
}

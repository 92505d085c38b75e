/// What holds a stack together.
public enum StackKind: String, Sendable, CaseIterable {
    /// The same bytes under other names.
    case copy
    /// A Live Photo: a still and its short clip.
    case live
    /// The same moment or picture: a burst, a resized or re-saved copy, a
    /// trimmed or re-encoded clip.
    case similar
}

/// Files that are one moment: one card in the deck.
public struct Stack: Sendable, Equatable {
    /// 1, 2, 3… in deck order of each stack's first member.
    public let id: Int
    public let kind: StackKind
    /// Indices into the items analysed, in deck order.
    public let members: [Int]

    public init(id: Int, kind: StackKind, members: [Int]) {
        self.id = id
        self.kind = kind
        self.members = members
    }
}

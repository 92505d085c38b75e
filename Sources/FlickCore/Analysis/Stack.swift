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
    /// 1, 2, 3… in deck order of each stack's earliest member.
    public let id: Int
    public let kind: StackKind
    /// Indices into the items analysed: the member its card shows on top
    /// first (`onTop`), then the others in deck order.
    public let members: [Int]

    public init(id: Int, kind: StackKind, members: [Int]) {
        self.id = id
        self.kind = kind
        self.members = members
    }

    /// This stack with the first member that `shows` (in `members`' order)
    /// on top, the others after it in their order; unchanged when none
    /// does. The analysis puts the one Flick would keep on top: for
    /// copies, the one not suggested as an extra copy (`FolderStacks`).
    public func onTop(where shows: (Int) -> Bool) -> Stack {
        guard let top = members.first(where: shows) else { return self }
        return Stack(id: id, kind: kind, members: [top] + members.filter { $0 != top })
    }
}

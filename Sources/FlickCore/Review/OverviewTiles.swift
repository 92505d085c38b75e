/// The overview's tiles for one filter: a clip alone, a stack folded into
/// one tile (its members that pass the filter, with their count), or an
/// unfolded stack's members one tile each, side by side after its first.
///
/// ```swift
/// let tiles = model.overviewTiles(matching: .all, unfolded: [])
/// tiles.positions        // [0, 1, 5]: deck positions 1…4 are one stack, folded into the tile of 1
/// tiles.members(at: 1)   // [1, 2, 3, 4]: what deciding that tile decides
/// tiles.index(showing: 3) // 1
/// ```
public struct OverviewTiles: Sendable, Equatable {
    /// The deck position each tile shows, in grid order (a folded stack:
    /// its top member the filter passes).
    public private(set) var positions: [Int]
    /// The tiles that belong to a stack, by grid index.
    public private(set) var stacks: [Int: StackTile]
    /// The grid index of the tile each folded member is inside (its
    /// stack's top member is `positions`' own).
    private var folded: [Int: Int]
    /// Whether `positions` is in deck order (no stack unfolded out of it).
    private var inDeckOrder: Bool

    public init(positions: [Int] = []) {
        self.positions = positions
        stacks = [:]
        folded = [:]
        inDeckOrder = true
    }

    public var count: Int { positions.count }
    public var isEmpty: Bool { positions.isEmpty }

    /// How many clips the tiles show (a folded stack counts each member).
    public var clipCount: Int { positions.count + folded.count }

    /// Deck positions a decision on the tile at `index` decides: its clip,
    /// or every member of a folded stack that the filter passes.
    public func members(at index: Int) -> [Int] {
        guard index >= 0, index < positions.count else { return [] }
        guard let stack = stacks[index], !stack.unfolded else { return [positions[index]] }
        return stack.members
    }

    /// The grid index of the tile showing `position` (inside a folded stack
    /// or not); nil when no tile shows it.
    public func index(showing position: Int) -> Int? {
        if let index = folded[position] { return index }
        if inDeckOrder {
            let index = firstIndex(atOrAfter: position)
            return index < positions.count && positions[index] == position ? index : nil
        }
        return positions.firstIndex(of: position)
    }

    /// The tile showing `position`, or else the first tile after it in the
    /// deck (the last tile when none is after); nil when there are none.
    public func nearestIndex(to position: Int) -> Int? {
        guard !positions.isEmpty else { return nil }
        if let index = index(showing: position) { return index }
        if inDeckOrder { return min(firstIndex(atOrAfter: position), positions.count - 1) }
        return positions.firstIndex { $0 > position } ?? positions.count - 1
    }

    private func firstIndex(atOrAfter position: Int) -> Int {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    mutating func append(_ position: Int, stack: StackTile? = nil) {
        if let last = positions.last, position < last { inDeckOrder = false }
        if let stack {
            stacks[positions.count] = stack
            if !stack.unfolded { for member in stack.members.dropFirst() { folded[member] = positions.count } }
        }
        positions.append(position)
    }
}

/// A tile that belongs to a stack: the stack folded into it, or one of an
/// unfolded stack's members.
public struct StackTile: Sendable, Equatable {
    /// The stack's key: its top member's clip id (the same across
    /// filters, unlike its first member shown).
    public let key: Int64
    public let kind: StackKind
    /// Deck positions of the members the filter passes: the top one
    /// (the one the deck's card shows first) first, then deck order.
    public let members: [Int]
    /// Whether each member has a tile of its own.
    public let unfolded: Bool
    /// Which member this tile is (0 for a folded stack).
    public let place: Int

    public init(key: Int64, kind: StackKind, members: [Int], unfolded: Bool, place: Int) {
        self.key = key
        self.kind = kind
        self.members = members
        self.unfolded = unfolded
        self.place = place
    }
}

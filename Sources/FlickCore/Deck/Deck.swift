/// An ordered list of clips with a cursor on the top card and each card's
/// current decision. Every operation is O(1).
public struct Deck: Sendable, Equatable {
    /// Clip ids in deck order (the store's row ids, or positions in tests).
    public private(set) var ids: [Int64]
    /// The decision of each card, parallel to `ids` (1 byte per card).
    public private(set) var decisions: [Decision?]
    /// Index of the top card; `count` when the deck is finished.
    public private(set) var cursor: Int = 0
    private var tally: [Int] = [0, 0, 0]

    public init(ids: [Int64]) {
        self.ids = ids
        decisions = Array(repeating: nil, count: ids.count)
    }

    public init(count: Int) {
        self.init(ids: (0..<Int64(count)).map { $0 })
    }

    public var count: Int { ids.count }

    /// Bytes the deck's arrays hold (for the memory benchmark).
    public var storageBytes: Int {
        ids.capacity * MemoryLayout<Int64>.stride + decisions.capacity * MemoryLayout<Decision?>.stride
    }
    public var isFinished: Bool { cursor >= ids.count }
    public var topID: Int64? { isFinished ? nil : ids[cursor] }

    /// How many cards carry `decision`.
    public func count(of decision: Decision) -> Int { tally[Self.slot(decision)] }
    public var decidedCount: Int { tally.reduce(0, +) }

    /// Sets the decision at `position` and returns what it replaced.
    @discardableResult
    mutating func setDecision(_ decision: Decision?, at position: Int) -> Decision? {
        let old = decisions[position]
        if let old { tally[Self.slot(old)] -= 1 }
        if let decision { tally[Self.slot(decision)] += 1 }
        decisions[position] = decision
        return old
    }

    mutating func restore(decisions new: [Decision?]) {
        for position in decisions.indices where position < new.count && decisions[position] != new[position] {
            setDecision(new[position], at: position)
        }
    }

    mutating func moveCursor(to position: Int) {
        cursor = min(max(position, 0), ids.count)
    }

    private static func slot(_ decision: Decision) -> Int {
        switch decision {
        case .like: 0
        case .delete: 1
        case .skip: 2
        }
    }
}

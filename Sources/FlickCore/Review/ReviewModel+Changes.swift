import Foundation

/// Files that appeared, left or were renamed under an open deck, as the
/// store reconciled them (`Store.sync(_:names:found:)`).
public struct DeckChange: Sendable, Equatable {
    /// Clips that left their place (a renamed clip is also in `placed`).
    public var removed: [Int64]
    /// Clips to place in the deck, with their stored decisions.
    public var placed: [ReviewClip]
    public var decisions: [Decision?]

    public init(removed: [Int64] = [], placed: [ReviewClip] = [], decisions: [Decision?] = []) {
        self.removed = removed
        self.placed = placed
        self.decisions = decisions
    }

    public var isEmpty: Bool { removed.isEmpty && placed.isEmpty }
}

extension ReviewModel {
    /// Applies `change` to a deck in natural name order without a rescan:
    /// the clips that left go, the placed ones go where the name order puts
    /// them (found by binary search), every other clip keeps its decision
    /// and the history follows its clips. The top card stays on top when it
    /// is still there, as with `reload`; nothing is published when nothing
    /// changed. Costs O(deck) array copies, whatever the change.
    @discardableResult
    public func apply(_ change: DeckChange) -> Bool {
        guard runsNow({ self.apply(change) }) else { return false }
        guard !change.isEmpty else { return false }
        let removed = Set(change.removed)
        var newClips: [ReviewClip] = []
        var decisions: [Decision?] = []
        newClips.reserveCapacity(clips.count + change.placed.count)
        decisions.reserveCapacity(clips.count + change.placed.count)
        let current = session.deck.decisions
        for (position, clip) in clips.enumerated() where !removed.contains(clip.id) {
            newClips.append(clip)
            decisions.append(position < current.count ? current[position] : nil)
        }
        for (index, clip) in change.placed.enumerated() {
            let at = Self.insertionIndex(of: clip.relativePath, in: newClips)
            newClips.insert(clip, at: at)
            decisions.insert(index < change.decisions.count ? change.decisions[index] : nil, at: at)
        }
        return reload(clips: newClips, session: session.rebased(ids: newClips.map(\.id), decisions: decisions))
    }

    /// Where `path` goes in `clips` (sorted in natural name order).
    static func insertionIndex(of path: String, in clips: [ReviewClip]) -> Int {
        let key = NaturalOrder.Key(path)
        var low = 0, high = clips.count
        while low < high {
            let middle = (low + high) / 2
            if NaturalOrder.less(NaturalOrder.Key(clips[middle].relativePath), key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

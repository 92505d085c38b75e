/// The overview's tiles: the clips a filter passes, with the stacks the
/// analysis found (`insights.groups`) folded into one tile each, except
/// those the user unfolded.
extension ReviewModel {
    /// The tiles for `filter`; `unfolded` holds the keys of the stacks
    /// shown member by member (`StackTile.key`). A stack of which only one
    /// member passes the filter is that clip's tile alone. O(deck).
    public func overviewTiles(matching filter: DecisionFilter, unfolded: Set<Int64> = []) -> OverviewTiles {
        let passing = positions(matching: filter)
        let groups = insights.groups
        guard !groups.isEmpty else { return OverviewTiles(positions: passing) }
        var positionOf: [Int64: Int] = [:]
        positionOf.reserveCapacity(clips.count)
        for (position, clip) in clips.enumerated() { positionOf[clip.id] = position }
        let passes: Set<Int>? = filter == .all ? nil : Set(passing)
        // Each member's stack: the group's index and its members shown, the
        // top one the filter passes first (the tile stands where it is, as
        // the deck's card does), then the others in deck order.
        var stackOf: [Int: Int] = [:]
        var shown: [[Int]] = Array(repeating: [], count: groups.count)
        for (index, group) in groups.enumerated() {
            let passing = group.members.compactMap { positionOf[$0] }.filter { passes?.contains($0) ?? true }
            guard let top = passing.first, passing.count > 1 else { continue }
            let members = [top] + passing.dropFirst().sorted()
            shown[index] = members
            for member in members { stackOf[member] = index }
        }
        var tiles = OverviewTiles()
        for position in passing {
            guard let index = stackOf[position] else {
                tiles.append(position)
                continue
            }
            let members = shown[index]
            guard position == members[0], let key = groups[index].members.first else { continue }
            let kind = groups[index].kind
            if unfolded.contains(key) {
                for (place, member) in members.enumerated() {
                    tiles.append(member, stack: StackTile(key: key, kind: kind, members: members, unfolded: true, place: place))
                }
            } else {
                tiles.append(position, stack: StackTile(key: key, kind: kind, members: members, unfolded: false, place: 0))
            }
        }
        return tiles
    }
}

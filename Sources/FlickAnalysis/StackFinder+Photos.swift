extension StackFinder {
    /// How the similar-photo pass meets photos: each group of identical
    /// prints once (`IdenticalPrints`, what the app does), or every photo
    /// on its own (for tests that check the groups change no stack).
    enum PhotoPairing: Sendable {
        case identicalPrintsOnce, everyPhoto
    }

    /// Links the photos that match (`PhotoPrint.matches`) as `similar`,
    /// where they are not joined already; how far the comparisons went.
    ///
    /// Photos of one print are compared as one: a group whose print matches
    /// itself has its photos joined, and two groups whose prints match have
    /// every photo of each joined to the other's first — the same joined
    /// files as linking every matching pair, and a link is only added where
    /// it joins two files not yet joined (as comparing pair by pair does), so
    /// the stacks' kinds are the same too.
    static func linkPhotos(_ photos: [(item: Int, print: PhotoPrint)], pairing: PhotoPairing, screen: PhotoPrint.Screen,
                           links: inout StackLinks) -> PhotoComparisons {
        let groups = pairing == .identicalPrintsOnce ? IdenticalPrints(photos.map(\.print)) : IdenticalPrints(each: photos.map(\.print))
        let members = groups.members.map { $0.map { photos[$0].item } }
        var comparisons = PhotoComparisons()
        comparisons.identical = photos.count - groups.prints.count
        // Whether each group's photos match each other (its print matches itself).
        var whole = [Bool](repeating: true, count: groups.prints.count)
        for (group, print) in groups.prints.enumerated() where members[group].count > 1 {
            whole[group] = print.matches(print, screen: screen, counts: &comparisons)
            guard whole[group], let first = members[group].first else { continue }
            for member in members[group].dropFirst() where !links.connected(first, member) {
                links.join(first, member, .similar)
            }
        }
        /// Whether every photo of `group` is joined with `other`.
        func joined(_ group: Int, with other: Int) -> Bool {
            whole[group] ? links.connected(members[group][0], other) : members[group].allSatisfy { links.connected($0, other) }
        }
        // Every pair either rule accepts has hashes within maxShiftedDistance
        // (the widest of the three distances), so that one XOR and count
        // decides which pairs are compared at all.
        let prints = groups.prints
        forEachPhotoPair(prints) { x, y in
            comparisons.pairs += 1
            guard PerceptualHash.distance(prints[x].hash, prints[y].hash) <= PhotoPrint.maxShiftedDistance,
                  !(joined(x, with: members[y][0]) && joined(y, with: members[y][0])) else { return }
            comparisons.candidates += 1
            // `matches` is symmetric: which of the two comes first does not matter.
            guard prints[x].matches(prints[y], screen: screen, counts: &comparisons) else { return }
            for member in members[x] where !links.connected(member, members[y][0]) { links.join(member, members[y][0], .similar) }
            for member in members[y] where !links.connected(member, members[x][0]) { links.join(member, members[x][0], .similar) }
        }
        return comparisons
    }
    /// The pairs of photos worth comparing (positions in `prints`, the
    /// first before the second): photos taken further apart than
    /// `PhotoPrint.maxMomentSeconds` never match, so dated photos are
    /// sorted by capture time and each compared only with those taken
    /// within that window after it — a folder of dated photos costs about
    /// n × (photos per 10 s), not n². A photo without a date is compared
    /// with every other: n² hash comparisons, a few milliseconds for
    /// thousands, while the costly stages are kept for the few pairs that
    /// get past the hash and the screens (`PhotoComparisons`). The same
    /// pairs as comparing all would match.
    /// (The stacks do not depend on the order pairs come in: matching is
    /// symmetric and the stacks are its connected groups.)
    static func forEachPhotoPair(_ prints: [PhotoPrint], _ body: (Int, Int) -> Void) {
        let dated = prints.indices.filter { prints[$0].captured != nil }
            .sorted { (prints[$0].captured ?? 0, $0) < (prints[$1].captured ?? 0, $1) }
        let undated = prints.indices.filter { prints[$0].captured == nil }
        for (position, x) in dated.enumerated() {
            let time = prints[x].captured ?? 0
            for y in dated[(position + 1)...] {
                guard let other = prints[y].captured, other - time <= PhotoPrint.maxMomentSeconds else { break }
                body(min(x, y), max(x, y))
            }
        }
        for (position, x) in undated.enumerated() {
            for y in dated { body(min(x, y), max(x, y)) }
            for y in undated[(position + 1)...] { body(x, y) }
        }
    }
}


/// Photos grouped by identical prints: the same grey picture and the same
/// capture time (so the same hash and layouts). Whether two photos match
/// is decided by their prints alone (`PhotoPrint.matches`, a pure and
/// symmetric function of them), so one print of each group stands for all
/// its photos: a photo matches another exactly when their groups' prints
/// match, and the photos of one group match each other exactly when its
/// print matches itself (every print with detail does; a flat one matches
/// nothing). Comparing groups instead of photos finds the same stacks.
///
/// A folder often holds one picture many times — copies, the same frame
/// saved again, a screenshot taken twice — and undated photos are compared
/// with every other: each group is compared once with each other group, so
/// a picture's 100 copies cost what one costs.
///
///     let groups = IdenticalPrints([a, b, a, c])
///     groups.prints   // [a, b, c]
///     groups.members  // [[0, 2], [1], [3]]
struct IdenticalPrints {
    /// One print of each group, in the order their first photos come.
    let prints: [PhotoPrint]
    /// Each group's photos: positions in the prints given, ascending.
    let members: [[Int]]

    /// What makes two prints one: all the print keeps (the hash and the
    /// layouts are made from the grey picture). The capture time by its
    /// bits, so that two prints are one only when every field is the same.
    private struct Key: Hashable {
        let hash: UInt64
        let captured: UInt64?
        let grey: [UInt8]
    }

    init(_ all: [PhotoPrint]) {
        var group: [Key: Int] = [:]
        group.reserveCapacity(all.count)
        var prints: [PhotoPrint] = [], members: [[Int]] = []
        for (position, print) in all.enumerated() {
            let key = Key(hash: print.hash, captured: print.captured?.bitPattern, grey: print.grey)
            if let known = group[key] {
                members[known].append(position)
            } else {
                group[key] = prints.count
                prints.append(print)
                members.append([position])
            }
        }
        self.prints = prints
        self.members = members
    }

    /// Every photo a group of its own (comparing all photos pair by pair,
    /// as tests do to check the groups change nothing).
    init(each all: [PhotoPrint]) {
        prints = all
        members = all.indices.map { [$0] }
    }
}

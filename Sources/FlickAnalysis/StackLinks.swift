import FlickCore

/// The links found so far between a folder's files (`StackFinder`): which
/// files are joined, by any chain of links, and the kinds of link each file
/// has (copy, live, similar), from which a stack's kind follows.
struct StackLinks {
    private var groups: UnionFind
    /// Each file's kinds of link.
    private(set) var kinds: [Set<StackKind>]

    init(count: Int) {
        groups = UnionFind(count: count)
        kinds = Array(repeating: [], count: count)
    }

    mutating func join(_ a: Int, _ b: Int, _ kind: StackKind) {
        groups.union(a, b)
        kinds[a].insert(kind)
        kinds[b].insert(kind)
    }

    /// Whether `a` and `b` are already joined (a link between them would add nothing).
    mutating func connected(_ a: Int, _ b: Int) -> Bool {
        groups.find(a) == groups.find(b)
    }

    /// The file that stands for `index`'s group (its smallest index).
    mutating func group(of index: Int) -> Int {
        groups.find(index)
    }
}

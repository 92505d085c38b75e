import FlickCore
import Foundation

/// Groups analysed files into stacks: exact copies (one content hash),
/// Live Photos (`LivePhoto.pairs`), similar photos and similar clips
/// (their prints match). Any two files joined by one of these are in one
/// stack, and so are their other partners.
///
/// A stack is a `copy` stack when all its members are one content, `live`
/// when it is held together by Live Photo pairs (and copies), else
/// `similar`. Pure: no file is read here.
public enum StackFinder {
    public static func stacks(items: [AnalysisItem], analyses: [FileAnalysis?]) -> [Stack] {
        find(items: items, analyses: analyses).stacks
    }

    /// The stacks, and how far the photo comparisons went to find them.
    public static func find(items: [AnalysisItem], analyses: [FileAnalysis?]) -> (stacks: [Stack], comparisons: PhotoComparisons) {
        find(items: items, analyses: analyses, screen: .screened)
    }

    static func find(items: [AnalysisItem], analyses: [FileAnalysis?], screen: PhotoPrint.Screen) -> (stacks: [Stack], comparisons: PhotoComparisons) {
        precondition(items.count == analyses.count)
        var groups = UnionFind(count: items.count)
        var edgeKinds = [Set<StackKind>](repeating: [], count: items.count)
        func join(_ a: Int, _ b: Int, _ kind: StackKind) {
            groups.union(a, b)
            edgeKinds[a].insert(kind)
            edgeKinds[b].insert(kind)
        }
        // Exact copies.
        var byContent: [String: Int] = [:]
        for (index, analysis) in analyses.enumerated() {
            guard let content = analysis?.content else { continue }
            if let first = byContent[content] { join(first, index, .copy) } else { byContent[content] = index }
        }
        // Live Photos.
        for (still, clip) in LivePhoto.pairs(items) { join(still, clip, .live) }
        // Similar photos (only pairs close enough in time), then similar clips (every pair).
        var photos: [(Int, PhotoPrint)] = [], clips: [(Int, ClipPrint)] = []
        for (index, analysis) in analyses.enumerated() {
            switch analysis?.print {
            case .photo(let print): photos.append((index, print))
            case .clip(let print): clips.append((index, print))
            default: break
            }
        }
        // Every pair either rule accepts has hashes within maxShiftedDistance
        // (the widest of the three distances), so that one XOR and count
        // decides which pairs are compared at all.
        var comparisons = PhotoComparisons()
        let hashes = photos.map(\.1.hash)
        forEachPhotoPair(photos.map(\.1)) { x, y in
            comparisons.pairs += 1
            guard PerceptualHash.distance(hashes[x], hashes[y]) <= PhotoPrint.maxShiftedDistance,
                  groups.find(photos[x].0) != groups.find(photos[y].0) else { return }
            comparisons.candidates += 1
            if photos[x].1.matches(photos[y].1, screen: screen, counts: &comparisons) {
                join(photos[x].0, photos[y].0, .similar)
            }
        }
        for x in clips.indices {
            for y in clips.indices.dropFirst(x + 1) where groups.find(clips[x].0) != groups.find(clips[y].0)
                && ClipMatch.matches(clips[x].1, clips[y].1) {
                join(clips[x].0, clips[y].0, .similar)
            }
        }
        var members: [Int: [Int]] = [:]
        for index in items.indices { members[groups.find(index), default: []].append(index) }
        let found = members.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
        let stacks = found.enumerated().map { offset, indices in
            let edges = indices.reduce(into: Set<StackKind>()) { $0.formUnion(edgeKinds[$1]) }
            let kind: StackKind = edges.contains(.similar) ? .similar : edges.contains(.live) ? .live : .copy
            return Stack(id: offset + 1, kind: kind, members: indices)
        }
        return (stacks, comparisons)
    }
}

extension StackFinder {
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

/// Disjoint sets over 0..<count, with path halving.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) {
        parent = Array(0..<count)
    }

    mutating func find(_ x: Int) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a), rb = find(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}

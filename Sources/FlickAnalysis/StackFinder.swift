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
        find(items: items, analyses: analyses, screen: .screened, pairing: .identicalPrintsOnce)
    }

    static func find(items: [AnalysisItem], analyses: [FileAnalysis?], screen: PhotoPrint.Screen,
                     pairing: PhotoPairing = .identicalPrintsOnce) -> (stacks: [Stack], comparisons: PhotoComparisons) {
        precondition(items.count == analyses.count)
        var links = StackLinks(count: items.count)
        // Exact copies.
        var byContent: [String: Int] = [:]
        for (index, analysis) in analyses.enumerated() {
            guard let content = analysis?.content else { continue }
            if let first = byContent[content] { links.join(first, index, .copy) } else { byContent[content] = index }
        }
        // Live Photos.
        for (still, clip) in LivePhoto.pairs(items) { links.join(still, clip, .live) }
        // Similar photos (only pairs close enough in time), then similar clips (every pair).
        var photos: [(item: Int, print: PhotoPrint)] = [], clips: [(Int, ClipPrint)] = []
        for (index, analysis) in analyses.enumerated() {
            switch analysis?.print {
            case .photo(let print): photos.append((index, print))
            case .clip(let print): clips.append((index, print))
            default: break
            }
        }
        let comparisons = linkPhotos(photos, pairing: pairing, screen: screen, links: &links)
        for x in clips.indices {
            for y in clips.indices.dropFirst(x + 1) where !links.connected(clips[x].0, clips[y].0)
                && ClipMatch.matches(clips[x].1, clips[y].1) {
                links.join(clips[x].0, clips[y].0, .similar)
            }
        }
        var members: [Int: [Int]] = [:]
        for index in items.indices { members[links.group(of: index), default: []].append(index) }
        let found = members.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
        let stacks = found.enumerated().map { offset, indices in
            let edges = indices.reduce(into: Set<StackKind>()) { $0.formUnion(links.kinds[$1]) }
            let kind: StackKind = edges.contains(.similar) ? .similar : edges.contains(.live) ? .live : .copy
            return Stack(id: offset + 1, kind: kind, members: indices)
        }
        return (stacks, comparisons)
    }
}


import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// Photos of one print are compared once (`IdenticalPrints`): the stacks
/// and their kinds are the ones comparing every pair of photos gives, on
/// random and real prints, and a folder of many copies of few pictures
/// costs comparisons of the pictures, not of the photos.
@Suite struct IdenticalPrintsTests {
    /// Photo by photo, every pair the rule accepts (`PhotoPrint.matches`),
    /// with no grouping and no skipping: each photo's stack, as a set of
    /// the photos it holds (alone: just itself).
    static func reference(_ prints: [PhotoPrint]) -> [Set<Int>] {
        var groups = UnionFind(count: prints.count)
        for x in prints.indices {
            for y in prints.indices where y > x && prints[x].matches(prints[y]) { groups.union(x, y) }
        }
        var members: [Int: Set<Int>] = [:]
        for index in prints.indices { members[groups.find(index), default: []].insert(index) }
        return prints.indices.map { members[groups.find($0)] ?? [$0] }
    }

    /// Each photo's stack as `StackFinder` finds it (alone: just itself).
    static func found(_ stacks: [Stack], count: Int) -> [Set<Int>] {
        var of = (0..<count).map { Set([$0]) }
        for stack in stacks {
            for member in stack.members { of[member] = Set(stack.members) }
        }
        return of
    }

    static func analyses(_ prints: [PhotoPrint], contents: [String?]? = nil) -> (items: [AnalysisItem], analyses: [FileAnalysis?]) {
        (prints.indices.map { AnalysisItem(path: "/f/\($0).jpg", kind: .photo, identity: FileIdentity()) },
         prints.indices.map { FileAnalysis(content: contents?[$0], print: .photo(prints[$0])) })
    }

    /// Checks that grouping identical prints finds what every pair finds:
    /// against the plain all-pairs rule, and against `StackFinder` meeting
    /// every photo on its own (which also gives the same kinds).
    static func expectSameStacks(_ prints: [PhotoPrint], contents: [String?]? = nil) -> PhotoComparisons {
        let (items, analyses) = analyses(prints, contents: contents)
        let grouped = StackFinder.find(items: items, analyses: analyses, screen: .screened, pairing: .identicalPrintsOnce)
        let each = StackFinder.find(items: items, analyses: analyses, screen: .screened, pairing: .everyPhoto)
        #expect(grouped.stacks == each.stacks)
        if contents == nil {
            let expected = reference(prints), got = found(grouped.stacks, count: prints.count)
            let lost = prints.indices.filter { expected[$0] != got[$0] }
            #expect(lost.isEmpty, "photos whose stack differs from every pair's: \(lost.prefix(10).map { "\($0): \(got[$0].sorted()) not \(expected[$0].sorted())" })")
        }
        return grouped.comparisons
    }

    /// `base` with up to `most` photos of each of its prints, shuffled by `seed`.
    static func withCopies(_ base: [PhotoPrint], most: Int, seed: UInt64) -> [PhotoPrint] {
        var seed = seed, prints: [PhotoPrint] = []
        for print in base {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            prints += Array(repeating: print, count: 1 + Int((seed >> 33) % UInt64(most)))
        }
        for index in prints.indices.reversed() {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            prints.swapAt(index, Int((seed >> 33) % UInt64(index + 1)))
        }
        return prints
    }

    @Test func randomPrintsWithCopiesStackAsEveryPairWould() {
        // Families of one layout with their own detail (most pairs pass the
        // hash and the 8 × 8 layouts, few match), each family's first with
        // chat copies (brighter, then brighter again: a chain), flat
        // pictures (which match nothing, not even a copy of themselves), and
        // photos taken a second apart or an hour apart.
        var seed: UInt64 = 7
        var base: [PhotoPrint] = []
        for family in 0..<8 {
            let layout = PhotoScreenTests.layout(seed: &seed)
            let captured: Double? = family % 3 == 0 ? Double(family) * 3600 : nil
            for _ in 0..<4 {
                base.append(PhotoPrint(image: PhotoScreenTests.picture(layout: layout, detail: 200, seed: &seed), captured: captured))
            }
            let first = base[base.count - 4].grey.map(Float.init)
            base.append(PhotoPrint(image: GreyImage(width: 32, height: 32, pixels: first.map { $0 * 0.9 + 20 }), captured: nil))
            base.append(PhotoPrint(image: GreyImage(width: 32, height: 32, pixels: first.map { $0 * 0.8 + 40 }), captured: captured.map { $0 + 1 }))
        }
        for level in [0, 128, 255] {
            base.append(PhotoPrint(hash: 0, grey: [UInt8](repeating: UInt8(level), count: 1024), captured: nil))
        }
        let prints = Self.withCopies(base, most: 4, seed: 39)
        let comparisons = Self.expectSameStacks(prints)
        #expect(comparisons.identical == prints.count - base.count)
        #expect(comparisons.identical > base.count / 2)
        // Some copies are also one file's bytes (a copy stack, which stays one
        // unless a similar photo joins it).
        var contents = [String?](repeating: nil, count: prints.count)
        var firstOf: [Int: Int] = [:]
        for (index, print) in prints.enumerated() {
            let key = base.firstIndex(of: print) ?? -1
            if key % 2 == 0, firstOf[key] != nil { contents[index] = "bytes-\(key)" }
            if key % 2 == 0, firstOf[key] == nil { firstOf[key] = index; contents[index] = "bytes-\(key)" }
        }
        _ = Self.expectSameStacks(prints, contents: contents)
    }

    @Test func realPrintsWithCopiesStackAsEveryPairWould() throws {
        let base = try PhotoStackTests.printed().map(\.print)
        let prints = Self.withCopies(base, most: 2, seed: 11)
        let comparisons = Self.expectSameStacks(prints)
        #expect(comparisons.identical == prints.count - base.count)
    }

    @Test func manyCopiesOfFewPicturesCostComparisonsOfThePictures() {
        // 40 undated pictures, 25 photos of each: the pictures' pairs are
        // compared, not the photos'.
        var seed: UInt64 = 3
        let pictures = (0..<40).map { _ in
            PhotoPrint(image: PhotoScreenTests.picture(layout: PhotoScreenTests.layout(seed: &seed), detail: 40, seed: &seed), captured: nil)
        }
        let prints = (0..<1000).map { pictures[$0 % pictures.count] }
        let (items, analyses) = Self.analyses(prints)
        let found = StackFinder.find(items: items, analyses: analyses)
        #expect(found.comparisons.pairs == pictures.count * (pictures.count - 1) / 2)
        #expect(found.comparisons.identical == prints.count - pictures.count)
        #expect(found.stacks.count == pictures.count && found.stacks.allSatisfy { $0.members.count == 25 && $0.kind == .similar })
    }
}

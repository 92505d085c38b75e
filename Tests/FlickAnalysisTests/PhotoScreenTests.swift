import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// The screen before the full comparison of two photos (16 × 16 layouts,
/// shifted and enlarged): it changes no stack on real pictures, crops up
/// to the full comparison's reach among them, and keeps a folder of
/// thousands of undated photos from costing a full comparison per pair.
@Suite struct PhotoScreenTests {
    /// Crops of the real originals the full comparison reaches with its
    /// enlargements (`PhotoPrint.cropZooms`): 12 % and 16 % off each side
    /// about the centre, 10 % off from a corner.
    static let crops: [(name: String, filter: String)] = [("crop12", "crop=iw*0.88:ih*0.88"), ("crop16", "crop=iw*0.84:ih*0.84"),
                                                          ("corner10", "crop=iw*0.9:ih*0.9:0:0")]

    static func analyses(_ prints: [PhotoPrint]) -> (items: [AnalysisItem], analyses: [FileAnalysis?]) {
        (prints.indices.map { AnalysisItem(path: "/f/\($0).jpg", kind: .photo, identity: FileIdentity()) },
         prints.map { FileAnalysis(print: .photo($0)) })
    }

    /// The real set's photos, and more crops of its originals.
    static func realPrints() throws -> [PhotoPrint] {
        let folder = try RealMedia.scratch("crops")
        var prints = try PhotoStackTests.printed().map(\.print)
        for name in RealMedia.originals {
            for crop in crops {
                let path = "\(folder)/\((name as NSString).deletingPathExtension)-\(crop.name).jpg"
                try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(RealMedia.data)/\(name)", "-vf", crop.filter, "-q:v", "4", path)
                let item = AnalysisItem(path: path, kind: .photo, identity: FileIdentity())
                guard case .photo(let print) = StackAnalysis.print(of: item, cancelled: { false }).print else {
                    throw RealMediaError(what: "\(path) has no print")
                }
                prints.append(print)
            }
        }
        return prints
    }

    @Test func theScreenChangesNoStackOnRealPhotos() throws {
        let prints = try Self.realPrints()
        // Pair by pair (a stack can hide a lost pair behind its other links).
        var differ: [String] = []
        var full = PhotoComparisons(), screened = PhotoComparisons()
        var lowest: Float = 1  // the least screen correlation (searched in full) of a pair the full search accepts
        for x in prints.indices {
            for y in prints.indices where y > x && PerceptualHash.distance(prints[x].hash, prints[y].hash) <= PhotoPrint.maxShiftedDistance {
                let accepted = prints[x].matches(prints[y], screen: .full, counts: &full)
                if accepted != prints[x].matches(prints[y], screen: .screened, counts: &screened) {
                    differ.append("\(x)–\(y)")
                }
                if accepted && prints[x].shiftedCorrelation(prints[y], screen: .full) >= PhotoPrint.minShiftedCorrelation {
                    lowest = min(lowest, prints[x].middleCorrelation(prints[y], enough: 1))
                }
            }
        }
        print("real photos: \(prints.count); pairs compared in full without the screen \(full.fine), with it \(screened.fine); "
            + "the least screen correlation of a pair found shifted: \(lowest)")
        #expect(differ.isEmpty, "pairs the screen decides otherwise: \(differ)")
        let (items, analyses) = Self.analyses(prints)
        let fullStacks = StackFinder.find(items: items, analyses: analyses, screen: .full).stacks
        #expect(StackFinder.find(items: items, analyses: analyses, screen: .screened).stacks == fullStacks)
        // The crops are found (they are what the screen could lose), and the screen did work.
        #expect(fullStacks.map(\.members.count).reduce(0, +) >= RealMedia.originals.count * (6 + Self.crops.count) - 6)
        #expect(screened.fine < full.fine)
    }

    /// A 32 × 32 picture: a layout shared by one family of photos (its own
    /// low frequencies) and detail of each photo's own (pixel noise), from
    /// a seeded generator.
    static func picture(layout: [Float], detail: Float, seed: inout UInt64) -> GreyImage {
        GreyImage(width: 32, height: 32, pixels: layout.map { value in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let uniform = Float(seed >> 40) / Float(1 << 24) - 0.5
            return value + detail * uniform
        })
    }

    /// A smooth random layout: waves of the 8 × 8 lowest frequencies, the
    /// lower ones stronger, about 128 on average.
    static func layout(seed: inout UInt64) -> [Float] {
        var weights: [Float] = []
        for v in 0..<8 {
            for u in 0..<8 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                weights.append((Float(seed >> 40) / Float(1 << 24) - 0.5) * 120 / Float(1 + u + v))
            }
        }
        return (0..<1024).map { index in
            let (x, y) = (Float(index % 32), Float(index / 32))
            var value: Float = 128
            for v in 0..<8 {
                for u in 0..<8 where u + v > 0 {
                    value += weights[v * 8 + u] * cos((2 * x + 1) * Float(u) * .pi / 64) * cos((2 * y + 1) * Float(v) * .pi / 64)
                }
            }
            return value
        }
    }

    @Test func twoThousandUndatedPhotosCostFewFullComparisons() {
        // 100 layouts (one app's screenshots, one chessboard seen again),
        // 20 photos of each with their own detail: alike at 8 × 8, different
        // at 16 × 16 and 32 × 32. And one chat copy of each family's first.
        let families = 100, members = 20
        var seed: UInt64 = 39
        var prints: [PhotoPrint] = []
        for _ in 0..<families {
            let layout = Self.layout(seed: &seed)
            var first: PhotoPrint?
            for _ in 0..<members - 1 {
                let print = PhotoPrint(image: Self.picture(layout: layout, detail: 200, seed: &seed), captured: nil)
                first = first ?? print
                prints.append(print)
            }
            if let first {
                let copy = GreyImage(width: 32, height: 32, pixels: first.grey.map { Float($0) * 0.9 + 20 })
                prints.append(PhotoPrint(image: copy, captured: nil))
            }
        }
        let (items, analyses) = Self.analyses(prints)
        let found = StackFinder.find(items: items, analyses: analyses)
        let count = prints.count, allPairs = count * (count - 1) / 2
        print("synthetic undated photos: \(count), pairs \(found.comparisons.pairs), hash-close \(found.comparisons.candidates), "
            + "coarse \(found.comparisons.coarse), screened \(found.comparisons.middle), full \(found.comparisons.fine), stacks \(found.stacks.count)")
        #expect(found.comparisons.pairs == allPairs, "undated photos: every pair meets the hash")
        #expect(found.comparisons.coarse > 10 * count, "the families' photos are alike at 8 × 8: without the screen each of these pairs is compared in full")
        #expect(found.comparisons.fine < count, "far below the \(allPairs) pairs")
        #expect(found.stacks.count == families && found.stacks.allSatisfy { $0.members.count == 2 }, "each family's chat copy, and nothing else")
    }
}

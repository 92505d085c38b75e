import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// Similar photos on real pictures (`RealMedia`): re-saved, converted,
/// cropped and brightened copies, stereo pairs, consecutive frames and
/// bursts are found; unrelated photos, views of one place and one fixed
/// camera's other moments are not.
@Suite struct PhotoStackTests {
    /// Pair recall and precision the issue asks for.
    static let minRecall = 0.9
    static let minPrecision = 0.95

    struct Printed {
        let photo: RealMedia.Photo
        let print: PhotoPrint
    }

    /// The set's prints, made once for all the tests.
    static let prints: Result<[Printed], any Error> = Result { try makePrints() }

    static func printed() throws -> [Printed] {
        try prints.get()
    }

    static func makePrints() throws -> [Printed] {
        try RealMedia.photos.get().map { photo in
            let item = AnalysisItem(path: photo.path, kind: .photo, identity: FileIdentity())
            guard case .photo(let print) = StackAnalysis.print(of: item, cancelled: { false }).print else {
                throw RealMediaError(what: "\(photo.path) has no print")
            }
            return Printed(photo: photo, print: print)
        }
    }

    @Test func nearDuplicatesAreFoundAndUnrelatedPhotosAreNot() throws {
        let set = try Self.printed()
        var truePairs = 0, found = 0, foundTrue = 0
        var wide = 0, wideFound = 0
        var missed: [String] = [], wrong: [String] = []
        for x in set.indices {
            for y in set.indices where y > x {
                let same = set[x].photo.moment == set[y].photo.moment
                if same && set[x].photo.moment.hasPrefix("wide") {
                    wide += 1
                    if set[x].print.matches(set[y].print) { wideFound += 1 }
                    continue
                }
                let match = set[x].print.matches(set[y].print)
                let names = { "\((set[x].photo.path as NSString).lastPathComponent)–\((set[y].photo.path as NSString).lastPathComponent)"
                    + " d=\(PerceptualHash.distance(set[x].print.hash, set[y].print.hash))"
                    + " r=\(PhotoPrint.correlation(set[x].print.layout, set[y].print.layout))"
                    + " s=\(set[x].print.shiftedCorrelation(set[y].print))" }
                if same { truePairs += 1 }
                if match { found += 1 }
                if same && match { foundTrue += 1 }
                if same && !match { missed.append(names()) }
                if match && !same { wrong.append(names()) }
            }
        }
        let recall = Double(foundTrue) / Double(max(1, truePairs)), precision = Double(foundTrue) / Double(max(1, found))
        print("photos: \(set.count), pairs of one moment: \(truePairs), found: \(found), recall \(recall), precision \(precision)")
        print("wide stereo pairs found: \(wideFound) of \(wide)")
        print("missed: \(missed.joined(separator: "; "))")
        print("wrongly matched: \(wrong.joined(separator: "; "))")
        #expect(recall >= Self.minRecall, "missed: \(missed)")
        #expect(precision >= Self.minPrecision, "wrongly matched: \(wrong)")
    }

    @Test func aBoxIsNotTheSameBoxInClutter() throws {
        let set = try Self.printed()
        let box = try #require(set.first { $0.photo.path.hasSuffix("/box.png") })
        let scene = try #require(set.first { $0.photo.path.hasSuffix("/box_in_scene.png") })
        #expect(!box.print.matches(scene.print))
    }

    @Test func differentScenesHalfASecondApartAreNotOneMoment() throws {
        let turned = try Self.printed().filter { $0.photo.path.contains("/turned-") }
        try #require(turned.count == 4 && turned.allSatisfy { $0.print.captured != nil })
        #expect(!turned[0].print.matches(turned[1].print), "the box, then the box in clutter")
        #expect(!turned[2].print.matches(turned[3].print), "fruit, then a baboon")
    }

    @Test func captureTimesAreReadWithTheirFractions() throws {
        let burst = try RealMedia.photos.get().filter { $0.moment == "burst" }
        try #require(burst.count == 3)
        #expect(CaptureTime.read(path: burst[1].path) == 1_714_564_810.25)
        #expect(CaptureTime.read(path: "\(RealMedia.data)/box.png") == nil)
    }

    @Test func oneFixedCameraHoursApartIsNotOneMoment() throws {
        let set = try Self.printed()
        let burst = set.filter { $0.photo.moment == "burst" }, others = set.filter { ["later", "hours"].contains($0.photo.moment) }
        try #require(burst.count == 3 && others.count == 2)
        #expect(burst[0].print.matches(burst[2].print))
        for other in others { #expect(!burst[0].print.matches(other.print), "\(other.photo.path)") }
    }
}

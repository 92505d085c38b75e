import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// How analysed files become stacks: copies by content, Live Photos by
/// name (and content identifier), similar items by print, and the kind a
/// mixed stack gets.
@Suite struct StackFinderTests {
    static func item(_ path: String, _ kind: ClipKind = .photo) -> AnalysisItem {
        AnalysisItem(path: path, kind: kind, identity: FileIdentity())
    }

    /// A 32 × 32 picture of stripes `period` pixels wide, brightened by `offset`.
    static func stripes(_ period: Int, offset: Float = 0, vertical: Bool = false) -> GreyImage {
        GreyImage(width: 32, height: 32, pixels: (0..<1024).map { index in
            let at = vertical ? index / 32 : index % 32
            return ((at / period) % 2 == 0 ? 60 : 180) + offset
        })
    }

    @Test func sameBytesAreACopyStackWhateverTheirNames() {
        let items = [Self.item("/f/a.jpg"), Self.item("/f/sub/a copy.jpg"), Self.item("/f/b.jpg")]
        let stacks = StackFinder.stacks(items: items, analyses: [FileAnalysis(content: "1"), FileAnalysis(content: "1"), FileAnalysis(content: "2")])
        #expect(stacks == [Stack(id: 1, kind: .copy, members: [0, 1])])
    }

    @Test func aStillAndAClipOfOneNameInOneFolderAreALivePhoto() {
        let items = [Self.item("/f/IMG_1.HEIC"), Self.item("/f/IMG_1.MOV", .video), Self.item("/f/IMG_2.JPG"),
                     Self.item("/g/IMG_2.MOV", .video), Self.item("/f/IMG_3.jpg"), Self.item("/f/IMG_3.mov", .video), Self.item("/f/IMG_3.mp4", .video)]
        let stacks = StackFinder.stacks(items: items, analyses: Array(repeating: nil, count: items.count))
        // IMG_2's halves are in two folders; IMG_3 has two clips: neither is a pair.
        #expect(stacks == [Stack(id: 1, kind: .live, members: [0, 1])])
    }

    @Test func differentAppleContentIdentifiersAreNotOneLivePhoto() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-live-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let first = "1B7A1C3E-0D2F-4C5B-9A8E-7F6D5C4B3A21", second = "2C8B2D4F-1E30-4D6C-AB9F-80E7D6C5B4A3"
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        try write("IMG_1.JPG", "\u{FF}Apple iOS\0\0\(first)\0")
        try write("IMG_1.MOV", "....com.apple.quicktime.content.identifier....\(first)")
        try write("IMG_2.JPG", "\u{FF}Apple iOS\0\0\(first)\0")
        try write("IMG_2.MOV", "....com.apple.quicktime.content.identifier....\(second)")
        let items = [Self.item("\(folder)/IMG_1.JPG"), Self.item("\(folder)/IMG_1.MOV", .video),
                     Self.item("\(folder)/IMG_2.JPG"), Self.item("\(folder)/IMG_2.MOV", .video)]
        #expect(LivePhoto.pairs(items).map { [$0.0, $0.1] } == [[0, 1]])
    }

    @Test func aStackHoldingSimilarItemsIsSimilarAndStacksChain() {
        let image = Self.stripes(4)
        let print = FileAnalysis.Print.photo(PhotoPrint(image: image, captured: nil))
        let other = FileAnalysis.Print.photo(PhotoPrint(image: Self.stripes(4, vertical: true), captured: nil))
        let items = (0..<4).map { Self.item("/f/\($0).jpg") }
        let analyses = [FileAnalysis(content: "x", print: print), FileAnalysis(content: "x", print: print),
                        FileAnalysis(content: "y", print: print), FileAnalysis(content: "z", print: other)]
        #expect(StackFinder.stacks(items: items, analyses: analyses) == [Stack(id: 1, kind: .similar, members: [0, 1, 2])])
    }

    @Test func theSamePictureMinutesApartIsAnotherMoment() {
        let image = Self.stripes(4)
        let now = PhotoPrint(image: image, captured: 1000), burst = PhotoPrint(image: Self.stripes(4, offset: 20), captured: 1000.4)
        let later = PhotoPrint(image: image, captured: 1000 + 3 * 3600), unknown = PhotoPrint(image: image, captured: nil)
        #expect(now.matches(burst))
        #expect(!now.matches(later))
        #expect(now.matches(unknown))
    }

    /// A 32 × 32 picture of overlapping waves, brightened by `offset` and
    /// contrasted by `gain`; `tighter` waves make another picture.
    static func waves(offset: Float = 0, gain: Float = 1, tighter: Float = 1) -> GreyImage {
        GreyImage(width: 32, height: 32, pixels: (0..<1024).map { index in
            let (x, y) = (Float(index % 32) * tighter, Float(index / 32) * tighter)
            return (100 + 50 * sin(x * 0.31) + 35 * cos(y * 0.23 + 1) + 20 * sin((x + y) * 0.17)) * gain + offset
        })
    }

    @Test func exposureLeavesTheHashAndAnotherPictureChangesIt() {
        let hash = PerceptualHash.hash(Self.waves())
        #expect(PerceptualHash.distance(PerceptualHash.hash(Self.waves(offset: 30, gain: 1.2)), hash) <= 2)
        #expect(PerceptualHash.distance(PerceptualHash.hash(Self.waves(tighter: 2.6)), hash) > PhotoPrint.maxBurstDistance)
    }

    @Test func printsSurviveTheStoreAsText() throws {
        let photo = PhotoPrint(image: Self.stripes(3), captured: 1_714_564_810.25)
        #expect(FileAnalysis(content: "abc", printText: FileAnalysis(content: "abc", print: .photo(photo)).printText)
            == FileAnalysis(content: "abc", print: .photo(photo)))
        #expect(FileAnalysis(content: nil, printText: "x the file is not a picture").print == .failed("the file is not a picture"))
        #expect(PhotoPrint(text: "p1 zz - 00") == nil)
    }

    @Test func onlyPhotosCloseInTimeOrUndatedAreCompared() {
        let times: [Double?] = [0, 5, 100, 8, nil, 109]
        let prints = times.map { PhotoPrint(hash: 0, grey: [UInt8](repeating: 0, count: 32 * 32), captured: $0) }
        var pairs: [[Int]] = []
        StackFinder.forEachPhotoPair(prints) { pairs.append([$0, $1]) }
        // 0–1, 0–3, 1–3 and 2–5 are within 10 s; the undated photo meets every other; 0–2 (100 s apart) is never tried.
        #expect(pairs.sorted { $0.lexicographicallyPrecedes($1) } == [[0, 1], [0, 3], [0, 4], [1, 3], [1, 4], [2, 4], [2, 5], [3, 4], [4, 5]])
    }
}

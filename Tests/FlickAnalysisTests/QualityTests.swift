import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// `dark` and `blurry` on real media (`RealQualityMedia`): each reason is
/// found for at least 90 % of its items, and at most 2 % of the good items
/// are suggested, on the part the thresholds were tuned on and on the part
/// they were not (docs/stacks.md). Among the good: a low-contrast copy of a
/// cluttered desk and a smooth render smaller than the working picture,
/// which the blur measure once called blurred.
@Suite struct QualityTests {
    /// Each item with what was suggested for it (of `dark` and `blurry`) and its quality.
    static let judged: Result<[(item: RealQualityMedia.Item, reasons: [Suggestion], quality: Quality?)], any Error> = Result {
        let media = try RealQualityMedia.items.get()
        let items = media.map { AnalysisItem(path: $0.path, kind: $0.isClip ? .video : .photo, identity: FileIdentity()) }
        let analyses = StackAnalysis.analyse(items, known: [FileAnalysis?](repeating: nil, count: items.count))
        let reasons = Suggestions.of(items, analyses: analyses, cameraMake: { _ in "camera" })
        return media.indices.map { (media[$0], reasons[$0].filter { $0 == .dark || $0 == .blurry }, analyses[$0]?.quality) }
    }

    static let minFound = 0.9
    static let maxGoodSuggested = 0.02

    static func rates(checked: Bool?) throws -> (dark: Double, blurry: Double, good: Double, report: String) {
        let all = try judged.get().filter { checked == nil || ($0.item.index % 2 == 1) == checked }
        func share(_ kind: RealQualityMedia.Kind, _ hit: ([Suggestion]) -> Bool) -> Double {
            let these = all.filter { $0.item.kind == kind }
            return Double(these.count { hit($0.reasons) }) / Double(max(1, these.count))
        }
        let misses = all.filter { ($0.item.kind == .sharp) != $0.reasons.isEmpty || ($0.item.kind == .dark && $0.reasons != [.dark])
            || ($0.item.kind == .blurry && $0.reasons != [.blurry]) }
        let report = misses.map { "\(($0.item.path as NSString).lastPathComponent) \($0.item.kind) → \($0.reasons) \($0.quality.map(\.text) ?? "-")" }
            .joined(separator: "\n")
        return (share(.dark) { $0.contains(.dark) }, share(.blurry) { $0.contains(.blurry) }, share(.sharp) { !$0.isEmpty }, report)
    }

    @Test func setIsLargeEnough() throws {
        let all = try Self.judged.get()
        #expect(all.count { $0.item.kind == .sharp && !$0.item.isClip } >= 30)
        #expect(all.count { $0.item.kind == .blurry } >= 30)
        #expect(all.count { $0.item.kind == .dark && $0.item.isClip } >= 4)
    }

    @Test(arguments: [false, true]) func darkAndBlurryAreFoundAndGoodItemsLeftAlone(checked: Bool) throws {
        let rates = try Self.rates(checked: checked)
        let part = checked ? "checked part" : "tuning part"
        #expect(rates.dark >= Self.minFound, "\(part): dark found for \(rates.dark)\n\(rates.report)")
        #expect(rates.blurry >= Self.minFound, "\(part): blurry found for \(rates.blurry)\n\(rates.report)")
        #expect(rates.good <= Self.maxGoodSuggested, "\(part): good items suggested \(rates.good)\n\(rates.report)")
    }

    @Test func goodItemsAreLeftAlone() throws {
        let rates = try Self.rates(checked: nil)
        #expect(rates.good <= Self.maxGoodSuggested, "good items suggested \(rates.good)\n\(rates.report)")
        print("quality figures: dark \(rates.dark), blurry \(rates.blurry), good suggested \(rates.good)")
        for judged in try Self.judged.get() {
            print("quality \(judged.item.kind) \(judged.item.index) \((judged.item.path as NSString).lastPathComponent) \(judged.quality?.text ?? "-") \(judged.reasons)")
        }
    }

    @Test func nightScenesAndASmoothSkyAreNeitherDarkNorBlurry() throws {
        let calm = try Self.judged.get().filter { item in
            let name = (item.item.path as NSString).lastPathComponent
            return name.hasSuffix("-night.jpg") || name == "sky.jpg"
        }
        #expect(calm.count >= 17)
        for item in calm { #expect(item.reasons.isEmpty, "\(item.item.path): \(item.reasons) \(item.quality?.text ?? "-")") }
    }

    /// A photo smaller than the working picture is measured at its own
    /// size: enlarged, the decoder would soften it (a 256-pixel render was
    /// called blurred).
    @Test func aSmallPhotoIsNotEnlargedBeforeItIsMeasured() throws {
        let small = try #require(try Self.judged.get().first { $0.item.path.hasSuffix("/blox-sharp.jpg") })
        let image = try PhotoDecoder.working(path: small.item.path).image
        #expect(image.width == 256 && image.height == 256)
        #expect(small.reasons.isEmpty, "\(small.quality?.text ?? "-")")
    }

    @Test func aClipIsDarkOnlyWhenMostOfItIs() throws {
        let clips = try Self.judged.get().filter { $0.item.isClip }
        for clip in clips {
            #expect(clip.reasons == (clip.item.kind == .dark ? [.dark] : []), "\(clip.item.path): \(clip.reasons)")
        }
    }

    @Test func qualityIsKeptWithThePrint() throws {
        let analysis = FileAnalysis(print: .clip(ClipPrint(frames: [], duration: 2)), quality: Quality(level: 12.5, blur: nil))
        #expect(analysis.printText == "c1 4 d2.000 | q1 12.5 -")
        #expect(FileAnalysis(content: nil, printText: analysis.printText) == analysis)
        let photo = FileAnalysis(content: nil, printText: "x cannot read")
        #expect(photo.print == .failed("cannot read") && photo.quality == nil)
        #expect(Quality(text: "q1 200.0 0.512") == Quality(level: 200, blur: 0.512))
        #expect(Quality(text: "q1 nan -") == nil)
        #expect(Quality(text: "q1 200.0 0.512 1080x2400") == Quality(level: 200, blur: 0.512, width: 1080, height: 2400))
        #expect(Quality(level: 9, blur: nil, width: 828, height: 1792).text == "q1 9.0 - 828x1792")
        #expect(Quality(text: "q1 200.0 0.512 1080x") == nil)
    }
}

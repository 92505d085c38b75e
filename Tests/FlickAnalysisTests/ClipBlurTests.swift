import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// `blurry` for clips on real footage (`RealBlurredClips`): a clip out of
/// focus is suggested, the same clip as shot is not, nor one out of focus
/// for its first second and a half only.
@Suite struct ClipBlurTests {
    /// Each clip with what was suggested for it and its quality.
    static let judged: Result<[(clip: RealBlurredClips.Clip, reasons: [Suggestion], quality: Quality?)], any Error> = Result {
        let clips = try RealBlurredClips.clips.get()
        let items = clips.map { AnalysisItem(path: $0.path, kind: .video, identity: FileIdentity()) }
        let analyses = StackAnalysis.analyse(items, known: [FileAnalysis?](repeating: nil, count: items.count))
        let reasons = Suggestions.of(items, analyses: analyses, cameraMake: { _ in "camera" })
        return clips.indices.map { (clips[$0], reasons[$0], analyses[$0]?.quality) }
    }

    static func describe(_ judged: (clip: RealBlurredClips.Clip, reasons: [Suggestion], quality: Quality?)) -> String {
        "\((judged.clip.path as NSString).lastPathComponent) \(judged.clip.kind) → \(judged.reasons) \(judged.quality.map(\.text) ?? "-")"
    }

    @Test func clipsOutOfFocusAreSuggestedBlurry() throws {
        let all = try Self.judged.get()
        for judged in all { print("clip blur: " + Self.describe(judged)) }
        let blurry = all.filter { $0.clip.kind == .blurry }
        #expect(blurry.count == 6)
        for judged in blurry { #expect(judged.reasons == [.blurry], "\(Self.describe(judged))") }
    }

    @Test func sharpClipsAreLeftAlone() throws {
        let sharp = try Self.judged.get().filter { $0.clip.kind == .sharp }
        #expect(sharp.count == 4)
        for judged in sharp {
            #expect(judged.reasons.isEmpty, "\(Self.describe(judged))")
            // Judged, not merely unjudged: the clip's frames had a blur figure.
            #expect(judged.quality?.blur != nil, "\(Self.describe(judged))")
        }
    }

    @Test func aClipsBlurIsKeptWithItsPrint() throws {
        let quality = try #require(try Self.judged.get().first { $0.clip.kind == .blurry }?.quality)
        let analysis = FileAnalysis(print: .clip(ClipPrint(frames: [], duration: 4)), quality: quality)
        let stored = FileAnalysis(content: nil, printText: analysis.printText)
        #expect(stored.quality?.blur != nil)
        #expect(stored.printText == analysis.printText)
    }
}

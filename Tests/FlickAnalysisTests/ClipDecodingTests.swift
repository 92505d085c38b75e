import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// How clips are decoded for their prints (`ClipSampler`, FFmpeg) on real
/// footage: a copy with B-frames (some skipped unread), a 10-bit copy and
/// a copy stored on its side with a display matrix stack with the original
/// (the 10-bit one as bright as it); a
/// broken file fails with its name and the reason, a cut one keeps the
/// frames before the cut; a clip smaller than the print is printed.
@Suite struct ClipDecodingTests {
    static let bFrames = "street-0005-bframes.mp4", turned = "street-0005-turned.mp4", deep = "street-0005-10bit.mp4"
    static let tiny = "tiny.mp4", broken = "broken.mp4", cutNoIndex = "street-cut.mp4", cutAfterIndex = "street-cut-faststart.mp4"

    static let folder: Result<String, any Error> = Result {
        let folder = try RealMedia.scratch("clip-decoding")
        let source = ["-v", "error", "-y", "-ss", "5", "-t", "10", "-i", "\(RealMedia.data)/vtest.avi", "-an"]
        // A phone-like encode: B-frames, CABAC, deblocking, another size.
        try RealMedia.run("ffmpeg", source + ["-vf", "scale=640:-2", "-c:v", "libx264", "-preset", "medium", "-bf", "3", "\(folder)/\(bFrames)"])
        // As an HDR phone clip stores its samples: 10 bits each.
        try RealMedia.run("ffmpeg", source + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "\(folder)/\(deep)"])
        // Stored a quarter turn counter-clockwise, with the display matrix a phone held upright writes (a quarter
        // turn clockwise: 0 1 −1 0; FFmpeg 5.1 writes it for the "rotate" tag 270).
        try RealMedia.run("ffmpeg", source + ["-vf", "transpose=cclock", "-c:v", "libx264", "-preset", "ultrafast", "\(folder)/stored.mp4"])
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(folder)/stored.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=270", "\(folder)/\(turned)")
        // Smaller than the print's 32 × 32 square.
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-t", "2", "-i", "\(RealMedia.data)/tree.avi", "-an", "-vf", "scale=16:12",
                          "-c:v", "libx264", "-preset", "ultrafast", "\(folder)/\(tiny)")
        try Data("not a clip at all, only words".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(broken)"))
        // Its first 40 %: without its index (written last), and with it (written first).
        try RealMedia.run("ffmpeg", source + ["-c:v", "libx264", "-preset", "ultrafast", "\(folder)/whole.mp4"])
        try RealMedia.run("ffmpeg", source + ["-c:v", "libx264", "-preset", "ultrafast", "-movflags", "+faststart", "\(folder)/whole-faststart.mp4"])
        for (whole, cut) in [("whole.mp4", cutNoIndex), ("whole-faststart.mp4", cutAfterIndex)] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(whole)"))
            try bytes.prefix(bytes.count * 2 / 5).write(to: URL(fileURLWithPath: "\(folder)/\(cut)"))
        }
        return folder
    }

    static func analysed(_ name: String) throws -> FileAnalysis.Print? {
        let item = AnalysisItem(path: "\(try folder.get())/\(name)", kind: .video, identity: FileIdentity())
        return StackAnalysis.print(of: item, cancelled: { false }).print
    }

    static func print(_ name: String) throws -> ClipPrint {
        guard case .clip(let print) = try analysed(name) else { throw RealMediaError(what: "\(name) has no print") }
        return print
    }

    @Test func aCopyWithBFramesStacksWithItsOriginal() throws {
        let copy = try Self.print(Self.bFrames)
        #expect(copy.frames.count == 10 * ClipPrint.rate)
        #expect(ClipMatch.matches(try ClipStackTests.print(RealClips.moment), copy))
        #expect(!ClipMatch.matches(try ClipStackTests.print(RealClips.otherMoment), copy))
    }

    @Test func aTenBitCopyStacksAndReadsAsBrightAsTheOriginal() throws {
        let original = AnalysisItem(path: "\(try RealClips.folder.get())/\(RealClips.moment)", kind: .video, identity: FileIdentity())
        let deep = AnalysisItem(path: "\(try Self.folder.get())/\(Self.deep)", kind: .video, identity: FileIdentity())
        let originalResult = StackAnalysis.print(of: original, cancelled: { false })
        let deepResult = StackAnalysis.print(of: deep, cancelled: { false })
        guard case .clip(let originalPrint) = originalResult.print, case .clip(let deepPrint) = deepResult.print else {
            Issue.record("no prints: \(String(describing: originalResult.print)), \(String(describing: deepResult.print))")
            return
        }
        #expect(ClipMatch.matches(originalPrint, deepPrint))
        // The grey is the stored luma at any depth: not stretched from video levels to full range on the way.
        let levels = (try #require(originalResult.quality).level, try #require(deepResult.quality).level)
        #expect(abs(levels.0 - levels.1) <= 2, "\(levels)")
    }

    @Test func aClipStoredOnItsSideIsSampledUpright() throws {
        let turned = try Self.print(Self.turned), stored = try Self.print("stored.mp4")
        #expect(ClipMatch.matches(try ClipStackTests.print(RealClips.moment), turned))
        // The same frames as stored, without the matrix, are another picture.
        #expect(!ClipMatch.matches(turned, stored))
    }

    @Test func aClipSmallerThanThePrintIsPrinted() throws {
        let print = try Self.print(Self.tiny)
        #expect(print.frames.count == 2 * ClipPrint.rate && print.informativeCount > 0)
    }

    @Test func aBrokenClipFailsNamingItsFileAndTheReason() throws {
        for name in [Self.broken, Self.cutNoIndex] {
            guard case .failed(let why) = try Self.analysed(name) else { Issue.record("\(name) has a print"); continue }
            #expect(why.contains(name) && why.contains("invalid data found when processing input"), "\(why)")
        }
    }

    @Test func aClipCutShortKeepsTheFramesBeforeTheCut() throws {
        let print = try Self.print(Self.cutAfterIndex)
        #expect(print.frames.count >= ClipPrint.rate && print.frames.count < 10 * ClipPrint.rate)
        #expect(ClipMatch.matches(try ClipStackTests.print(RealClips.moment), print))
    }
}

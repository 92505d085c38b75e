import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// The rules behind each suggestion: short clips (by the duration kept in
/// their print), screenshots (by the names each system gives them or a
/// screen's size, and no camera in a photo's metadata), extra copies (all but the one kept).
@Suite struct SuggestionsTests {
    static func item(_ name: String, _ kind: ClipKind = .photo, mtime: Double = 0, folder: String = "/phone") -> AnalysisItem {
        AnalysisItem(path: "\(folder)/\(name)", kind: kind, identity: FileIdentity(size: 1, mtime: mtime))
    }

    static func clip(seconds: Double?) -> FileAnalysis {
        FileAnalysis(print: .clip(ClipPrint(frames: [], duration: seconds)))
    }

    @Test func screenshotAndRecordingNamesOfEverySystemMatch() {
        let names = [
            // Android (AOSP, Samsung, Pixel, adb)
            "Screenshot_20240101-120000.png", "Screenshot_20240101-120000_Chrome.jpg",
            "Screen_Recording_20240101-120000_YouTube.mp4", "Screenrecorder-2024-01-01-12-00-00-123.mp4",
            "screen-20240101-120000.mp4", "screenrecord.mp4",
            // GNOME (before and since 42)
            "Screenshot from 2024-01-01 12-00-00.png", "Screenshot From 2024-01-01 12-00-00.png",
            "Screencast from 2024-01-01 12-00-00.webm", "Screencast From 2024-01-01 12-00-00.webm",
            // KDE Spectacle
            "Screenshot_20240101_120000.png", "Screencast_20240101_120000.webm",
            // iOS, macOS
            "IMG_1234.PNG", "RPReplay_Final1704110400.MP4", "Screenshot 2024-01-01 at 12.00.00.png",
            "Screen Shot 2020-01-01 at 12.00.00.png", "Screen Recording 2024-01-01 at 12.00.00.mov",
        ]
        for name in names { #expect(ScreenshotName.matches(name), "\(name)") }
    }

    @Test func cameraNamesAreNotScreenshots() {
        let names = ["IMG_20240101_120000.jpg", "PXL_20240101_120000123.jpg", "IMG_1234.HEIC", "IMG_1234.JPG", "DSC_0001.JPG",
                     "VID_20240101_120000.mp4", "screen-saver.png", "screen-2024.mp4", "IMG_12a4.png", "my screenshot.png"]
        for name in names { #expect(!ScreenshotName.matches(name), "\(name)") }
    }

    @Test func aPhotoNamedLikeAScreenshotThatNamesACameraIsNotOne() {
        let items = [Self.item("Screenshot_20240101-120000.jpg"), Self.item("Screenshot_20240101-130000.png"),
                     Self.item("Screen Recording 2024-01-01 at 12.00.00.mov", .video), Self.item("IMG_0001.jpg")]
        let made = { (path: String) -> String? in path.hasSuffix("120000.jpg") || path.hasSuffix(".mov") ? "Apple iPhone 15" : nil }
        let found = Suggestions.of(items, analyses: [nil, nil, nil, nil], cameraMake: made)
        // A clip is judged by its name alone (its camera is not read).
        #expect(found == [[], [.screenshot], [.screenshot], []])
    }

    @Test func cameraMakeReadsRealPhotosAndScreenshotsHaveNone() throws {
        let folder = try RealMedia.scratch("camera")
        let camera = "\(folder)/Screenshot_20240101-160000.jpg", plain = "\(folder)/Screenshot_20240101-150000.jpg"
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(RealMedia.data)/home.jpg", "-q:v", "3", camera)
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(RealMedia.data)/fruits.jpg", "-q:v", "3", plain)
        try RealMedia.run("exiftool", "-q", "-overwrite_original", "-Make=Google", "-Model=Pixel 7", camera)
        let webp = "\(folder)/Screenshot_20240101-170000.webp"
        try RealMedia.run("cwebp", "-quiet", "-metadata", "exif", camera, "-o", webp)
        #expect(CameraMake.read(path: camera) == "Google Pixel 7")
        #expect(CameraMake.read(path: webp) == "Google Pixel 7")
        #expect(CameraMake.read(path: plain) == nil)
        #expect(CameraMake.read(path: "\(RealMedia.data)/box.png") == nil)
        let items = [camera, plain, webp].map { AnalysisItem(path: $0, kind: .photo, identity: FileIdentity()) }
        #expect(Suggestions.of(items, analyses: [nil, nil, nil]) == [[], [.screenshot], []])
    }

    /// A real photo made phone-screen-sized (1080 × 2400) and renamed is a
    /// screenshot when it names no camera; the same with a camera's EXIF is
    /// not, nor is a photo of no screen's size.
    @Test func aRenamedScreenSizedPictureWithoutACameraIsAScreenshot() throws {
        let folder = try RealMedia.scratch("screen-sized")
        let screen = "\(folder)/holiday.png", plain = "\(folder)/beach.jpg", camera = "\(folder)/street.jpg"
        let other = "\(folder)/garden.png", turned = "\(folder)/desk.png"
        for (path, size) in [(screen, "1080:2400"), (plain, "1080:2400"), (camera, "1080:2400"), (other, "1000:700"), (turned, "2400:1080")] {
            try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(RealMedia.data)/fruits.jpg", "-vf", "scale=\(size)",
                              "-map_metadata", "-1", "-q:v", "3", path)
        }
        try RealMedia.run("exiftool", "-q", "-overwrite_original", "-Make=Google", "-Model=Pixel 7", camera)
        let paths = [screen, plain, camera, other, turned]
        let items = paths.map { AnalysisItem(path: $0, kind: .photo, identity: FileIdentity()) }
        let analyses = items.map { item in
            let made = StackAnalysis.print(of: item, cancelled: { false })
            return FileAnalysis(print: made.print, quality: made.quality)
        }
        #expect(analyses.map { $0.quality?.width } == [1080, 1080, 1080, 1000, 2400])
        #expect(Suggestions.of(items, analyses: analyses) == [[.screenshot], [.screenshot], [], [], [.screenshot]])
        // Its size is kept with its quality in the store.
        let stored = try #require(analyses[0].printText)
        #expect(FileAnalysis(content: nil, printText: stored).quality?.height == 2400, "\(stored)")
    }

    /// A real picture at a screen's size (1280 × 720, a desktop's) as PNG and
    /// HEIF: with EXIF naming a camera (PNG's `eXIf` chunk, HEIF's Exif
    /// item) it is a photo, not a screenshot, named like one or not; the
    /// same without a camera is a screenshot.
    @Test func aScreenSizedPNGOrHEIFThatNamesACameraIsNotAScreenshot() throws {
        let folder = try RealMedia.scratch("camera-png-heif")
        let source = "\(folder)/source.jpg", cameraSource = "\(folder)/camera-source.jpg"
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(RealMedia.data)/building.jpg", "-vf", "scale=1280:720",
                          "-map_metadata", "-1", "-q:v", "3", source)
        try FileManager.default.copyItem(atPath: source, toPath: cameraSource)
        try RealMedia.run("exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R6", cameraSource)
        let pngCamera = "\(folder)/IMG_0001.png", pngScreen = "\(folder)/holiday.png"
        let heifCamera = "\(folder)/Screenshot_20240101-120000.heic", heifScreen = "\(folder)/desk.heic"
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", source, pngCamera)
        try FileManager.default.copyItem(atPath: pngCamera, toPath: pngScreen)
        try RealMedia.run("exiftool", "-q", "-overwrite_original", "-IFD0:Make=Canon", "-IFD0:Model=Canon EOS R6", pngCamera)
        try RealMedia.run("heif-enc", "-q", "40", cameraSource, "-o", heifCamera)
        try RealMedia.run("heif-enc", "-q", "40", source, "-o", heifScreen)
        #expect(CameraMake.read(path: pngCamera) == "Canon Canon EOS R6")
        #expect(CameraMake.read(path: heifCamera) == "Canon Canon EOS R6")
        #expect(CameraMake.read(path: pngScreen) == nil)
        #expect(CameraMake.read(path: heifScreen) == nil)
        let paths = [pngCamera, pngScreen, heifCamera, heifScreen]
        let items = paths.map { AnalysisItem(path: $0, kind: .photo, identity: FileIdentity()) }
        let analyses = items.map { item in
            let made = StackAnalysis.print(of: item, cancelled: { false })
            return FileAnalysis(print: made.print, quality: made.quality)
        }
        #expect(analyses.map { $0.quality?.width } == [1280, 1280, 1280, 1280])
        #expect(Suggestions.of(items, analyses: analyses) == [[], [.screenshot], [], [.screenshot]])
    }

    /// Damaged PNG and HEIF headers name no camera and never crash.
    @Test func truncatedOrDamagedPNGAndHEIFNameNoCamera() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += [0xFF, 0xFF, 0xFF, 0xF0] + Array("eXIf".utf8) + [0x4D, 0x4D]  // a huge length, a cut block
        #expect(CameraMake.read(png) == nil)
        #expect(CameraMake.read(Array(png.prefix(12))) == nil)
        // A HEIF whose Exif item `iloc` puts past any file (base and
        // offset each near Int.max: their sum overflows) or past this one.
        func heif(base: [UInt8], offset: [UInt8]) -> [UInt8] {
            let infe: [UInt8] = [0, 0, 0, 21] + Array("infe".utf8) + [2, 0, 0, 0, 0, 1, 0, 0] + Array("Exif".utf8) + [0]
            let iinf: [UInt8] = [0, 0, 0, 35] + Array("iinf".utf8) + [0, 0, 0, 0, 0, 1] + infe
            let iloc: [UInt8] = [0, 0, 0, 48] + Array("iloc".utf8) + [1, 0, 0, 0, 0x88, 0x80, 0, 1, 0, 1, 0, 0, 0, 0] + base
                + [0, 1] + offset + [0, 0, 0, 0, 0, 0, 0, 64]
            return [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
                + [0, 0, 0, 95] + Array("meta".utf8) + [0, 0, 0, 0] + iinf + iloc
        }
        let huge: [UInt8] = [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], small: [UInt8] = [0, 0, 0, 0, 0, 0, 0x10, 0]
        #expect(CameraMake.read(heif(base: huge, offset: huge)) == nil)
        #expect(CameraMake.read(heif(base: small, offset: small)) == nil)
        #expect(CameraMake.read(Array(heif(base: small, offset: small).prefix(90))) == nil)
        // The same boxes with the item where `iloc` says (after the 119
        // bytes of `ftyp` and `meta`): a TIFF block naming "Canon".
        let tiff: [UInt8] = Array("MM\0*".utf8) + [0, 0, 0, 8, 0, 1, 0x01, 0x0F, 0, 2, 0, 0, 0, 6, 0, 0, 0, 26, 0, 0, 0, 0] + Array("Canon\0".utf8)
        #expect(CameraMake.read(heif(base: [0, 0, 0, 0, 0, 0, 0, 0], offset: [0, 0, 0, 0, 0, 0, 0, 119]) + [0, 0, 0, 0] + tiff) == "Canon")
    }

    @Test func aClipOfAScreenSizeNoCameraRecordsIsAScreenRecording() {
        let items = (0..<4).map { Self.item("VID_\($0).mp4", .video) }
        let sized = { (width: Int, height: Int) in FileAnalysis(quality: Quality(level: 120, blur: 0.1, width: width, height: height)) }
        // 1080 × 2400: a phone's screen; 1920 × 1080 and 720 × 1280: what cameras record too; 1000 × 700: no screen.
        let analyses = [sized(1080, 2400), sized(1920, 1080), sized(720, 1280), sized(1000, 700)]
        #expect(Suggestions.of(items, analyses: analyses, cameraMake: { _ in nil }) == [[.screenshot], [], [], []])
    }

    @Test func clipsUnderOneAndAHalfSecondsAreShort() {
        let items = (0..<5).map { Self.item("VID_\($0).mp4", .video) }
        let analyses = [Self.clip(seconds: 0.7), Self.clip(seconds: 1.49), Self.clip(seconds: 1.5), Self.clip(seconds: nil), nil]
        #expect(Suggestions.of(items, analyses: analyses) == [[.short], [.short], [], [], []])
    }

    @Test func aClipPrintKeepsItsDurationAndOldPrintsHaveNone() throws {
        let print = ClipPrint(frames: [], duration: 0.7)
        #expect(print.text == "c1 4 d0.700")
        #expect(ClipPrint(text: print.text)?.duration == 0.7)
        #expect(try #require(ClipPrint(text: "c1 4")).duration == nil)
        #expect(ClipPrint(text: "c1 4 dx") == nil)
    }

    @Test func everyCopyButTheShortestOldestNameIsAnExtraCopy() {
        let items = [Self.item("IMG_0007 copy.jpg", mtime: 1), Self.item("IMG_0007.jpg", mtime: 5), Self.item("IMG_0007(1).jpg", mtime: 0),
                     Self.item("b.jpg", mtime: 9), Self.item("a.jpg", mtime: 3), Self.item("c.jpg", mtime: 3), Self.item("alone.jpg")]
        let analyses = ["x", "x", "x", "y", "y", "y", "z"].map { FileAnalysis(content: $0) }
        // x: the shortest name is kept; y: names of one length, the oldest
        // (a.jpg and c.jpg tie, so the first in deck order); z is alone.
        #expect(Suggestions.of(items, analyses: analyses) == [[.copy], [], [.copy], [.copy], [], [.copy], []])
    }
}

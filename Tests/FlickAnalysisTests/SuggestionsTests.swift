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

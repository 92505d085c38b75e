import Foundation
import Testing
@testable import FlickMedia

/// Damage is read from the file's own structure, on real files: a photo
/// from opencv-doc cut in half or with a scrambled middle, the same photo
/// with a clip appended after its end (a Motion Photo: not damage), and a
/// real MP4 (made from opencv-doc's clip by ffmpeg) cut at 40 %.
@Suite struct FileDamageTests {
    static let data = "/usr/share/doc/opencv-doc/examples/data"

    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-damage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aPhotoCutShortOrScrambledIsDamagedAndOneWithATrailerIsNot() throws {
        let photo = try Data(contentsOf: URL(fileURLWithPath: "\(Self.data)/aero1.jpg"))
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jpg"), cut = folder.appendingPathComponent("cut.jpg")
        let trailer = folder.appendingPathComponent("motion.jpg"), scrambled = folder.appendingPathComponent("scrambled.jpg")
        try photo.write(to: whole)
        try photo.prefix(photo.count / 2).write(to: cut)
        try (photo + Data(repeating: 0x42, count: 5000)).write(to: trailer)
        var bad = photo
        // A run of 0xFF 0xC8 (a reserved marker) then garbage where the scan's end should be.
        bad.replaceSubrange((photo.count - 2)..<photo.count, with: Data([0xFF, 0xC8, 0x00, 0x00]))
        try bad.write(to: scrambled)
        #expect(FileDamage.check(path: whole.path, isPhoto: true) == nil)
        #expect(FileDamage.check(path: cut.path, isPhoto: true) == .photoCut)
        #expect(FileDamage.check(path: trailer.path, isPhoto: true) == nil, "data after the end of the image is not damage")
        #expect(FileDamage.check(path: scrambled.path, isPhoto: true) == .photoCut)
    }

    @Test func anMP4CutShortSaysHowFarItReads() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.mp4"), cut = folder.appendingPathComponent("cut.mp4")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-y", "-i", "\(Self.data)/Megamind.avi", "-t", "4", "-an", "-c:v", "libx264",
                            "-preset", "ultrafast", "-movflags", "+faststart", whole.path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        #expect(ffmpeg.terminationStatus == 0)
        let bytes = try Data(contentsOf: whole)
        try bytes.prefix(bytes.count * 4 / 10).write(to: cut)
        #expect(FileDamage.check(path: whole.path, isPhoto: false) == nil)
        guard case .videoCut(let fraction)? = FileDamage.check(path: cut.path, isPhoto: false) else {
            Issue.record("a cut MP4 is damaged")
            return
        }
        #expect(fraction > 0.3 && fraction < 0.45, "about 40 % of the media data is there: \(fraction)")
    }
}

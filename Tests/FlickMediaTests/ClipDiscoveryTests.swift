import Foundation
import Testing
@testable import FlickMedia

let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/samples").standardizedFileURL

@Suite struct ClipDiscoveryTests {
    func scratch(_ name: String, _ data: Data) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    @Test func readsDurationAndSizeOfRealClips() throws {
        let portrait = try ClipDiscovery.discover(path: samples.appendingPathComponent("phone_portrait.mp4").path)
        #expect(portrait.width == 360 && portrait.height == 640)
        #expect(abs((portrait.duration ?? 0) - 5) < 0.1)
        #expect(portrait.summary == "0:05 · 360×640")
        let webm = try ClipDiscovery.discover(path: samples.appendingPathComponent("serve_close_up.webm").path)
        #expect(webm.width == 480 && webm.height == 480 && webm.hasVideo)
    }

    @Test func zeroByteFileIsAnEmptyFileError() throws {
        let path = try scratch("empty.mp4", Data())
        #expect(throws: MediaError.notAVideo(file: "empty.mp4", reason: .file(.empty))) {
            try ClipDiscovery.discover(path: path)
        }
    }

    @Test func textFileNamedMp4IsNotAVideo() throws {
        let path = try scratch("notes.mp4", Data("shopping list\n".utf8))
        #expect {
            try ClipDiscovery.discover(path: path)
        } throws: { error in
            guard case MediaError.notAVideo(let file, _) = error else { return false }
            return file == "notes.mp4"
        }
    }

    @Test func truncatedMp4FailsWithAReason() throws {
        let full = try Data(contentsOf: samples.appendingPathComponent("beach_rally_02.mp4"))
        let path = try scratch("cut short.mp4", full.prefix(full.count / 3))
        #expect(throws: MediaError.self) { try ClipDiscovery.discover(path: path) }
    }

    @Test func missingFileIsGone() {
        #expect(throws: MediaError.unreadable(file: "nope.mp4", reason: .file(.gone))) {
            try ClipDiscovery.discover(path: "/tmp/definitely/nope.mp4")
        }
    }

    @Test func durationsFormatLikeAPlayer() {
        #expect(ClipInfo.formatDuration(8.4) == "0:08")
        #expect(ClipInfo.formatDuration(62) == "1:02")
        #expect(ClipInfo.formatDuration(3723) == "1:02:03")
        #expect(ClipInfo.formatDuration(0.3) == "0:00.3", "a clip under a second never reads 0:00")
        #expect(ClipInfo.formatDuration(0.04) == "0:00.1")
        #expect(ClipInfo.formatDuration(0.97) == "0:01")
        #expect(ClipInfo.formatDuration(0) == "0:00")
    }
}

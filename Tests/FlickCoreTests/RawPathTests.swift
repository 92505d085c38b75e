import Foundation
import Testing
@testable import FlickCore

@Suite struct RawPathTests {
    @Test func utf8NamesStayAsTheyAre() {
        let bytes = Array("rally “é” 01.mp4".utf8)
        #expect(RawPath.decode(bytes) == "rally “é” 01.mp4")
        #expect(RawPath.bytes("rally “é” 01.mp4") == bytes)
    }

    @Test func bytesThatAreNotUTF8SurviveARoundTrip() {
        let bytes: [UInt8] = Array("clip ".utf8) + [0xFF, 0xC3, 0x28, 0xE9] + Array(".mp4".utf8)
        let path = RawPath.decode(bytes)
        #expect(RawPath.bytes(path) == bytes)
        #expect(RawPath.isEscaped(path))
        #expect(RawPath.display(path) == "clip \u{FFFD}\u{FFFD}(\u{FFFD}.mp4")
    }

    @Test func aTruncatedSequenceAtTheEndIsKept() {
        let bytes: [UInt8] = [0x61, 0xE2, 0x82]
        #expect(RawPath.bytes(RawPath.decode(bytes)) == bytes)
    }

    @Test func folderScanFindsNamesThatAreNotUTF8OrHaveQuotesAndNewlines() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let names: [[UInt8]] = [Array("it's a \"clip\"\nnew line.mp4".utf8), Array("caf".utf8) + [0xE9] + Array(".mp4".utf8)]
        for name in names {
            let path = Array(dir.path.utf8) + [UInt8(ascii: "/")] + name
            let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
            #expect(fd >= 0)
            close(fd)
        }
        let clips = try FolderScan.scan(dir)
        #expect(Set(clips.map { RawPath.bytes($0.relativePath) }) == Set(names))
        for clip in clips {
            var info = stat()
            #expect(stat(RawPath.c(dir.path + "/" + clip.relativePath), &info) == 0, "\(clip.relativePath) is found again on disk")
        }
    }
}

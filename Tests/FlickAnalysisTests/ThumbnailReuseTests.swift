import CGst
import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis
@testable import FlickMedia

/// A photo with a valid thumbnail in the shared cache (Files made one) is
/// printed from it, without decoding the photo.
@Suite struct ThumbnailReuseTests {
    @Test func aPhotosSharedThumbnailIsUsedInsteadOfDecodingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-thumb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Bytes no loader decodes: only the thumbnail can give a print.
        let path = folder + "/IMG_0001.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 64)).write(to: URL(fileURLWithPath: path))
        let side = 64
        var bytes = Data(count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let value = UInt8((x * 4 + (y / 8) * 30) % 256)
                bytes.replaceSubrange((y * side + x) * 4..<(y * side + x) * 4 + 4, with: [value, value, value, 255])
            }
        }
        let frame = RawFrame(width: side, height: side, stride: side * 4, bytes: bytes)
        ThumbnailCache.store(frame, for: path)
        defer { if let uri = g_filename_to_uri(path, nil, nil), let md5 = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) {
            unlink(ThumbnailCache.directory + "/" + String(cString: md5) + ".png")
            g_free(uri)
            g_free(md5)
        } }
        let item = AnalysisItem(path: path, kind: .photo, identity: FileIdentity())
        guard case .photo(let print) = StackAnalysis.print(of: item, cancelled: { false }).print else {
            Issue.record("no print from the thumbnail")
            return
        }
        #expect(print.hash == PerceptualHash.hash(GreyImage(frame: frame, side: PerceptualHash.side)))
    }
}

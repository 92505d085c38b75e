import Foundation

/// What is wrong with a file that still partly reads: a decoder shows what
/// it can (a JPEG's top half, a clip's first seconds) and says nothing, so
/// Flick reads the file's structure itself and says it.
///
/// - A JPEG is cut or corrupt when its segments end before the end-of-image
///   marker (FF D9): the entropy-coded data after each start-of-scan is
///   skipped to the next marker, so data appended after a complete image (a
///   Motion Photo's clip, a maker's trailer) never counts as damage.
/// - An MP4/MOV (ISO base media) is cut when a top-level box runs past the
///   end of the file; when it is the media data (`mdat`), the part on disk
///   gives how far the clip plays before it stops.
///
/// Threading: reads the file; call it off the main thread.
public enum FileDamage: Sendable, Equatable {
    /// Only part of the photo's data is there.
    case photoCut
    /// The clip's media data stops `fraction` (0…1) of the way through.
    case videoCut(fraction: Double)

    /// The most of a photo read to find its end (larger photos are not checked).
    static let photoLimit = 256 << 20

    public static func check(path: String, isPhoto: Bool) -> FileDamage? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { raw -> FileDamage? in
            let bytes = raw.bindMemory(to: UInt8.self)
            if isPhoto {
                guard bytes.count <= photoLimit, bytes.count > 3, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
                return jpegIsComplete(bytes) ? nil : .photoCut
            }
            return isoCut(bytes)
        }
    }

    /// Whether the JPEG's markers reach end-of-image before the data ends.
    static func jpegIsComplete(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return false }  // lost the markers: corrupt
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }         // fill byte
            if marker == 0xD9 { return true }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            guard index + 3 < bytes.count else { return false }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            index += 2 + length
            guard marker == 0xDA else { continue }
            // Entropy-coded data: to the next marker that is not a stuffed
            // zero or a restart marker.
            while index + 1 < bytes.count {
                if bytes[index] == 0xFF, bytes[index + 1] != 0, !(0xD0...0xD7).contains(bytes[index + 1]) { break }
                index += 1
            }
        }
        return false
    }

    /// A top-level box that runs past the end of the file.
    static func isoCut(_ bytes: UnsafeBufferPointer<UInt8>) -> FileDamage? {
        guard bytes.count >= 8, String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" else { return nil }
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard offset + 16 <= bytes.count else { return nil }
                size = (8..<16).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
                header = 16
            } else if size == 0 {
                return nil  // to the end of the file, whatever it is
            }
            guard size >= header else { return nil }  // not a box: not ours to judge
            if offset + size > bytes.count {
                guard type == "mdat" else { return .videoCut(fraction: 0) }
                let there = Double(bytes.count - offset - header), whole = Double(size - header)
                return .videoCut(fraction: max(0, min(1, there / whole)))
            }
            offset += size
        }
        return nil
    }
}

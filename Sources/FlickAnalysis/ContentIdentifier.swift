import FlickCore
import Foundation

/// Apple's Live Photo content identifier: a UUID an iPhone writes into both
/// halves (the still's maker note, the clip's
/// `com.apple.quicktime.content.identifier` metadata). Found by looking for
/// the key (in a clip) or a UUID-shaped text in Apple's maker note (in a still) in the
/// file's first and last bytes; nil when there is none.
enum ContentIdentifier {
    /// Bytes read from each end of the file (metadata sits at one end).
    static let edgeBytes = 256 * 1024
    static let clipKey = Array("com.apple.quicktime.content.identifier".utf8)
    /// What an iPhone still's maker note starts with.
    static let stillNote = Array("Apple iOS".utf8)
    /// "8-4-4-4-12" hex digits.
    static let uuidLength = 36

    static func read(path: String) -> String? {
        guard let file = try? FileBytes(path: path) else { return nil }
        var regions = [file.bytes(at: 0, count: edgeBytes)]
        if file.size > edgeBytes { regions.append(file.bytes(at: max(edgeBytes, file.size - edgeBytes), count: edgeBytes)) }
        for bytes in regions {
            // In a clip: the key, then (in its value) the UUID.
            if let key = find(clipKey, in: bytes), let uuid = firstUUID(in: bytes, from: key + clipKey.count) { return uuid }
        }
        // In a still: the first UUID-shaped text of Apple's maker note.
        guard let note = find(stillNote, in: Array(regions[0].prefix(64 * 1024))) else { return nil }
        return firstUUID(in: regions[0], from: note, within: 16 * 1024)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard needle.count <= bytes.count, let first = needle.first else { return nil }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first && Array(bytes[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    private static func firstUUID(in bytes: [UInt8], from start: Int, within reach: Int = 4096) -> String? {
        let end = min(bytes.count - uuidLength, start + reach)
        guard start <= end else { return nil }
        for index in start...end where isUUID(bytes, at: index) {
            return String(decoding: bytes[index..<index + uuidLength], as: UTF8.self).uppercased()
        }
        return nil
    }

    private static func isUUID(_ bytes: [UInt8], at index: Int) -> Bool {
        for offset in 0..<uuidLength {
            let byte = bytes[index + offset]
            if [8, 13, 18, 23].contains(offset) {
                if byte != UInt8(ascii: "-") { return false }
            } else if !(byte >= 0x30 && byte <= 0x39 || byte >= 0x41 && byte <= 0x46 || byte >= 0x61 && byte <= 0x66) {
                return false
            }
        }
        return true
    }
}

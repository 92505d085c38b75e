/// What a card shows: a playing video or a still photo.
public enum ClipKind: String, Sendable, Codable, CaseIterable {
    case video, photo

    /// File extensions Flick treats as videos (lowercased, no dot).
    public static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "mpg", "mpeg", "ts", "mts", "m2ts",
        "3gp", "ogv", "wmv", "flv", "divx",
        // A phone's voice memos: sound alone, played on a card of their own.
        "m4a",
    ]

    /// File extensions Flick treats as photos.
    public static let photoExtensions: Set<String> = [
        "jpg", "jpeg", "png", "webp", "gif", "heic", "heif", "avif", "tif", "tiff", "bmp",
    ]

    /// The kind of a file name, or nil when Flick does not review it.
    public init?(fileName: String) {
        let isASCII = fileName.utf8.allSatisfy { $0 < 0x80 }
        guard let kind = isASCII ? Self.kind(asciiName: fileName) : Self.kind(anyName: fileName) else { return nil }
        self = kind
    }

    /// The kind the extension (after the last dot, lowercased) names; a
    /// name whose last dot comes first (".mp4") has no extension.
    private static func kind(anyName fileName: String) -> ClipKind? {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        return kind(extension: fileName[fileName.index(after: dot)...].lowercased())
    }

    /// The same for an all-ASCII name (nearly every name), read from its
    /// bytes: no grapheme breaking, no lowercased copy. An extension is
    /// looked up as its lowercased bytes packed into one number.
    private static func kind(asciiName fileName: String) -> ClipKind? {
        let bytes = fileName.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return nil }
        var packed: UInt64 = 0, length = 0
        for byte in bytes[bytes.index(after: dot)...] {
            length += 1
            guard length <= 8 else { return nil }  // longer than any extension
            packed = packed << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return kindByPackedExtension[packed]
    }

    /// Every extension of up to eight ASCII characters, packed as
    /// `kind(asciiName:)` packs a name's (a longer one is never a match).
    private static let kindByPackedExtension: [UInt64: ClipKind] = {
        var table: [UInt64: ClipKind] = [:]
        for (extensions, kind) in [(photoExtensions, ClipKind.photo), (videoExtensions, .video)] {
            for ext in extensions where ext.utf8.count <= 8 && ext.utf8.allSatisfy({ $0 < 0x80 }) {
                table[ext.utf8.reduce(0) { $0 << 8 | UInt64($1) }] = kind
            }
        }
        return table
    }()

    private static func kind(extension ext: String) -> ClipKind? {
        if videoExtensions.contains(ext) { return .video }
        if photoExtensions.contains(ext) { return .photo }
        return nil
    }
}

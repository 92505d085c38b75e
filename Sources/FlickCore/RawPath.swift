import Foundation

/// File names are bytes on Linux, not always UTF-8 (a camera card written
/// on another system, an old archive). Flick keeps such names lossless: every
/// byte that is not part of valid UTF-8 becomes one private-use character
/// (U+F700 + byte) in the String, and turns back into that byte whenever the
/// path meets the file system. Names shown to people use U+FFFD instead.
///
/// The mapping is one-to-one: a name that really holds one of the escape
/// characters (U+F780–U+F7FF) has that character's three bytes escaped
/// too, so `bytes(decode(b)) == b` for every name, and two Strings from
/// `decode` are the same name exactly when their scalars are equal.
///
/// Comparing names: Swift `==` on String treats NFC and NFD spellings
/// (`café` and `cafe\u{301}`) as equal, but they are two files. Compare
/// paths with `same(_:_:)` and key dictionaries with `key(_:)`, never `==`.
public enum RawPath {
    private static let escapeBase: UInt32 = 0xF700
    private static let escapes: ClosedRange<UInt32> = (0xF700 + 0x80)...(0xF700 + 0xFF)

    /// The String for a name's bytes (no terminating NUL).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if case let ascii?? = bytes.withContiguousStorageIfAvailable(asciiString) { return ascii }
        // Every escape character's UTF-8 starts with 0xEF: valid UTF-8
        // without that byte is the name itself (nearly every name).
        if let text = String(validating: bytes, as: UTF8.self),
           !bytes.contains(0xEF) || !text.unicodeScalars.contains(where: { escapes.contains($0.value) }) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        let array = Array(bytes)
        var index = 0
        while index < array.count {
            let length = validSequenceLength(array, at: index)
            if length > 0, let text = String(validating: array[index..<index + length], as: UTF8.self),
               !text.unicodeScalars.contains(where: { escapes.contains($0.value) }) {
                scalars.append(contentsOf: text.unicodeScalars)
                index += length
            } else if length > 1 {
                // A real escape character in the name: keep its bytes apart.
                for offset in 0..<length { scalars.append(Unicode.Scalar(escapeBase + UInt32(array[index + offset])) ?? "\u{FFFD}") }
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(array[index])) ?? "\u{FFFD}")
                index += 1
            }
        }
        return String(scalars)
    }

    /// An all-ASCII name (nearly every name) as it is, copied once with no
    /// validation to do; nil for any other.
    private static func asciiString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
    }

    /// The bytes `path` stands for on disk.
    public static func bytes(_ path: String) -> [UInt8] {
        // Every escape character's UTF-8 starts with 0xEF: a name without
        // that byte is its own UTF-8 (nearly every name; one copy, no
        // per-character work, which a 100,000-clip folder notices).
        guard path.utf8.contains(0xEF) else { return Array(path.utf8) }
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF {
                result.append(UInt8(scalar.value - escapeBase))
            } else {
                UTF8.encode(scalar) { result.append($0) }
            }
        }
        return result
    }

    /// Calls `body` with `path` as the NUL-terminated C string the kernel knows.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        // A name without escapes is its own UTF-8: no copy.
        guard path.utf8.contains(0xEF) else { return try path.withCString(body) }
        let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try raw.withUnsafeBufferPointer { buffer in
            // A non-empty array always has a base address.
            guard let base = buffer.baseAddress else { preconditionFailure("empty C string") }
            return try body(base)
        }
    }

    /// `path` as a NUL-terminated C string of its on-disk bytes, for C calls.
    public static func c(_ path: String) -> [CChar] {
        guard path.utf8.contains(0xEF) else { return Array(path.utf8CString) }
        return bytes(path).map { CChar(bitPattern: $0) } + [0]
    }

    /// Whether two paths are the same name, byte for byte (never Unicode
    /// equivalence: NFC and NFD twins are two files).
    public static func same(_ lhs: String, _ rhs: String) -> Bool {
        // Equal scalars are equal UTF-8, byte for byte: one `memcmp` of
        // the Strings' storage when both have it contiguous.
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        let compared = lhs.utf8.withContiguousStorageIfAvailable { a in
            rhs.utf8.withContiguousStorageIfAvailable { b in
                guard let x = a.baseAddress, let y = b.baseAddress else { return true }  // both empty
                return memcmp(x, y, count) == 0
            }
        }
        if case let equal?? = compared { return equal }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// A dictionary or set key for `path` that tells every byte apart.
    public static func key(_ path: String) -> [UInt8] { bytes(path) }

    /// Whether `path` is `root` or lies below it, comparing bytes.
    public static func isInside(_ path: String, root: String) -> Bool {
        let p = bytes(path), r = bytes(root)
        if p == r { return true }
        let prefix = r.last == 0x2F ? r : r + [0x2F]
        return p.count > prefix.count && Array(p.prefix(prefix.count)) == prefix
    }

    /// `path` for a terminal or a log line: control characters (newline,
    /// ESC…), bidirectional overrides and bytes that are not UTF-8 are
    /// written as `\n`, `\t`, `\xHH` or `\u{HHHH}`, and a backslash as
    /// `\\`, so one name is one line and cannot drive the terminal.
    public static func printable(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x5C: out += "\\\\"
            case 0x00...0x1F, 0x7F: out += "\\x" + hex(value, digits: 2)
            case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + hex(value, digits: 4) + "}"
            case escapes: out += "\\x" + hex(value - escapeBase, digits: 2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A `file://` URI for an absolute path: every byte other than the
    /// unreserved ASCII characters and `/` is percent-encoded, so a name
    /// with a newline or bytes that are not UTF-8 stays one exact line.
    public static func fileURI(_ absolutePath: String) -> String {
        "file://" + percentEncoded(absolutePath, keeping: "/")
    }

    /// `path`'s bytes percent-encoded (RFC 3986 unreserved characters and
    /// those in `keeping` stay as they are).
    public static func percentEncoded(_ path: String, keeping: String = "") -> String {
        let kept = Set(keeping.utf8)
        var out = ""
        for byte in bytes(path) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                if kept.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += "%" + hex(UInt32(byte), digits: 2) }
            }
        }
        return out
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Whether `path` holds bytes that are not UTF-8.
    public static func isEscaped(_ path: String) -> Bool {
        path.unicodeScalars.contains { $0.value >= escapeBase + 0x80 && $0.value <= escapeBase + 0xFF }
    }

    /// `path` for people: each byte that is not UTF-8 shows as "�".
    public static func display(_ path: String) -> String {
        guard isEscaped(path) else { return path }
        return String(String.UnicodeScalarView(path.unicodeScalars.map {
            $0.value >= escapeBase + 0x80 && $0.value <= escapeBase + 0xFF ? "\u{FFFD}" : $0
        }))
    }

    /// Length of the valid UTF-8 sequence starting at `index`, or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}

/// File names are bytes on Linux, not always UTF-8 (a camera card written
/// on another system, an old archive). Flick keeps such names lossless: every
/// byte that is not part of valid UTF-8 becomes one private-use character
/// (U+F700 + byte) in the String, and turns back into that byte whenever the
/// path meets the file system. Names shown to people use U+FFFD instead.
public enum RawPath {
    private static let escapeBase: UInt32 = 0xF700

    /// The String for a name's bytes (no terminating NUL).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        let array = Array(bytes)
        var index = 0
        while index < array.count {
            let length = validSequenceLength(array, at: index)
            if length > 0, let text = String(validating: array[index..<index + length], as: UTF8.self) {
                scalars.append(contentsOf: text.unicodeScalars)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(array[index])) ?? "\u{FFFD}")
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `path` stands for on disk.
    public static func bytes(_ path: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF {
                result.append(UInt8(scalar.value - escapeBase))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Calls `body` with `path` as the NUL-terminated C string the kernel knows.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try raw.withUnsafeBufferPointer { buffer in
            // A non-empty array always has a base address.
            guard let base = buffer.baseAddress else { preconditionFailure("empty C string") }
            return try body(base)
        }
    }

    /// `path` as a NUL-terminated C string of its on-disk bytes, for C calls.
    public static func c(_ path: String) -> [CChar] {
        bytes(path).map { CChar(bitPattern: $0) } + [0]
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

/// JSON written straight into bytes, for the documents too big for
/// `JSONEncoder` to write quickly (`status --json` of a 100,000-clip
/// folder): strings are escaped per RFC 8259 (quote, backslash, control
/// characters), slashes are left as they are.
enum JSONText {
    /// Appends `text` as a JSON string: its UTF-8 with `"`, `\` and control characters escaped.
    static func append(string text: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        defer { bytes.append(0x22) }
        // Most strings (names, decisions) need no escape: one copy.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else {
            bytes += text.utf8
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x00..<0x20, 0x7F: bytes += Array(String(format: "\\u%04x", byte).utf8)
            default: bytes.append(byte)
            }
        }
    }
}

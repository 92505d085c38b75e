import Foundation

/// Paths quoted for a shell command Flick suggests, so that copying the
/// command runs it on exactly that path: a folder with spaces, quotes,
/// `$`, newlines or bytes that are not UTF-8.
///
/// Threading: stateless; any thread.
extension RawPath {
    /// `path` as one POSIX shell word: bare when every byte is plainly
    /// safe; in single quotes when it is UTF-8 without control characters
    /// (a `'` inside becomes `'\''`); otherwise as bash's `$'…'` with
    /// `\xHH` for control characters and bytes that are not UTF-8.
    public static func shellQuoted(_ path: String) -> String {
        let bytes = Self.bytes(path)
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-".utf8)
        if !bytes.isEmpty && bytes.allSatisfy(safe.contains) { return path }
        let text = String(validating: bytes, as: UTF8.self)
        if let text, !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var quoted = "$'"
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): quoted += "\\\\"
            case UInt8(ascii: "'"): quoted += "\\'"
            case 0x20..<0x7F: quoted.unicodeScalars.append(Unicode.Scalar(byte))
            default: quoted += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return quoted + "'"
    }
}

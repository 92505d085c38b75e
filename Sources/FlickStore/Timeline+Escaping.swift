import FlickCore
import Foundation

/// The one escaping loop behind the MLT project's XML and the OTIO
/// timeline's JSON: a name as shown (stray bytes as "�"), each character
/// its format spells another way replaced.
extension Timeline {
    /// `text` shown, each scalar for which `spelled` gives a spelling
    /// replaced by it.
    static func escaping(_ text: String, _ spelled: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in RawPath.display(text).unicodeScalars {
            if let spelling = spelled(scalar) { out += spelling } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// XML's spellings: `& < > " '` as entities, a carriage return as a
    /// character reference (so it is not read back as a newline).
    static let xmlSpellings: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\r": "&#13;"]

    /// JSON's spellings: quotes, backslashes and the usual control
    /// characters by name; other control characters as `\u00XX`.
    static func jsonSpelling(_ scalar: Unicode.Scalar) -> String? {
        if let named = jsonNamed[scalar] { return named }
        return scalar.value < 0x20 || scalar.value == 0x7F ? String(format: "\\u%04x", scalar.value) : nil
    }

    private static let jsonNamed: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
}

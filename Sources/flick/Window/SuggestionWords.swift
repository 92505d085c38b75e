import CGtk
import FlickCore

/// The words for what Flick suggests might go, and for a file's size: one
/// place, so a card, its overview tile and what a screen reader hears say
/// them alike.
///
/// ```swift
/// Words.suggested([.dark])           // "Suggested: very dark"
/// Words.suggested([.copy, .short])   // "Suggested: extra copy, short"
/// Words.size(24_100_000)             // "24.1 MB"
/// ```
extension Words {
    /// "Suggested: very dark" (the reasons joined: "Suggested: extra copy,
    /// short"); nil when nothing is suggested.
    static func suggested(_ suggestions: [Suggestion]) -> String? {
        guard !suggestions.isEmpty else { return nil }
        return tr("Suggested: %@", suggestions.map(reason).joined(separator: ", "))
    }

    /// One reason's phrase: "very dark", "blurry", "short", "screenshot",
    /// "extra copy" (a compiler-checked switch: a new reason needs words).
    static func reason(_ suggestion: Suggestion) -> String {
        switch suggestion {
        case .dark: tr("very dark")
        case .blurry: tr("blurry")
        case .short: tr("short")
        case .screenshot: tr("screenshot")
        case .copy: tr("extra copy")
        }
    }

    /// A file's size as GLib words it for the desktop (decimal units, the
    /// user's language): "24.1 MB", "700.0 kB", "12 bytes".
    static func size(_ bytes: Int64) -> String {
        guard let words = g_format_size(guint64(max(0, bytes))) else { return "" }
        defer { g_free(words) }
        return String(cString: words)
    }
}

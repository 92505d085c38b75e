import FlickCore

/// The words for what Flick suggests might go: one place, so a card, its
/// overview tile and what a screen reader hears say them alike (a file's
/// size beside them is `FileSize.words`, shared with the command line).
///
/// ```swift
/// Words.suggested([.dark])           // "Suggested: very dark"
/// Words.suggested([.copy, .short])   // "Suggested: extra copy, short"
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
}

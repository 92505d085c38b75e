import FlickCore

/// The reason phrases of the suggestions, as the card says them
/// ("Suggested: very dark"). A stand-in for the overview's
/// `SuggestionWords` with the same phrases: it goes once that is merged.
@MainActor
enum SuggestionPhrase {
    /// "Suggested: short", or "Suggested: screenshot, extra copy" for
    /// several reasons; nil when nothing is suggested.
    static func line(_ reasons: [Suggestion]) -> String? {
        guard !reasons.isEmpty else { return nil }
        return tr("Suggested: %@", reasons.map(word).joined(separator: tr(", ")))
    }

    /// One reason's word. `dark` and `blurry` are named by their raw value
    /// so this reads the same before and after the analysis adds them.
    static func word(_ reason: Suggestion) -> String {
        switch reason.rawValue {
        case "dark": tr("very dark")
        case "blurry": tr("blurry")
        case "short": tr("short")
        case "screenshot": tr("screenshot")
        case "copy": tr("extra copy")
        default: reason.rawValue
        }
    }
}

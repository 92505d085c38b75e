/// Why Flick suggests a file might go: words only, never a decision.
/// Nothing is marked for deletion unless the user marks it.
public enum Suggestion: String, Sendable, CaseIterable, Comparable {
    /// A clip shorter than `Suggestions.shortClipSeconds`: the 0.7 s accident.
    case short
    /// A screenshot or screen recording, by its name and (for photos) no
    /// camera in its metadata.
    case screenshot
    /// An extra copy: the same bytes as another file, which is kept.
    case copy

    public static func < (a: Suggestion, b: Suggestion) -> Bool {
        a.rawValue < b.rawValue
    }
}

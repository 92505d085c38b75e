import FlickCore

/// What Flick says about suggestions and space: going through the
/// suggested clips, their end, and the space marked for deletion.
extension Words {
    /// "Going through 3 suggestions: IMG_0042.mp4 is on top."
    static func reviewingSuggestions(name: String, count: Int) -> String {
        trn("Going through %ld suggestion: %@ is on top.", "Going through %ld suggestions: %@ is on top.", count, count, name)
    }

    /// "All 3 suggestions reviewed. Back to the Whole Deck goes on with the others."
    static func suggestionsReviewed(count: Int) -> String {
        trn("The %ld suggestion is reviewed.", "All %ld suggestions reviewed.", count, count)
    }

    /// The end page's title after the suggested clips.
    static var suggestionsEndTitle: String { tr("All Suggestions Reviewed") }

    /// "1.8 GB marked for deletion" (nil when nothing marked has a known size).
    static func markedSpace(_ bytes: Int64) -> String? {
        bytes > 0 ? tr("%@ marked for deletion", FileSize.words(bytes)) : nil
    }
}

import FlickCore
import Testing
@testable import flick

/// The words a card and its overview tile share for what Flick suggests
/// and for a file's size.
@MainActor
@Suite struct SuggestionWordsTests {
    @Test func eachReasonHasItsPhrase() {
        #expect(Words.suggested([]) == nil, "nothing suggested says nothing")
        #expect(Words.suggested([.short]) == "Suggested: short")
        #expect(Words.suggested([.screenshot]) == "Suggested: screenshot")
        #expect(Words.suggested([.copy, .short]) == "Suggested: extra copy, short")
        for suggestion in Suggestion.allCases {
            #expect(!Words.reason(suggestion).isEmpty)
        }
    }

    @Test func sizesAreGLibsDesktopWords() {
        #expect(Words.size(24_100_000) == "24.1\u{a0}MB")
        #expect(Words.size(179_920) == "179.9\u{a0}kB")
        #expect(Words.size(12) == "12 bytes")
        #expect(Words.size(-1) == "0 bytes", "a size never reads negative")
    }
}

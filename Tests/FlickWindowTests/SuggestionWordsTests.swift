import FlickCore
import Testing
@testable import flick

/// The words a card and its overview tile share for what Flick suggests
/// (a file's size: FlickCoreTests' FileSizeTests).
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
}

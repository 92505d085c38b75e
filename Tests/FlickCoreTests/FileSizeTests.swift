import Testing
@testable import FlickCore

/// A file's size in GNOME's words, as `g_format_size` (GLib 2.74.6, the C
/// locale) prints them: each expected string below is that function's
/// output for the same count (FlickAppTests' FileSizeGLibTests asks the
/// real GLib on every run).
@Suite struct FileSizeTests {
    /// U+00A0: GLib puts a no-break space between a value and its unit.
    static let nbsp = "\u{a0}"

    @Test func belowAKilobyteSaysWholeBytes() {
        #expect(FileSize.words(0) == "0 bytes")
        #expect(FileSize.words(1) == "1 byte")
        #expect(FileSize.words(12) == "12 bytes")
        #expect(FileSize.words(999) == "999 bytes")
    }

    @Test func aKilobyteIsAThousandBytes() {
        #expect(FileSize.words(1_000) == "1.0\(Self.nbsp)kB")
        #expect(FileSize.words(1_023) == "1.0\(Self.nbsp)kB")
        #expect(FileSize.words(1_024) == "1.0\(Self.nbsp)kB", "SI units: 1024 bytes are not a kibibyte here")
        #expect(FileSize.words(97_300) == "97.3\(Self.nbsp)kB")
    }

    @Test func largerSizesTakeTheLargestUnitThatFits() {
        #expect(FileSize.words(2_600_000) == "2.6\(Self.nbsp)MB")
        #expect(FileSize.words(1_800_000_000) == "1.8\(Self.nbsp)GB")
        #expect(FileSize.words(1_000_000_000_000) == "1.0\(Self.nbsp)TB")
        #expect(FileSize.words(3_450_000_000_000) == "3.5\(Self.nbsp)TB")
        #expect(FileSize.words(1_000_000_000_000_000) == "1.0\(Self.nbsp)PB")
        #expect(FileSize.words(Int64.max) == "9.2\(Self.nbsp)EB")
    }

    @Test func roundingFollowsGLibsQuirks() {
        // The unit is chosen before rounding: GLib says "1000.0 kB" here.
        #expect(FileSize.words(999_949) == "999.9\(Self.nbsp)kB")
        #expect(FileSize.words(999_950) == "1000.0\(Self.nbsp)kB")
        #expect(FileSize.words(999_999) == "1000.0\(Self.nbsp)kB")
        // printf's rounding of the double: 1.05 is stored a hair above.
        #expect(FileSize.words(1_049_999) == "1.0\(Self.nbsp)MB")
        #expect(FileSize.words(1_050_000) == "1.1\(Self.nbsp)MB")
    }

    @Test func aNegativeCountReadsNothing() {
        #expect(FileSize.words(-1) == "0 bytes")
        #expect(FileSize.words(Int64.min) == "0 bytes")
    }
}

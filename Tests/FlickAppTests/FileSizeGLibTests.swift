import CGio
import FlickCore
import Testing

/// `FileSize.words` (FlickCore, no GLib) against the real `g_format_size`
/// of the GLib the window links: the same words for the sizes a user
/// meets, each unit's edges and the rounding between them. Here because
/// this suite links GLib already; FlickCore itself must not.
@Suite struct FileSizeGLibTests {
    /// What GLib says for `bytes`.
    static func glib(_ bytes: Int64) -> String {
        guard let words = g_format_size(guint64(bytes)) else { return "" }
        defer { g_free(words) }
        return String(cString: words)
    }

    /// 0 to 1.8 GB and TB, every unit's first count and the one before it,
    /// and counts whose first decimal rounds either way (999.95 kB reads
    /// "1000.0 kB" in GLib; 1.05 MB rounds up).
    static let sizes: [Int64] = {
        var sizes: [Int64] = [0, 1, 2, 12, 999, 1_000, 1_023, 1_024, 97_300, 179_920, 2_600_000, 24_100_000,
                              1_800_000_000, 1_000_000_000_000, 3_450_000_000_000, 1_000_000_000_000_000_000, Int64.max]
        for factor: Int64 in [1_000, 1_000_000, 1_000_000_000, 1_000_000_000_000, 1_000_000_000_000_000] {
            let milli = factor / 1_000, twentieth = factor / 20  // exact: factor is a power of 1000
            sizes += [factor - 1, factor + 1, milli * 999_949, milli * 999_950, factor * 1_000 - 1,
                      twentieth * 21 - 1, twentieth * 21, twentieth * 25]
        }
        return sizes
    }()

    @Test(arguments: sizes) func flickSaysWhatGLibSays(bytes: Int64) {
        #expect(FileSize.words(bytes) == Self.glib(bytes))
    }

    /// A walk through every size class with uneven steps (prime-ish
    /// multipliers, so each decimal digit and rounding turns up).
    @Test func aWalkThroughEverySizeAgrees() {
        var bytes: Int64 = 1
        var differing: [Int64] = []
        while bytes < Int64.max / 37 {  // to 249 PB, where the next step would overflow
            if FileSize.words(bytes) != Self.glib(bytes) { differing.append(bytes) }
            bytes = bytes * 37 / 31 + 7
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { "\($0): \(FileSize.words($0)) vs \(Self.glib($0))" })")
    }
}

import Foundation

/// A file's size in the words GNOME uses for one (GLib's `g_format_size`):
/// powers of 1000, one decimal, a no-break space before the unit, and
/// whole bytes below a kilobyte. One function, so the window's cards,
/// tiles, Compare, the Apply list and its toasts, what a screen reader
/// hears and `flick status` never word the same file two ways; here, with
/// no GLib, so the command line and the window share it.
///
/// ```swift
/// FileSize.words(0)              // "0 bytes"
/// FileSize.words(1)              // "1 byte"
/// FileSize.words(97_300)         // "97.3 kB" (a no-break space)
/// FileSize.words(2_600_000)      // "2.6 MB"
/// FileSize.words(1_800_000_000)  // "1.8 GB"
/// ```
///
/// It matches `g_format_size` (GLib 2.74) byte for byte in the C locale,
/// quirks included: the unit is the largest that fits whole, and the
/// value is then rounded by `printf`'s "%.1f", so 999,950 bytes read
/// "1000.0 kB" there as here. The words are English, as is the rest of
/// Flick's text until it has translations.
public enum FileSize {
    /// A decimal unit: its symbol and how many bytes it holds.
    struct Unit {
        let symbol: String
        let factor: UInt64
    }

    /// kB to EB, SI (1 kB = 1000 bytes), as GNOME's Files shows them; an
    /// Int64 tops out at 9.2 EB, so EB is the last unit needed.
    static let units: [Unit] = [
        Unit(symbol: "kB", factor: 1_000),
        Unit(symbol: "MB", factor: 1_000_000),
        Unit(symbol: "GB", factor: 1_000_000_000),
        Unit(symbol: "TB", factor: 1_000_000_000_000),
        Unit(symbol: "PB", factor: 1_000_000_000_000_000),
        Unit(symbol: "EB", factor: 1_000_000_000_000_000_000),
    ]

    /// U+00A0, between a value and its unit (as `g_format_size` puts it),
    /// so "97.3 kB" is never broken over two lines.
    static let noBreakSpace = "\u{a0}"

    /// `bytes` in words: "12 bytes", "1 byte", "97.3 kB", "2.6 MB". A
    /// negative count reads "0 bytes" (a size is never below nothing).
    public static func words(_ bytes: Int64) -> String {
        let size = UInt64(max(0, bytes))
        guard let first = units.first, size >= first.factor else {
            return size == 1 ? "1 byte" : "\(size) bytes"
        }
        let unit = units.last { $0.factor <= size } ?? first
        let value = Double(size) / Double(unit.factor)
        return String(format: "%.1f", value) + noBreakSpace + unit.symbol
    }
}

import CGtk

/// A file size as GNOME says it ("1.8 GB", "700 kB", "12 bytes"): GLib's
/// `g_format_size` (SI units, as Files and the Trash show them), so the
/// player bar, the status line and Apply agree with the desktop.
enum SizeWords {
    static func size(_ bytes: Int64) -> String {
        guard let words = g_format_size(guint64(max(0, bytes))) else { return "\(bytes)" }
        defer { g_free(words) }
        return String(cString: words)
    }
}

// FlickMedia — the one target that touches GStreamer (nothing else imports CGst).
//
//   GStreamer       one-time gst_init
//   ClipDiscovery   duration, size and codec of a clip (GstDiscoverer), or a
//                   MediaError a user can act on
//
// Threading contract: `ClipDiscovery.discover` is synchronous and blocking;
// call it off the main thread (it is Sendable-clean and thread-safe: each call
// makes its own discoverer). Results are plain Sendable values; callers hop
// to the main thread before touching GTK.
import CGst

/// GStreamer's process-wide initialisation.
public enum GStreamer {
    private static let initialized: Bool = {
        gst_init(nil, nil)
        return true
    }()

    /// Initialises GStreamer once; safe from any thread.
    public static func initialize() {
        _ = initialized
    }

    /// The runtime GStreamer version, e.g. "1.22.0".
    public static var version: String {
        initialize()
        var major: guint = 0, minor: guint = 0, micro: guint = 0, nano: guint = 0
        gst_version(&major, &minor, &micro, &nano)
        return "\(major).\(minor).\(micro)"
    }
}

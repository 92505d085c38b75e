// FlickMedia — the one target that touches GStreamer (nothing else imports CGst),
// and Flick's posters and facts made off the main thread.
//
//   GStreamer       one-time gst_init
//   ClipDiscovery   duration, size and codecs of a clip (GstDiscoverer), or a
//                   MediaError a user can act on
//   DecodeLimit     the largest picture decoded; bigger clips are refused
//   PosterFrame     one still frame, scaled inside GStreamer, for cards not playing
//   ThumbnailCache  posters on disk, shared with Files (the freedesktop thumbnail cache)
//   MediaService    the one "cached, or render and store" path for posters and
//                   facts: an LRUCache, a bounded worker pool, one render per key
//   Stitcher        joins clips into one video (remux, or re-encode)
//   VideoPlayer     one clip playing for one card (PlayerPipeline, PlayerOutbox)
//   MiniObjectKinds caps, samples, buffers, messages and queries owned as CountedRefs
//                   (elements, pads and buses are GObjects: ObjectRefs, from GObjectKit)
//
// Threading contract: VideoPlayer owns its threads and never blocks its
// caller (its own contract heads VideoPlayer.swift); MediaService lives on
// the main actor and runs its renders on its own workers. Every other entry point
// is synchronous and blocking; call it off the main thread (each call builds
// its own discoverer or pipeline and tears it down before returning; nothing
// calls back later). Results are plain Sendable values; callers hop to the
// main thread before touching GTK.
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

// FlickCore — Flick's shared view-model. Foundation only: no GTK, no GStreamer.
//
//   Physics/   drag in, pose out
//     SwipeTuning      every threshold, speed and angle, with units
//     DragTracker      begin/sample/end → release velocity (last 100 ms)
//     SwipeGeometry    offset → direction, progress, rubber band
//     CardPose         translation, rotation, tilt (3D and 2D), overlay, stack
//     Spring           closed-form damped spring, sampled as a function of time
//     Transition       snap-back, fly-off, bring-back: pose at any time t
//   Deck/      decisions and history
//     Deck             clip ids, cursor, per-card decision
//     ReviewSession    actions → steps, unlimited undo, stats
//   Review/    what the window shows
//     ReviewModel      the session, facts, playback intent; applies input at
//                      once and in order, saved before it is shown, and
//                      publishes one ReviewChange per change
//   Photo/     a photo's header, read without decoding it
//     PhotoHeader      format, EXIF orientation (JPEG, TIFF, WebP), HEIF/AVIF size
//     PhotoOrientation the eight EXIF turns as rotate/flip steps
//   FolderScan, NaturalOrder, ClipKind, RawPath, PathKey, Log
//   FileSize         a size in GNOME's words ("97.3 kB"), for the window and the CLI
//   Debounce         when work after a burst of events is due (quiet, or at the latest)
//
// Who calls it: the GTK layer feeds gesture samples and key/button actions
// and draws the poses it gets back; the store persists `Step`s.

/// Facts about Flick itself.
public enum Flick {
    /// The release (also in the metainfo's newest <release>, and `flick --version`).
    public static let version = "0.1.0"
}

// VideoPlayer — plays one clip for one card.
//
//   VideoPlayer      the app's handle: requests in; frames, timings and one failure out
//   PlayerPipeline   the playbin, the serial queue that owns it, its State under one Mutex
//     +Streaming     callbacks on GStreamer's threads: frames, bus, fit, size limit
//     +Timing        where the clip is, pushed while it plays and on every change
//   PlayerOutbox     delivery to the app's queue, and the gate `stop()` closes
//   DecodeLimit      the largest picture decoded (bigger clips are refused)
//
// Threading contract (Clapper-style: the player owns its threads):
// - Every method may be called from any thread and returns at once; none
//   waits for GStreamer. Building the pipeline and every GStreamer state
//   change (preroll, play, pause, mute, seeks, the rate, position queries,
//   teardown to NULL and the last unref) runs in order on the player's own serial queue, never on
//   the caller's thread and never on a streaming thread.
// - `fit` records the new card size; the streaming thread applies it between
//   two buffers, ahead of the scaler, so a size change never races a
//   negotiation (see `PlayerPipeline.applyPendingFit`).
// - `onFrame`, `onTiming` and `onFailure` run on the `queue` given to `init`
//   (the main queue in the app). `onTiming` hears where the clip is a few
//   times a second while it plays, after each seek and at every state change. After `stop()` returns, neither runs again: stop closes
//   the outbox's gate, waiting at most for a callback already running on
//   another thread (on the delivery queue itself it never waits).
// - Dropping the last reference stops the player, from any thread: the
//   teardown is queued, and GStreamer's callbacks hold the pipeline side,
//   not the player, so no streaming thread ever tears a pipeline down.
import CGst
import FlickCore
import Foundation

/// Plays one clip for one card: `playbin` with its pictures scaled inside
/// GStreamer to fit the card (never decoded to screen at the clip's full
/// size) and handed over as `VideoFrame`s.
///
/// A new player prerolls paused: its first frame arrives without playing,
/// so the card beneath the top one already shows its picture and starts
/// the moment it is promoted (`play()`), with no preroll to wait for.
/// Frames are coalesced: while one is waiting for `queue`, a newer one
/// replaces it. A clip of sound alone plays its sound (`isSoundOnly`); any
/// other clip that shows no picture within `timeout` seconds fails with
/// `.timedOut`; a clip larger than `DecodeLimit.maxPixels` fails with
/// `.tooLarge` before it is decoded. A failed player frees its pipeline.
///
///     let player = try VideoPlayer(path: clip, maxWidth: 640, maxHeight: 800, muted: true,
///                                  onFrame: { show($0) }, onFailure: { explain($0) })
///     player.play()
///     player.stop()   // returns at once; nothing is delivered after it
public final class VideoPlayer: Sendable {
    public let path: String
    private let pipeline: PlayerPipeline
    private let outbox: PlayerOutbox

    /// Opens `path` paused, its pictures fitted inside `maxWidth`×`maxHeight`
    /// (`exactly`: scaled to that size, up as well as down; the caller
    /// keeps the clip's shape; `turned`: the stored picture lies on its
    /// side, so it is scaled to `maxHeight`×`maxWidth` before it is turned
    /// upright by its orientation tag; `order`: the frames' byte order). Throws only what needs no decoding (gone, not a regular file,
    /// unreadable, empty); everything else arrives through `onFailure`.
    public init(path: String, maxWidth: Int, maxHeight: Int, exactly: Bool = false, turned: Bool = false,
                order: PixelOrder = .bgra, muted: Bool, loops: Bool = true,
                timeout: Double = ClipDiscovery.defaultTimeout, queue: DispatchQueue = .main,
                onFrame: @escaping @Sendable (VideoFrame) -> Void,
                onTiming: (@Sendable (PlaybackTiming) -> Void)? = nil,
                onFailure: @escaping @Sendable (MediaError) -> Void) throws(MediaError) {
        GStreamer.initialize()
        let name = RawPath.display((path as NSString).lastPathComponent)
        try ClipDiscovery.precheck(path: path)
        guard let cURI = g_filename_to_uri(RawPath.c(path), nil, nil) else {
            throw .unreadable(file: name, reason: .noURI)
        }
        let uri = String(cString: cURI)
        g_free(cURI)
        self.path = path
        outbox = PlayerOutbox(queue: queue, onFrame: onFrame, onFailure: onFailure, onTiming: onTiming)
        pipeline = PlayerPipeline(name: name, size: .init(maxWidth, maxHeight, exact: exactly, turned: turned), order: order, muted: muted, loops: loops, outbox: outbox)
        pipeline.open(uri: uri, timeout: timeout)
    }

    deinit { stop() }

    /// Fits later frames inside a new card size; the frame on screen stays
    /// until the next one (the app scales it meanwhile). Safe on a paused,
    /// prerolled player: it plays on at the new size. `exactly` and
    /// `turned` as for `init`.
    public func fit(maxWidth: Int, maxHeight: Int, exactly: Bool = false, turned: Bool = false) {
        pipeline.fit(.init(maxWidth, maxHeight, exact: exactly, turned: turned))
    }

    /// Plays (the top card); a prerolled player goes on with no wait.
    public func play() { pipeline.play() }

    public func pause() { pipeline.pause() }

    public func setMuted(_ muted: Bool) { pipeline.setMuted(muted) }

    /// Seeks to `seconds` from the start (clamped to the clip); a paused
    /// player shows the frame there. The rate stays.
    public func seek(to seconds: Double) { pipeline.seek(to: seconds) }

    /// Seeks `delta` seconds from where the pipeline is now (negative: back).
    public func seek(by delta: Double) { pipeline.seek(by: delta) }

    /// Plays at `rate` (1 is normal speed) from where it is; later seeks and
    /// the loop keep it.
    public func setRate(_ rate: Double) { pipeline.setRate(rate) }

    /// Asks the pipeline where it is now; the answer is posted to
    /// `onTiming` and kept in `timing` (nothing waits for it).
    public func refreshTiming() { pipeline.refreshTiming() }

    /// What was last posted to `onTiming` (or the target of the last seek).
    public var timing: PlaybackTiming { pipeline.locked { $0.timing } }

    /// Whether the sound is off: the last request, which the player's queue
    /// applies to playbin's "mute" in order.
    public var isMuted: Bool { pipeline.locked { $0.muted } }

    /// Whether the pipeline is playing, as GStreamer last reported it (a
    /// `play()` shows here once its state change completes).
    public var isPlaying: Bool { pipeline.locked { $0.state == GST_STATE_PLAYING } }

    /// Seconds from `play()` of a prerolled player to its next frame (the
    /// first one after the preroll frame already on screen).
    public var promoteLatency: Double? { pipeline.locked { $0.latency } }

    /// How far the last `play()` started ahead of the paused frame, in
    /// seconds (that frame's duration, since it was on screen already), or
    /// nil when it resumed where it had stopped.
    var startShift: Double? { pipeline.locked { $0.startShift } }

    /// Whether the clip turned out to be sound alone (it plays, with no frames).
    public var isSoundOnly: Bool { pipeline.locked { $0.soundOnly } }

    /// Whether a frame has arrived (the preroll frame first).
    public var hasFrame: Bool { pipeline.locked { $0.framesDelivered > 0 } }

    /// Frames that came out of the decoder, repeats included.
    var decodedFrames: Int { pipeline.locked { $0.framesDelivered } }

    /// Stops delivering at once and queues the teardown (NULL, then free) on
    /// the player's queue. Returns without waiting for GStreamer; no callback
    /// runs after it returns. Idempotent.
    public func stop() {
        outbox.close()
        pipeline.close()
    }

    /// Blocks until every request made so far has run on the player's queue
    /// (after `stop()`: until the pipeline is freed). For tests.
    func waitUntilIdle() {
        pipeline.queue.sync {}
    }

    /// Players open (made, neither stopped nor failed) in this process, and
    /// the most there ever were at once. Each is freed on its own queue
    /// right after it closes.
    public static var livePipelines: (now: Int, most: Int) { PlayerPipeline.openCount }

    /// Playbins built and not yet freed.
    static var unfreedPipelines: Int { PlayerPipeline.builtCount }
}

import CGst
import FlickCore
import Foundation
import GObjectKit
import Synchronization

/// The GStreamer side of one `VideoPlayer`: a `playbin` whose pictures are
/// scaled to the card inside GStreamer, and the serial `queue` that owns it.
///
/// On `queue`: building the pipeline, every state change, mute, seeks, the
/// rate, position queries and their ticker (`PlayerPipeline+Timing.swift`),
/// and teardown (NULL, then the last unref). Streaming threads only run the
/// callbacks in `PlayerPipeline+Streaming.swift`, which read and write the
/// `State` under its mutex and post to the outbox; one of them applies a
/// new card size between two buffers (see `applyPendingFit`).
///
/// Everything shared between threads is in `State`, behind one `Mutex`;
/// the one field outside it, `playbin`, is only touched on `queue` (hence
/// `@unchecked Sendable`).
///
/// Lifetime: GStreamer's callbacks each hold a reference to this object, so
/// it lives as long as its playbin; `teardown()` frees the playbin on
/// `queue`, which drops those references. Nothing here touches GStreamer in
/// `deinit`, so the last reference may drop on any thread.
final class PlayerPipeline: @unchecked Sendable {
    struct Size: Equatable {
        var width: Int
        var height: Int
        /// Exactly this size (scaled up if the clip is smaller), not at most.
        var exact: Bool
        /// The stored picture lies on its side (videoflip turns it afterwards).
        var turned: Bool

        /// What the card asks for, never below 2×2 (GStreamer's smallest picture).
        init(_ width: Int, _ height: Int, exact: Bool = false, turned: Bool = false) {
            self.width = max(2, width)
            self.height = max(2, height)
            self.exact = exact
            self.turned = turned
        }

        /// The scaler's output, before the picture is turned upright: of
        /// exactly this size, or fitting inside it in any aspect (videoscale
        /// keeps the clip's), sides swapped for a turned picture.
        var caps: String {
            let (width, height) = turned ? (self.height, self.width) : (self.width, self.height)
            let value = { (side: Int) in exact ? "\(side)" : "[2,\(side)]" }
            return "video/x-raw,width=\(value(width)),height=\(value(height)),pixel-aspect-ratio=1/1"
        }
    }

    let queue = DispatchQueue(label: "flick.media.player", qos: .userInitiated)
    let name: String
    /// The frames' byte order, for their whole life.
    let order: PixelOrder
    let outbox: PlayerOutbox
    let loops: Bool
    /// Only on `queue`: the pipeline's one owner (teardown drops it).
    private var ownedPlaybin: ObjectRef<UnsafeMutablePointer<GstElement>>?
    /// Only on `queue`.
    var playbin: UnsafeMutablePointer<GstElement>? { ownedPlaybin?.pointer }

    /// Everything the player's queue, the streaming threads and the app's
    /// reads share, behind one lock the compiler checks.
    struct State: Sendable {
        /// Stopped or failed: nothing more is posted, and teardown is queued.
        var closed = false
        var fitFilter: ObjectRef<UnsafeMutablePointer<GstElement>>?
        var wantedSize: Size
        var appliedSize: Size
        var state = GST_STATE_NULL
        var muted: Bool
        var framesDelivered = 0
        var lastTime: Double?
        var lastLoop: UInt64 = 0
        var promotedAt: UInt64?
        var latency: Double?
        /// How long the frame shown while paused lasts (nanoseconds of clip time), when it says.
        var pausedFrameDuration: GstClockTime?
        /// How far the last `play()` moved the start ahead (seconds), if it did.
        var startShift: Double?
        var missingPlugin: MediaError?
        /// Prerolled with sound and no picture: no frame will come.
        var soundOnly = false
        /// The rate asked for (1: normal speed); every seek keeps it.
        var rate = 1.0
        /// What the pipeline last answered (see `publishTiming`), in seconds.
        var position: Double?
        var duration: Double?
        /// The playback rate the pipeline's segment reports.
        var reportedRate: Double?
        /// A seek was asked for and has not landed yet (its ASYNC_DONE).
        var seekPending = false
        /// Which run of the position ticker may go on (a new one, or
        /// leaving PLAYING, ends the one before).
        var ticker = 0
        /// Playback ended before the stated duration (see `ended`).
        var stoppedShort = false
    }

    private let shared: Mutex<State>

    /// Seconds between two position reports while playing.
    static let timingInterval = 0.25

    init(name: String, size: Size, order: PixelOrder = .bgra, muted: Bool, loops: Bool, outbox: PlayerOutbox) {
        self.name = name
        self.order = order
        shared = Mutex(State(wantedSize: size, appliedSize: size, muted: muted))
        self.loops = loops
        self.outbox = outbox
        Self.count(open: +1)
    }

    /// Runs `body` on the shared state under its lock (never call out to
    /// GStreamer or the outbox inside).
    func locked<T: Sendable>(_ body: (inout State) -> T) -> T {
        shared.withLock { body(&$0) }
    }

    // MARK: - Requests (any thread; the work runs on `queue`)

    /// Builds the pipeline and prerolls it paused; fails with `.timedOut`
    /// when neither a picture nor sound alone comes within `timeout` seconds.
    func open(uri: String, timeout: Double) {
        queue.async { [self] in build(uri: uri) }
        queue.asyncAfter(deadline: .now() + timeout) { [weak self] in
            guard let self, !locked({ $0.closed || $0.framesDelivered > 0 || $0.soundOnly }) else { return }
            if !noteSoundOnly() { fail(.timedOut(file: name)) }
        }
    }

    /// After preroll (the bus saw PAUSED): a clip of sound only (a voice
    /// memo) is known as such; it plays its sound like any clip.
    func prerolled() {
        queue.async { [self] in
            guard !locked({ $0.closed || $0.framesDelivered > 0 }) else { return }
            _ = noteSoundOnly()
        }
    }

    /// Whether the playbin found audio streams and no video (then noted in
    /// `soundOnly`). On `queue`.
    private func noteSoundOnly() -> Bool {
        guard let playbin else { return false }
        let raw = UnsafeMutableRawPointer(playbin)
        let found = flick_gst_get_int(raw, "n-video") == 0 && flick_gst_get_int(raw, "n-audio") > 0
        if found { locked { $0.soundOnly = true } }
        return found
    }

    func play() {
        let now = DispatchTime.now().uptimeNanoseconds
        locked {
            if $0.latency == nil && $0.framesDelivered > 0 { $0.promotedAt = now }
        }
        change(to: GST_STATE_PLAYING)
    }

    /// The frame shown while paused (prerolled, or after a seek) has been
    /// on screen already, often for seconds as the card beneath: playing
    /// starts with the next one due at once instead of one frame later.
    /// A pipeline paused after playing resumes where it stopped (its start
    /// time is no longer zero), so only a fresh start is shifted. On `queue`.
    private func skipShownFrame(_ playbin: UnsafeMutablePointer<GstElement>) {
        let (shown, speed) = locked { state -> (GstClockTime?, Double) in
            state.startShift = nil
            return (state.pausedFrameDuration, max(abs(state.rate), 0.01))
        }
        guard let shown, shown > 0, gst_element_get_start_time(playbin) == 0 else { return }
        // Never more than a tenth of a second, whatever the clip claims.
        let skip = GstClockTime(min(Double(shown) / speed, 100_000_000))
        gst_element_set_start_time(playbin, skip)
        locked { $0.startShift = Double(skip) / 1e9 }
    }

    func pause() { change(to: GST_STATE_PAUSED) }

    private func change(to state: GstState) {
        queue.async { [self] in
            guard let playbin, !locked({ $0.closed }) else { return }
            if state == GST_STATE_PLAYING { skipShownFrame(playbin) }
            gst_element_set_state(playbin, state)
        }
    }

    func setMuted(_ muted: Bool) {
        locked { $0.muted = muted }
        queue.async { [self] in
            guard let playbin, !locked({ $0.closed }) else { return }
            flick_gst_set_bool(UnsafeMutableRawPointer(playbin), "mute", locked { $0.muted } ? 1 : 0)
        }
    }

    /// Later pictures fit `size`: the next buffer to reach the scaler
    /// applies it, on the streaming thread (see `applyPendingFit`).
    func fit(_ size: Size) {
        locked { $0.wantedSize = size }
    }

    // MARK: - Seeking and speed

    /// Seeks to `seconds` (or by `delta` from where the pipeline is), at the
    /// rate asked for. A paused pipeline prerolls and shows the frame there.
    func seek(to seconds: Double? = nil, by delta: Double = 0) {
        queue.async { [self] in
            guard let playbin, !locked({ $0.closed }) else { return }
            let now = seconds ?? (Self.query(playbin, position: true) ?? 0) + delta
            let end = Self.query(playbin, position: false)
            let target = max(0, min(now, end.map { max(0, $0 - 0.05) } ?? now))
            seek(playbin, to: target)
        }
    }

    /// Plays at `rate` from where the pipeline is.
    func setRate(_ rate: Double) {
        locked { $0.rate = rate }
        queue.async { [self] in
            guard let playbin, !locked({ $0.closed }) else { return }
            seek(playbin, to: Self.query(playbin, position: true) ?? 0)
        }
    }

    /// A flushing, accurate seek at the rate asked for; the target is posted
    /// at once, where the pipeline lands once the seek completes. On `queue`.
    private func seek(_ playbin: UnsafeMutablePointer<GstElement>, to seconds: Double) {
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        locked { $0.seekPending = true }
        gst_element_seek(playbin, locked { $0.rate }, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET, gint64(seconds * 1e9),
                         GST_SEEK_TYPE_NONE, -1)
        let timing = locked { state -> PlaybackTiming in
            state.position = seconds
            return state.timing
        }
        outbox.post(timing)
    }

    /// Goes back to the start after the end. A clip with one frame or none
    /// ends at once: it stays a still instead of seeking back in a busy loop.
    func loopToStart() {
        queue.async { [self] in
            let now = DispatchTime.now().uptimeNanoseconds
            let tooSoon = locked { state -> Bool in
                defer { state.lastLoop = now }
                return state.closed || now - state.lastLoop < 250_000_000
            }
            guard let playbin, !tooSoon else { return }
            seek(playbin, to: 0)
        }
    }

    /// Stops posting and queues the teardown. Idempotent; returns at once.
    func close() {
        guard markClosed() else { return }
        queue.async { [self] in teardown() }
    }

    /// Reports `error` once (unless stopped first) and frees the pipeline.
    func fail(_ error: MediaError) {
        guard markClosed() else { return }
        outbox.post(error)
        queue.async { [self] in teardown() }
    }

    private func markClosed() -> Bool {
        let first = locked { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        if first { Self.count(open: -1) }
        return first
    }

    // MARK: - On `queue`

    private func build(uri: String) {
        guard !locked({ $0.closed }) else { return }
        guard let owner = ObjectRef(taking: gst_element_factory_make("playbin", nil)) else {
            fail(.notAVideo(file: name, reason: .playbinMissing))
            return
        }
        let playbin = owner.pointer
        var error: UnsafeMutablePointer<GError>?
        // The fit is the scaler's own output, as the clip is stored;
        // videoflip then turns the picture upright by the stream's
        // orientation tag (a phone's portrait clip). Fitted after the turn,
        // a size fixed before the tag arrives cannot be renegotiated once
        // the turn swaps the sides, and the stream stops.
        let description = "videoscale name=scale ! capsfilter name=fit caps=\"\(locked { $0.appliedSize }.caps)\" ! "
            + "videoconvert ! videoflip video-direction=auto ! "
            + "appsink name=sink caps=video/x-raw,format=\(order.rawValue) max-buffers=2 drop=true enable-last-sample=false"
        guard let sink = gst_parse_bin_from_description(description, 1, &error), error == nil else {
            g_clear_error(&error)
            fail(.notAVideo(file: name, reason: .noVideoSink))
            return  // the playbin is freed with its owner
        }
        ownedPlaybin = owner
        Self.count(built: +1)
        let bin = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstBin.self)
        let filter = ObjectRef(taking: gst_bin_get_by_name(bin, "fit"))
        locked { $0.fitFilter = filter }
        let raw = UnsafeMutableRawPointer(playbin)
        flick_gst_set_string(raw, "uri", uri)
        flick_gst_set_object(raw, "video-sink", UnsafeMutableRawPointer(sink))
        // No subtitles, no visualisations.
        let flags: PlayFlags = [.video, .audio, .softVolume, .nativeVideo, .deinterlace]
        flick_gst_set_uint(raw, "flags", flags.rawValue)
        flick_gst_set_bool(raw, "mute", locked { $0.muted } ? 1 : 0)
        attachCallbacks(playbin: playbin, sink: bin)
        gst_element_set_state(playbin, GST_STATE_PAUSED)
    }

    private func teardown() {
        #if DEBUG
        dispatchPrecondition(condition: .onQueue(queue))
        #endif
        guard let playbin else { return }
        gst_element_set_state(playbin, GST_STATE_NULL)
        // The filter's owner is dropped here, after the lock.
        _ = locked { state -> ObjectRef<UnsafeMutablePointer<GstElement>>? in
            defer { state.fitFilter = nil; state.state = GST_STATE_NULL }
            return state.fitFilter
        }
        // The last reference: finalizing the playbin drops the callbacks' references to self.
        ownedPlaybin = nil
        Self.count(built: -1)
    }

    // MARK: - Pipelines alive

    private struct Counts {
        var open = 0
        var mostOpen = 0
        var built = 0
    }
    private static let counts = Mutex(Counts())

    /// Players neither stopped nor failed, and the most there ever were at once.
    static var openCount: (now: Int, most: Int) { counts.withLock { ($0.open, $0.mostOpen) } }
    /// Playbins built and not yet freed (teardown done) on their queues.
    static var builtCount: Int { counts.withLock { $0.built } }

    private static func count(open change: Int) {
        counts.withLock {
            $0.open += change
            $0.mostOpen = max($0.mostOpen, $0.open)
        }
    }

    private static func count(built change: Int) {
        counts.withLock { $0.built += change }
    }
}

/// playbin's `flags` Flick sets (GstPlayFlags, which playbin declares in
/// its plugin, not in a public header; `gst-inspect-1.0 playbin` lists all).
struct PlayFlags: OptionSet {
    let rawValue: UInt32

    static let video = PlayFlags(rawValue: 1 << 0)
    static let audio = PlayFlags(rawValue: 1 << 1)
    static let softVolume = PlayFlags(rawValue: 1 << 4)
    static let nativeVideo = PlayFlags(rawValue: 1 << 6)
    static let deinterlace = PlayFlags(rawValue: 1 << 9)
}

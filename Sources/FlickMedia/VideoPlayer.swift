import CGst
import FlickCore
import Foundation

/// One decoded video frame: BGRA, 4 bytes a pixel, opaque (so premultiplied
/// alike), in memory the frame owns until `takeBytes()` hands it over.
public final class VideoFrame: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    /// Presentation time in seconds, when the stream says.
    public let time: Double?
    private var storage: UnsafeMutableRawPointer?

    init?(width: Int, height: Int, stride: Int, time: Double?, copying source: UnsafeRawPointer) {
        guard let storage = malloc(stride * height) else { return nil }
        memcpy(storage, source, stride * height)
        self.width = width
        self.height = height
        self.stride = stride
        self.time = time
        self.storage = storage
    }

    public var byteCount: Int { stride * height }

    /// Hands the bytes to the caller, who frees them with `free` (or `g_free`,
    /// e.g. through `g_bytes_new_take`). Nil once taken.
    public func takeBytes() -> UnsafeMutableRawPointer? {
        defer { storage = nil }
        return storage
    }

    /// The pixel at (x, y) as (red, green, blue); nil once the bytes are taken.
    public func rgb(x: Int, y: Int) -> (Int, Int, Int)? {
        guard let storage else { return nil }
        let pixel = storage.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
        return (Int(pixel[2]), Int(pixel[1]), Int(pixel[0]))
    }

    deinit { free(storage) }
}

/// Plays one clip for one card: `playbin` with its pictures scaled inside
/// GStreamer to fit the card (never decoded to screen at the clip's full
/// size) and handed over as `VideoFrame`s.
///
/// A new player prerolls paused: its first frame arrives without playing,
/// so the card beneath the top one already shows its picture and starts
/// the moment it is promoted (`play()`), with no state change to wait for.
///
/// Threading: methods may be called from any thread and never block on the
/// pipeline except `stop()`, which brings it to NULL. `onFrame` and
/// `onFailure` run on `queue` (the main queue in the app). Frames are
/// coalesced: while one is waiting for `queue`, a newer one replaces it.
/// A clip that shows no picture within `timeout` seconds fails with
/// `.timedOut` and its pipeline is freed.
public final class VideoPlayer: @unchecked Sendable {
    public let path: String
    /// Seconds from `play()` of a prerolled player to its next frame (the
    /// first one after the preroll frame already on screen).
    public var promoteLatency: Double? { locked { latency } }
    /// Whether a frame has arrived (the preroll frame first).
    public var hasFrame: Bool { locked { framesDelivered > 0 } }
    /// Frames that came out of the decoder, repeats included.
    var decodedFrames: Int { locked { framesDelivered } }

    private let pipeline: UnsafeMutablePointer<GstElement>
    private let fit: UnsafeMutablePointer<GstElement>?
    private let queue: DispatchQueue
    private let onFrame: @Sendable (VideoFrame) -> Void
    private let onFailure: @Sendable (MediaError) -> Void
    private let name: String
    private let loops: Bool
    private let lock = NSLock()
    private var stopped = false
    private var failed = false
    private var framesDelivered = 0
    private var pending: VideoFrame?
    private var lastTime: Double?
    private var lastLoop: UInt64 = 0
    private var promotedAt: UInt64?
    private var latency: Double?
    private var missingPlugin: MediaError?

    private static let control = DispatchQueue(label: "flick.media.player")

    public init(path: String, maxWidth: Int, maxHeight: Int, muted: Bool, loops: Bool = true,
                timeout: Double = ClipDiscovery.defaultTimeout, queue: DispatchQueue = .main,
                onFrame: @escaping @Sendable (VideoFrame) -> Void,
                onFailure: @escaping @Sendable (MediaError) -> Void) throws(MediaError) {
        GStreamer.initialize()
        self.path = path
        self.queue = queue
        self.onFrame = onFrame
        self.onFailure = onFailure
        self.loops = loops
        name = RawPath.display((path as NSString).lastPathComponent)
        try ClipDiscovery.precheck(path: path)
        guard let uri = g_filename_to_uri(RawPath.c(path), nil, nil) else {
            throw .unreadable(file: name, reason: "the name cannot be turned into a URI")
        }
        defer { g_free(uri) }
        guard let playbin = gst_element_factory_make("playbin", nil) else {
            throw .notAVideo(file: name, reason: "GStreamer’s playbin is missing (install gstreamer1.0-plugins-base)")
        }
        let width = max(2, maxWidth), height = max(2, maxHeight)
        var error: UnsafeMutablePointer<GError>?
        let description = "videoscale ! videoconvert ! capsfilter name=fit caps=\"\(Self.caps(width, height))\" ! "
            + "appsink name=sink max-buffers=2 drop=true enable-last-sample=false"
        guard let bin = gst_parse_bin_from_description(description, 1, &error), error == nil else {
            g_clear_error(&error)
            gst_object_unref(UnsafeMutableRawPointer(playbin))
            throw .notAVideo(file: name, reason: "GStreamer could not build a video sink")
        }
        pipeline = playbin
        fit = gst_bin_get_by_name(UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self), "fit")
        let raw = UnsafeMutableRawPointer(playbin)
        flick_gst_set_string(raw, "uri", uri)
        flick_gst_set_object(raw, "video-sink", UnsafeMutableRawPointer(bin))
        // video | audio | soft-volume | native-video | deinterlace: no subtitles, no visualisations.
        flick_gst_set_uint(raw, "flags", 0x1 | 0x2 | 0x10 | 0x40 | 0x200)
        flick_gst_set_bool(raw, "mute", muted ? 1 : 0)

        let relay = Unmanaged.passRetained(Relay(self)).toOpaque()
        if let sinkElement = gst_bin_get_by_name(UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self), "sink") {
            var callbacks = GstAppSinkCallbacks()
            callbacks.new_preroll = { sink, data in VideoPlayer.pull(sink, data, preroll: true) }
            callbacks.new_sample = { sink, data in VideoPlayer.pull(sink, data, preroll: false) }
            gst_app_sink_set_callbacks(UnsafeMutableRawPointer(sinkElement).assumingMemoryBound(to: GstAppSink.self), &callbacks, relay) { Relay.release($0) }
            gst_object_unref(UnsafeMutableRawPointer(sinkElement))
        } else {
            Relay.release(relay)
        }
        if let bus = gst_element_get_bus(playbin) {
            let busRelay = Unmanaged.passRetained(Relay(self)).toOpaque()
            // Every message is handled here, on the thread that posts it, and
            // dropped; a handler that drops a message owns it and unrefs it.
            gst_bus_set_sync_handler(bus, { _, message, data in
                guard let message else { return GST_BUS_DROP }
                if let data { VideoPlayer.handle(message, data) }
                gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self))
                return GST_BUS_DROP
            }, busRelay) { Relay.release($0) }
            gst_object_unref(UnsafeMutableRawPointer(bus))
        }
        Self.count(+1)
        gst_element_set_state(playbin, GST_STATE_PAUSED)
        Self.control.asyncAfter(deadline: .now() + timeout) { [weak self] in
            guard let self, !locked({ stopped || failed || framesDelivered > 0 }) else { return }
            fail(.timedOut(file: name))
        }
    }

    deinit {
        stop()
        if let fit { gst_object_unref(UnsafeMutableRawPointer(fit)) }
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    private static func caps(_ width: Int, _ height: Int) -> String {
        "video/x-raw,format=BGRA,width=[2,\(width)],height=[2,\(height)],pixel-aspect-ratio=1/1"
    }

    /// Scales later frames to fit a new card size (GStreamer renegotiates).
    public func fit(maxWidth: Int, maxHeight: Int) {
        guard let fit, !locked({ stopped }), let caps = gst_caps_from_string(Self.caps(max(2, maxWidth), max(2, maxHeight))) else { return }
        flick_gst_set_caps(UnsafeMutableRawPointer(fit), "caps", caps)
        gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self))
    }

    /// Plays (the top card); a prerolled player goes on with no wait.
    public func play() {
        lock.lock()
        guard !stopped else { lock.unlock(); return }
        if latency == nil && framesDelivered > 0 { promotedAt = DispatchTime.now().uptimeNanoseconds }
        lock.unlock()
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
    }

    public func pause() {
        guard !locked({ stopped }) else { return }
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
    }

    public func setMuted(_ muted: Bool) {
        guard !locked({ stopped }) else { return }
        flick_gst_set_bool(UnsafeMutableRawPointer(pipeline), "mute", muted ? 1 : 0)
    }

    /// Whether the pipeline's sound is off (playbin's own "mute").
    public var isMuted: Bool {
        flick_gst_get_bool(UnsafeMutableRawPointer(pipeline), "mute") != 0
    }

    /// The pipeline's current state, without waiting for a change in progress.
    public var isPlaying: Bool {
        var current = GST_STATE_NULL, pendingState = GST_STATE_NULL
        gst_element_get_state(pipeline, &current, &pendingState, 0)
        return current == GST_STATE_PLAYING
    }

    /// Brings the pipeline to NULL and frees its decoders; no callback runs
    /// after this returns. Idempotent.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        pending = nil
        lock.unlock()
        guard !wasStopped else { return }
        gst_element_set_state(pipeline, GST_STATE_NULL)
        Self.count(-1)
    }

    // MARK: - Pipelines alive

    private static let countLock = NSLock()
    nonisolated(unsafe) private static var live = 0
    nonisolated(unsafe) private static var mostLive = 0

    /// Pipelines above NULL in this process, and the most there ever were at once.
    public static var livePipelines: (now: Int, most: Int) {
        countLock.lock()
        defer { countLock.unlock() }
        return (live, mostLive)
    }

    private static func count(_ change: Int) {
        countLock.lock()
        live += change
        mostLive = max(mostLive, live)
        countLock.unlock()
    }

    // MARK: - Streaming-thread side

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Holds the player weakly for C callbacks, which outlive no pipeline.
    private final class Relay: @unchecked Sendable {
        weak var player: VideoPlayer?
        init(_ player: VideoPlayer) { self.player = player }
        static func player(_ data: UnsafeMutableRawPointer?) -> VideoPlayer? {
            guard let data else { return nil }
            return Unmanaged<Relay>.fromOpaque(data).takeUnretainedValue().player
        }
        static func release(_ data: UnsafeMutableRawPointer?) {
            guard let data else { return }
            Unmanaged<Relay>.fromOpaque(data).release()
        }
    }

    private static func pull(_ sink: UnsafeMutablePointer<GstAppSink>?, _ data: UnsafeMutableRawPointer?, preroll: Bool) -> GstFlowReturn {
        guard let sink else { return GST_FLOW_OK }
        let sample = preroll ? gst_app_sink_pull_preroll(sink) : gst_app_sink_pull_sample(sink)
        guard let sample else { return GST_FLOW_OK }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self)) }
        guard let player = Relay.player(data), let frame = frame(from: sample) else { return GST_FLOW_OK }
        player.deliver(frame)
        return GST_FLOW_OK
    }

    private static func frame(from sample: OpaquePointer) -> VideoFrame? {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else { return nil }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0 else { return nil }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &map) }
        let width = Int(info.width), height = Int(info.height), stride = Int(info.stride.0)
        guard width > 0, height > 0, map.size >= stride * height, let data = map.data else { return nil }
        let pts = buffer.pointee.pts
        let time = pts == flick_gst_clock_time_none() ? nil : Double(pts) / 1e9
        return VideoFrame(width: width, height: height, stride: stride, time: time, copying: data)
    }

    private func deliver(_ frame: VideoFrame) {
        lock.lock()
        guard !stopped else { lock.unlock(); return }
        framesDelivered += 1
        // Playing starts with the preroll frame again: it is already shown.
        let repeated = frame.time != nil && frame.time == lastTime
        lastTime = frame.time
        guard !repeated else { lock.unlock(); return }
        if let promotedAt, latency == nil, framesDelivered > 1 {
            latency = Double(DispatchTime.now().uptimeNanoseconds - promotedAt) / 1e9
        }
        let scheduled = pending != nil
        pending = frame
        lock.unlock()
        guard !scheduled else { return }
        queue.async { [self] in
            lock.lock()
            let frame = pending
            pending = nil
            lock.unlock()
            if let frame { onFrame(frame) }
        }
    }

    private static func handle(_ message: UnsafeMutablePointer<GstMessage>, _ data: UnsafeMutableRawPointer) {
        guard let player = Relay.player(data) else { return }
        switch flick_gst_message_type(message) {
        case GST_MESSAGE_EOS:
            guard player.loops, message.pointee.src == flick_gst_object(UnsafeMutableRawPointer(player.pipeline)) else { return }
            control.async {
                // A clip with one frame or none ends at once: it stays a still
                // instead of seeking back in a busy loop.
                let now = DispatchTime.now().uptimeNanoseconds
                let tooShort = player.locked { () -> Bool in
                    defer { player.lastLoop = now }
                    return player.stopped || now - player.lastLoop < 250_000_000
                }
                guard !tooShort else { return }
                gst_element_seek_simple(player.pipeline, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH, 0)
            }
        case GST_MESSAGE_ELEMENT:
            guard gst_is_missing_plugin_message(message) != 0 else { return }
            let what: String
            if let detail = gst_missing_plugin_message_get_installer_detail(message) {
                what = String(cString: detail)
                g_free(detail)
            } else {
                what = ""
            }
            let error = MissingPlugin.error(file: player.name, installerDetail: what)
            player.lock.lock()
            if player.missingPlugin == nil { player.missingPlugin = error }
            player.lock.unlock()
        case GST_MESSAGE_ERROR:
            var error: UnsafeMutablePointer<GError>?
            gst_message_parse_error(message, &error, nil)
            let text = error.map { String(cString: $0.pointee.message) } ?? "GStreamer could not play it"
            g_clear_error(&error)
            let missing = player.locked { player.missingPlugin }
            player.fail(missing ?? .notAVideo(file: player.name, reason: text.prefix(1).lowercased() + text.dropFirst()))
        default:
            break
        }
    }

    /// Frees the pipeline (off the streaming thread) and reports once.
    private func fail(_ error: MediaError) {
        lock.lock()
        let first = !failed && !stopped
        failed = true
        lock.unlock()
        guard first else { return }
        Self.control.async { [self] in
            stop()
            queue.async { [self] in onFailure(error) }
        }
    }
}

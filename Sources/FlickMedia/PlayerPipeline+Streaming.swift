import CGst
import Foundation
import GObjectKit

/// The callbacks GStreamer makes on its own threads. Each one holds a
/// retained reference to the `PlayerPipeline` (released by GStreamer when
/// the element, pad or bus that holds the callback is finalized, in
/// teardown). They never change the pipeline's state and never wait for
/// the player's queue: they post, or queue work on it.
extension PlayerPipeline {
    private static func retained(_ pipeline: PlayerPipeline) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(pipeline).toOpaque()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> PlayerPipeline? {
        guard let data else { return nil }
        return Unmanaged<PlayerPipeline>.fromOpaque(data).takeUnretainedValue()
    }

    private static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<PlayerPipeline>.fromOpaque(data).release()
    }

    /// Wires the appsink, the bus, the scaler's probe and the decoder check. On `queue`.
    func attachCallbacks(playbin: UnsafeMutablePointer<GstElement>, sink bin: UnsafeMutablePointer<GstBin>) {
        if let sinkElement = ObjectRef(taking: gst_bin_get_by_name(bin, "sink")) {
            var callbacks = GstAppSinkCallbacks()
            callbacks.new_preroll = { sink, data in PlayerPipeline.pull(sink, data, preroll: true) }
            callbacks.new_sample = { sink, data in PlayerPipeline.pull(sink, data, preroll: false) }
            gst_app_sink_set_callbacks(sinkElement.pointer.rawObject.assumingMemoryBound(to: GstAppSink.self),
                                       &callbacks, Self.retained(self), Self.release)
        }
        if let bus = ObjectRef(taking: gst_element_get_bus(playbin)) {
            // Every message is handled here, on the thread that posts it, and
            // dropped; a handler that drops a message owns it (and its owner releases it).
            gst_bus_set_sync_handler(bus.pointer, { _, message, data in
                guard let message = MessageRef(taking: message) else { return GST_BUS_DROP }
                PlayerPipeline.from(data)?.handle(message.pointer)
                return GST_BUS_DROP
            }, Self.retained(self), Self.release)
        }
        if let scale = ObjectRef(taking: gst_bin_get_by_name(bin, "scale")) {
            if let pad = ObjectRef(taking: gst_element_get_static_pad(scale.pointer, "sink")) {
                let mask = GstPadProbeType(GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
                gst_pad_add_probe(pad.pointer, mask, { _, info, data in
                    guard let info, let pipeline = PlayerPipeline.from(data) else { return GST_PAD_PROBE_OK }
                    if flick_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
                        pipeline.applyPendingFit()
                        return GST_PAD_PROBE_OK
                    }
                    return pipeline.refuseIfTooLarge(info)
                }, Self.retained(self), Self.release)
            }
        }
        let elementSetup: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?) -> Void = { _, element, data in
            guard let element, let pipeline = PlayerPipeline.from(data) else { return }
            pipeline.watchDecoder(element)
        }
        let closureNotify: GClosureNotify = { data, _ in PlayerPipeline.release(data) }
        g_signal_connect_data(UnsafeMutableRawPointer(playbin), "element-setup", unsafeBitCast(elementSetup, to: GCallback.self),
                              Self.retained(self), closureNotify, GConnectFlags(rawValue: 0))
    }

    // MARK: - Fitting and the size limit

    /// Applies a size asked for by `fit` to the capsfilter, between two
    /// buffers, on the streaming thread that carries them.
    ///
    /// Why here: changing the capsfilter from another thread while pictures
    /// flow lets the change land in the middle of a negotiation. The scaler
    /// has already sized the buffer in flight for the old caps; the new caps
    /// then reach videoconvert, which cannot scale, so it finds no format,
    /// and the stream stops with not-negotiated ("Internal data stream
    /// error"). Applied here, before the scaler sees the buffer, the scaler
    /// renegotiates first and every element downstream follows.
    private func applyPendingFit() {
        let change = locked { state -> (ObjectRef<UnsafeMutablePointer<GstElement>>, Size)? in
            guard let fitFilter = state.fitFilter, state.wantedSize != state.appliedSize else { return nil }
            state.appliedSize = state.wantedSize
            return (fitFilter, state.wantedSize)
        }
        guard let (filter, size) = change, let caps = CapsRef(taking: gst_caps_from_string(size.caps)) else { return }
        flick_gst_set_caps(filter.pointer.rawObject, "caps", caps.pointer)
    }

    /// A decoder's input caps are checked before it is configured, so a
    /// clip over `DecodeLimit` is refused before any picture is decoded.
    private func watchDecoder(_ element: UnsafeMutablePointer<GstElement>) {
        guard let factory = gst_element_get_factory(element), flick_gst_is_video_decoder(factory) != 0,
              let pad = ObjectRef(taking: gst_element_get_static_pad(element, "sink")) else { return }
        DecodeLimit.limitThreads(of: element)
        gst_pad_add_probe(pad.pointer, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { _, info, data in
            guard let info, let pipeline = PlayerPipeline.from(data) else { return GST_PAD_PROBE_OK }
            return pipeline.refuseIfTooLarge(info)
        }, Self.retained(self), Self.release)
    }

    /// Drops caps over `DecodeLimit` (the stream then stops) and fails with `.tooLarge`.
    private func refuseIfTooLarge(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        guard let event = gst_pad_probe_info_get_event(info), flick_gst_event_type(event) == GST_EVENT_CAPS else { return GST_PAD_PROBE_OK }
        var caps: UnsafeMutablePointer<GstCaps>?
        gst_event_parse_caps(event, &caps)
        guard let caps, let size = DecodeLimit.refusedSize(caps) else { return GST_PAD_PROBE_OK }
        fail(.tooLarge(file: name, width: size.width, height: size.height))
        return GST_PAD_PROBE_DROP
    }

    // MARK: - Frames

    private static func pull(_ sink: UnsafeMutablePointer<GstAppSink>?, _ data: UnsafeMutableRawPointer?, preroll: Bool) -> GstFlowReturn {
        guard let sink else { return GST_FLOW_OK }
        guard let pulled = SampleRef(taking: preroll ? gst_app_sink_pull_preroll(sink) : gst_app_sink_pull_sample(sink)) else {
            return GST_FLOW_OK
        }
        let sample = pulled.pointer
        guard let pipeline = from(data), !pipeline.locked({ $0.closed }), let frame = frame(from: sample) else { return GST_FLOW_OK }
        if preroll, let buffer = gst_sample_get_buffer(sample) {
            let duration = buffer.pointee.duration
            pipeline.locked { $0.pausedFrameDuration = duration == flick_gst_clock_time_none() ? nil : duration }
        }
        pipeline.deliver(frame)
        return GST_FLOW_OK
    }

    private static func frame(from sample: OpaquePointer) -> VideoFrame? {
        guard let buffer = gst_sample_get_buffer(sample) else { return nil }
        let pts = buffer.pointee.pts
        return VideoFrame(sample: sample, time: pts == flick_gst_clock_time_none() ? nil : Double(pts) / 1e9)
    }

    private func deliver(_ frame: VideoFrame) {
        let time = frame.time, now = DispatchTime.now().uptimeNanoseconds
        let post = locked { state -> Bool in
            guard !state.closed else { return false }
            state.framesDelivered += 1
            // Playing starts with the preroll frame again: it is already shown.
            let repeated = time != nil && time == state.lastTime
            state.lastTime = time
            guard !repeated else { return false }
            if let promotedAt = state.promotedAt, state.latency == nil, state.framesDelivered > 1 {
                state.latency = Double(now - promotedAt) / 1e9
            }
            return true
        }
        if post { outbox.post(frame) }
    }

    // MARK: - Bus

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch flick_gst_message_type(message) {
        case GST_MESSAGE_STATE_CHANGED:
            guard Self.isTopLevel(message) else { return }
            var old = GST_STATE_NULL, new = GST_STATE_NULL, pending = GST_STATE_NULL
            gst_message_parse_state_changed(message, &old, &new, &pending)
            locked { $0.state = new }
            if new == GST_STATE_PAUSED && old == GST_STATE_READY { prerolled() }
            // The app hears where the clip is at every change, and often while it plays.
            if new == GST_STATE_PLAYING {
                queue.async { [self] in startTicker() }
            } else if old == GST_STATE_PLAYING || new == GST_STATE_PAUSED {
                queue.async { [self] in stopTicker() }
            }
        case GST_MESSAGE_ASYNC_DONE:
            // A seek (or the rate) landed.
            queue.async { [self] in publishTiming(landed: true) }
        case GST_MESSAGE_DURATION_CHANGED:
            queue.async { [self] in publishTiming() }
        case GST_MESSAGE_EOS:
            guard Self.isTopLevel(message) else { return }
            ended()
        case GST_MESSAGE_ELEMENT:
            guard gst_is_missing_plugin_message(message) != 0 else { return }
            var what = ""
            if let detail = gst_missing_plugin_message_get_installer_detail(message) {
                what = String(cString: detail)
                g_free(detail)
            }
            let error = MissingPlugin.error(file: name, installerDetail: what)
            locked { if $0.missingPlugin == nil { $0.missingPlugin = error } }
        case GST_MESSAGE_ERROR:
            var error: UnsafeMutablePointer<GError>?
            gst_message_parse_error(message, &error, nil)
            let text = error.map { String(cString: $0.pointee.message) }
            g_clear_error(&error)
            let missing = locked { $0.missingPlugin }
            let failure = missing ?? .notAVideo(file: name, reason: text.map { .gstreamer($0.prefix(1).lowercased() + $0.dropFirst()) } ?? .cannotPlay)
            // An error after the clip played some of its length is where it stops.
            if missing == nil, locked({ $0.framesDelivered > 0 }) { ended(failure: failure) } else { fail(failure) }
        default:
            break
        }
    }

    /// Whether the message comes from the playbin itself (the only element with no parent).
    private static func isTopLevel(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
        guard let source = message.pointee.src else { return false }
        return ObjectRef(taking: gst_object_get_parent(source)) == nil
    }
}

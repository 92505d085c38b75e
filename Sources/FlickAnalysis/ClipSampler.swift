import CGst
import FlickCore
import FlickMedia
import Foundation
import GObjectKit

/// A clip's frames at a steady rate, small and grey, for its fingerprint,
/// and a few larger ones for its blur, all from one decode from the start
/// by GStreamer: `rate` frames a second kept (videorate, before anything
/// else is done to them), shrunk to `side` × `side` (and one in
/// `largeEvery` to fit `box` × `box`), made grey and turned upright inside
/// the pipeline, never copied at full size.
///
/// Threading: blocks the caller until the clip (or its first `maxSeconds`)
/// is read; run it off the main thread. Each call builds its own pipeline.
enum ClipSampler {
    /// How long one frame may take to come out, in seconds.
    static let pullTimeout = 10.0
    /// How often the bus is looked at for an error while waiting, in seconds.
    static let pollInterval = 0.05

    /// What one clip's decode gives: `frames`, one `side` × `side` picture
    /// every 1/`rate` s from the start; `large`, every `largeEvery`-th of
    /// them as it came out (fitting `box`, never larger than the clip);
    /// the clip's whole duration in seconds as GstDiscoverer reads it (nil
    /// when the file does not say).
    struct Samples {
        var frames: [GreyImage]
        var large: [GreyImage]
        var duration: Double?
    }

    static func samples(path: String, rate: Int, side: Int, box: Int, largeEvery: Int, maxSeconds: Double,
                        cancelled: () -> Bool) throws(MediaError) -> Samples {
        GStreamer.initialize()
        let name = RawPath.display((path as NSString).lastPathComponent)
        // A regular file only: a FIFO would block the decoder for ever.
        do { _ = try FileBytes(path: path) } catch { throw .unreadable(file: name, reason: .file(error)) }
        // Too large to decode safely: refused before decoding, as for a poster.
        let info = try ClipDiscovery.discover(path: path, timeout: ClipDiscovery.defaultTimeout)
        guard info.hasVideo else { throw info.isSoundOnly ? .noPicture(file: name) : .notAVideo(file: name, reason: .noPictureStream) }
        if let width = info.storedWidth, let height = info.storedHeight, DecodeLimit.refuses(width: width, height: height) {
            throw .tooLarge(file: name, width: width, height: height)
        }
        let fit = GreyImage.fitting(width: info.storedWidth ?? box, height: info.storedHeight ?? box, box: box)
        let width = max(side, fit.width), height = max(side, fit.height)
        // One decode, two branches after videorate: every sampled frame
        // shrunk to the print's square (a square turns into itself), and one
        // in `largeEvery` to the box, for blur. Each shrinks first, in the
        // decoder's own format: only small pictures are converted and
        // turned, never a whole 1080p frame copied. The sinks do not wait
        // to preroll: one streaming thread feeds both.
        let largeRate = "\(rate)/\(largeEvery)"
        let description = "uridecodebin name=src ! videorate ! video/x-raw,framerate=\(rate)/1 ! tee name=split "
            + "split. ! videoscale add-borders=false ! video/x-raw,width=\(side),height=\(side) ! videoconvert ! "
            + "videoflip video-direction=auto ! video/x-raw,format=GRAY8,width=\(side),height=\(side) ! "
            + "appsink name=sink sync=false async=false max-buffers=8 "
            + "split. ! videorate drop-only=true ! video/x-raw,framerate=\(largeRate) ! "
            + "videoscale add-borders=false ! video/x-raw,width=\(width),height=\(height) ! videoconvert ! "
            + "videoflip video-direction=auto ! video/x-raw,format=GRAY8 ! appsink name=large sync=false async=false max-buffers=8"
        return try FileDecoder.run(description, path: path, name: name) { pipeline, sink throws(MediaError) -> Samples in
            g_signal_connect_data(UnsafeMutableRawPointer(pipeline), "deep-element-added", unsafeBitCast(elementAdded, to: GCallback.self),
                                  nil, nil, GConnectFlags(rawValue: 0))
            gst_element_set_state(pipeline, GST_STATE_PLAYING)
            guard let bus = ObjectRef(taking: gst_element_get_bus(pipeline)),
                  let largeSink = ObjectRef(taking: gst_bin_get_by_name(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self), "large"))
            else { throw .notAVideo(file: name, reason: .noDecoder) }
            let large = largeSink.pointer.rawObject.assumingMemoryBound(to: GstAppSink.self)
            var samples = Samples(frames: [], large: [], duration: info.duration)
            var waited = 0.0
            while !cancelled() {
                // The larger frames come out as the small ones do: taken as they are there, never waited for.
                while let frame = pullLarge(large, maxSeconds: maxSeconds, wait: 0) { samples.large.append(frame) }
                guard let pulled = SampleRef(taking: gst_app_sink_try_pull_sample(sink, GstClockTime(pollInterval * 1e9))) else {
                    // Nothing yet: the end, an error (a file GStreamer cannot
                    // read fails at once, not after the timeout), or wait on.
                    if gst_app_sink_is_eos(sink) != 0 { break }
                    if let message = MessageRef(taking: gst_bus_pop_filtered(bus.pointer, GST_MESSAGE_ERROR)) {
                        if !samples.frames.isEmpty { break }  // a damaged tail: the frames before it still count
                        throw failure(message.pointer, name: name)
                    }
                    waited += pollInterval
                    if waited >= pullTimeout { if samples.frames.isEmpty { throw .timedOut(file: name) } else { break } }
                    continue
                }
                waited = 0
                let sample = pulled.pointer
                var video = GstVideoInfo()
                guard let buffer = gst_sample_get_buffer(sample), let caps = gst_sample_get_caps(sample),
                      gst_video_info_from_caps(&video, caps) != 0 else { continue }
                let time = buffer.pointee.pts == flick_gst_clock_time_none() ? Double(samples.frames.count) / Double(rate) : Double(buffer.pointee.pts) / 1e9
                if time > maxSeconds { break }
                var map = GstMapInfo()
                guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { continue }
                defer { gst_buffer_unmap(buffer, &map) }
                let frameWidth = Int(video.width), frameHeight = Int(video.height), stride = Int(video.stride.0)
                guard frameWidth > 0, frameHeight > 0, map.size >= stride * frameHeight, let data = map.data else { continue }
                samples.frames.append(GreyImage(grey: UnsafeRawBufferPointer(start: data, count: stride * frameHeight), width: frameWidth,
                                                height: frameHeight, stride: stride, bytesPerPixel: 1, channel: nil, side: side))
            }
            // The last larger frames, once every small one is in.
            if !cancelled() && gst_app_sink_is_eos(sink) != 0 {
                while let frame = pullLarge(large, maxSeconds: maxSeconds, wait: pollInterval) { samples.large.append(frame) }
            }
            if samples.frames.isEmpty && !cancelled() { throw .notAVideo(file: name, reason: .noPictureCameOut) }
            return samples
        }
    }

    /// A larger frame from `sink` if one comes within `wait` seconds (and
    /// is not after `maxSeconds`), at the size it came out.
    private static func pullLarge(_ sink: UnsafeMutablePointer<GstAppSink>, maxSeconds: Double, wait: Double) -> GreyImage? {
        guard let pulled = SampleRef(taking: gst_app_sink_try_pull_sample(sink, GstClockTime(wait * 1e9))) else { return nil }
        var video = GstVideoInfo()
        guard let buffer = gst_sample_get_buffer(pulled.pointer), let caps = gst_sample_get_caps(pulled.pointer),
              gst_video_info_from_caps(&video, caps) != 0,
              buffer.pointee.pts == flick_gst_clock_time_none() || Double(buffer.pointee.pts) / 1e9 <= maxSeconds else { return nil }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &map) }
        let width = Int(video.width), height = Int(video.height), stride = Int(video.stride.0)
        guard width > 0, height > 0, map.size >= stride * height, let data = map.data else { return nil }
        return GreyImage(grey: UnsafeRawBufferPointer(start: data, count: stride * height), width: width, height: height, stride: stride,
                         bytesPerPixel: 1, channel: nil, toWidth: width, toHeight: height)
    }

    /// A decoder added to the pipeline runs one thread: the analysis
    /// already runs a clip on each core, and a decoder's frame threads
    /// would only add their hand-overs (and a full-size picture each).
    private static let elementAdded: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<GstElement>?,
                                                     UnsafeMutableRawPointer?) -> Void = { _, _, element, _ in
        guard let element else { return }
        let object = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self)
        let objectClass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class).assumingMemoryBound(to: GObjectClass.self)
        guard let property = g_object_class_find_property(objectClass, "max-threads"), property.pointee.value_type == flick_gst_type_int() else { return }
        var one = GValue()
        g_value_init(&one, flick_gst_type_int())
        g_value_set_int(&one, 1)
        g_object_set_property(object, "max-threads", &one)
        g_value_unset(&one)
    }

    /// GStreamer's error message as the reason.
    private static func failure(_ message: UnsafeMutablePointer<GstMessage>, name: String) -> MediaError {
        var error: UnsafeMutablePointer<GError>?
        gst_message_parse_error(message, &error, nil)
        defer { g_clear_error(&error) }
        let text = error.map { String(cString: $0.pointee.message) } ?? ""
        return .notAVideo(file: name, reason: text.isEmpty ? .cannotRead : .gstreamer(text))
    }
}

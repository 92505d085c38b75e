import CGst
import FlickCore
import Foundation
import GObjectKit

/// Running one stitching pipeline: sources pointed at the clips, a marked
/// partial file as the sink, the bus polled to EOS, an error, a cancel or
/// a stall. See `Stitcher` for the threading contract.
extension Stitcher {
    /// Builds the pipeline, points its sources at the clips (properties, not
    /// text, so any file name works), and runs it to EOS.
    static func execute(_ description: String, clips: [Clip], destination: String, replace: Bool, total: Double,
                        stallTimeout: Double, progress: (Double) -> Void, isCancelled: () -> Bool) throws(StitchError) {
        Log.debug("pipeline: \(description)", category: "stitch")
        var error: UnsafeMutablePointer<GError>?
        let built = ObjectRef(taking: gst_parse_launch(description, &error))
        guard let owner = built, error == nil else {
            defer { g_clear_error(&error) }
            throw .notBuilt(detail: error.map { String(cString: $0.pointee.message) })
        }
        let pipeline = owner.pointer
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        let directory = (destination as NSString).deletingLastPathComponent
        PartialFile.removeStale(in: directory.isEmpty ? "." : directory)
        // Created (and marked as Flick's) here; the filesink writes into it.
        let partial: String
        switch PartialFile.create(in: directory) {
        case .success(let created):
            partial = created.path
            close(created.fd)
        case .failure(let error):
            throw .cannotWrite(destination: destination, errno: error.code)
        }
        set(bin, "sink", "location", RawPath.c(partial))
        for (index, clip) in clips.enumerated() {
            if description.contains("filesrc name=src\(index) ") {
                set(bin, "src\(index)", "location", RawPath.c(clip.path))
            } else if let uri = g_filename_to_uri(RawPath.c(clip.path), nil, nil) {
                set(bin, "src\(index)", "uri", Array(UnsafeBufferPointer(start: uri, count: strlen(uri) + 1)))
                g_free(uri)
            }
        }
        var finished = false
        defer {
            gst_element_set_state(owner.pointer, GST_STATE_NULL)
            if !finished { PartialFile.discard(partial) }
        }
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw .notStarted
        }
        guard let bus = ObjectRef(taking: gst_element_get_bus(pipeline)) else { throw .notWatched }
        let mask = GstMessageType(GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_EOS.rawValue)
        var lastPosition: gint64 = -1
        var lastMove = DispatchTime.now().uptimeNanoseconds
        while true {
            if isCancelled() { throw .cancelled }
            if let message = MessageRef(taking: gst_bus_timed_pop_filtered(bus.pointer, 100_000_000, mask)) {
                if flick_gst_message_type(message.pointer) == GST_MESSAGE_EOS { break }
                throw failure(message.pointer, clips: clips)
            }
            var position: gint64 = -1
            if gst_element_query_position(pipeline, GST_FORMAT_TIME, &position) != 0, total > 0 {
                progress(min(Double(position) / 1e9 / total, 1))
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if position != lastPosition {
                lastPosition = position
                lastMove = now
            } else if Double(now - lastMove) / 1e9 >= stallTimeout {
                throw stall(clip: activeClip(bin) ?? clipIndex(at: Double(max(position, 0)) / 1e9, clips: clips),
                            clips: clips, after: stallTimeout)
            }
        }
        gst_element_set_state(pipeline, GST_STATE_NULL)
        let code = PartialFile.commit(partial, to: destination, replace: replace)
        guard code == 0 else {
            throw .cannotWrite(destination: destination, errno: code)
        }
        finished = true
        progress(1)
    }

    /// Sets a string property to `value`, a NUL-terminated C string (raw
    /// path bytes, which need not be UTF-8).
    private static func set(_ bin: UnsafeMutablePointer<GstBin>, _ element: String, _ property: String, _ value: [CChar]) {
        guard let object = ObjectRef(taking: gst_bin_get_by_name(bin, element)) else { return }
        var gvalue = GValue()
        g_value_init(&gvalue, flick_gst_type_string())
        g_value_set_string(&gvalue, value)
        g_object_set_property(object.pointer.cast(to: GObject.self), property, &gvalue)
        g_value_unset(&gvalue)
    }

    /// A stall, in the clip the stuck pipeline was on when it is known.
    static func stall(clip index: Int?, clips: [Clip], after timeout: Double) -> StitchError {
        .stalled(clip: index.flatMap { clips.indices.contains($0) ? clips[$0].path : nil }, seconds: Int(timeout))
    }

    /// The clip whose picture the video `concat` waits for: its active
    /// pad `sink_N` is clip N (the pads are requested in clip order).
    private static func activeClip(_ bin: UnsafeMutablePointer<GstBin>) -> Int? {
        guard let concat = ObjectRef(taking: gst_bin_get_by_name(bin, "v")),
              let pad = ObjectRef(taking: flick_gst_get_object(concat.pointer.rawObject, "active-pad")),
              let name = pad.pointer.assumingMemoryBound(to: GstObject.self).pointee.name else { return nil }
        let text = String(cString: name)
        return text.hasPrefix("sink_") ? Int(text.dropFirst(5)) : nil
    }

    /// The first clip not yet done `seconds` into the video.
    private static func clipIndex(at seconds: Double, clips: [Clip]) -> Int? {
        var end = 0.0
        return clips.firstIndex { clip in
            end += clip.info.duration ?? 0
            return end > seconds + 0.05
        } ?? (clips.isEmpty ? nil : clips.count - 1)
    }

    /// GStreamer's error, naming the clip when it came from that clip's source.
    private static func failure(_ message: UnsafeMutablePointer<GstMessage>, clips: [Clip]) -> StitchError {
        var error: UnsafeMutablePointer<GError>?
        gst_message_parse_error(message, &error, nil)
        defer { g_clear_error(&error) }
        let text = error.map { String(cString: $0.pointee.message) }
        var object = message.pointee.src
        while let current = object {
            let name = String(cString: current.pointee.name)
            let digits = name.drop { !$0.isNumber }
            if ["src", "d"].contains(String(name.prefix(name.count - digits.count))), let index = Int(digits), clips.indices.contains(index) {
                return .failed(clip: clips[index].path, detail: text)
            }
            object = current.pointee.parent
        }
        return .failed(clip: nil, detail: text)
    }
}

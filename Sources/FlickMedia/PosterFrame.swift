import CGst
import FlickCore
import Foundation
import GObjectKit

/// A decoded still: BGRA bytes, 4 per pixel, opaque (so premultiplied alike).
public struct RawFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let bytes: Data

    public init(width: Int, height: Int, stride: Int, bytes: Data) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    /// The pixel at (x, y) as (red, green, blue).
    public func rgb(x: Int, y: Int) -> (Int, Int, Int) {
        let offset = y * stride + x * 4
        return (Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]))
    }
}

/// Poster frames for cards that are not playing: one frame at about 10 % of
/// the clip (the first frame for clips under a second), decoded and scaled
/// inside GStreamer to fit `maxSize`, never at the clip's full size, as it
/// is shown: upright (the stream's orientation tag) and in square pixels.
///
/// Threading: `render` blocks the caller up to `timeout`; run it off the
/// main thread. Each call builds and tears down its own pipeline.
public enum PosterFrame {
    /// Where in the clip the poster comes from (fraction of the duration).
    public static let position = 0.1

    public static func render(path: String, maxSize: Int, timeout: Double = ClipDiscovery.defaultTimeout) throws(MediaError) -> RawFrame {
        let info = try ClipDiscovery.discover(path: path, timeout: timeout)
        let name = RawPath.display((path as NSString).lastPathComponent)
        guard let width = info.width, let height = info.height, width > 0, height > 0 else {
            throw info.isSoundOnly ? .noPicture(file: name) : .notAVideo(file: name, reason: .noPictureStream)
        }
        if let stored = info.storedWidth, let storedHeight = info.storedHeight, DecodeLimit.refuses(width: stored, height: storedHeight) {
            throw .tooLarge(file: name, width: stored, height: storedHeight)
        }
        // The picture as it is shown: turned by the stream's orientation
        // tag, square pixels, fitted inside maxSize (videoscale keeps the
        // shown aspect within the ranges). The turn comes before the scaler,
        // which then renegotiates freely when the tag arrives.
        let side = max(2, min(maxSize, max(width, height)))
        let description = "uridecodebin name=src ! videoconvert ! videoflip video-direction=auto ! videoscale ! "
            + "video/x-raw,format=BGRA,width=[2,\(side)],height=[2,\(side)],pixel-aspect-ratio=1/1 ! appsink name=sink sync=false max-buffers=1"
        return try FileDecoder.run(description, path: path, name: name) { pipeline, sink throws(MediaError) -> RawFrame in
            let nanoseconds = GstClockTime(timeout * 1e9)
            gst_element_set_state(pipeline, GST_STATE_PAUSED)
            guard gst_element_get_state(pipeline, nil, nil, nanoseconds) == GST_STATE_CHANGE_SUCCESS else {
                throw .timedOut(file: name)
            }
            if let duration = info.duration, duration >= 1 {
                let target = gint64(duration * position * 1e9)
                let flags = GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_KEY_UNIT.rawValue)
                if gst_element_seek_simple(pipeline, GST_FORMAT_TIME, flags, target) != 0 {
                    _ = gst_element_get_state(pipeline, nil, nil, nanoseconds)
                }
            }
            guard let pulled = SampleRef(taking: gst_app_sink_try_pull_preroll(sink, nanoseconds)) else {
                throw .timedOut(file: name)
            }
            let sample = pulled.pointer
            var video = GstVideoInfo()
            guard let buffer = gst_sample_get_buffer(sample), let caps = gst_sample_get_caps(sample),
                  gst_video_info_from_caps(&video, caps) != 0 else { throw .notAVideo(file: name, reason: .noPictureCameOut) }
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { throw .notAVideo(file: name, reason: .noPictureCameOut) }
            defer { gst_buffer_unmap(buffer, &map) }
            let outWidth = Int(video.width), outHeight = Int(video.height), stride = Int(video.stride.0)
            guard outWidth > 0, outHeight > 0, stride >= outWidth * 4, map.size >= stride * outHeight, let data = map.data else {
                throw .notAVideo(file: name, reason: .pictureCutShort)
            }
            return RawFrame(width: outWidth, height: outHeight, stride: stride, bytes: Data(bytes: data, count: stride * outHeight))
        }
    }
}

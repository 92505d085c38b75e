import CGst
import Foundation
import GObjectKit

/// The order of a frame's four bytes a pixel in memory.
public enum PixelOrder: String, Sendable {
    /// B G R A: cairo's own (its RGB24 and ARGB32 on a little-endian machine).
    case bgra = "BGRA"
    /// R G B A: what GL uploads as it is.
    case rgba = "RGBA"
}

/// One decoded video frame: 4 bytes a pixel in `order`, opaque (so
/// premultiplied alike), in memory the frame holds until `takeStorage()`
/// hands it over.
public final class VideoFrame: @unchecked Sendable {
    public let order: PixelOrder
    public let width: Int
    public let height: Int
    public let stride: Int
    /// Presentation time in seconds, when the stream says.
    public let time: Double?
    private var storage: FrameStorage?

    init(order: PixelOrder = .bgra, width: Int, height: Int, stride: Int, time: Double?, storage: FrameStorage) {
        self.order = order
        self.width = width
        self.height = height
        self.stride = stride
        self.time = time
        self.storage = storage
    }

    /// The frame of `sample` without a copy: its buffer stays mapped and
    /// referenced as long as the storage lives.
    convenience init?(sample: OpaquePointer, time: Double?) {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else { return nil }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0 else { return nil }
        let width = Int(info.width), height = Int(info.height), stride = Int(info.stride.0)
        guard let storage = FrameStorage(buffer: buffer), width > 0, height > 0, stride >= width * 4,
              storage.size >= stride * height else { return nil }
        let order: PixelOrder = info.finfo?.pointee.format == GST_VIDEO_FORMAT_RGBA ? .rgba : .bgra
        self.init(order: order, width: width, height: height, stride: stride, time: time, storage: storage)
    }

    public var byteCount: Int { stride * height }

    /// Hands the pixels to the caller, who keeps the storage as long as it
    /// reads them. Nil once taken.
    public func takeStorage() -> FrameStorage? {
        defer { storage = nil }
        return storage
    }

    /// Hands a malloc'd copy of the pixels to the caller, who frees it with
    /// `free` (or `g_free`, e.g. through `g_bytes_new_take`). Nil once taken.
    public func takeBytes() -> UnsafeMutableRawPointer? {
        guard let storage = takeStorage(), let copy = malloc(byteCount) else { return nil }
        memcpy(copy, storage.bytes, byteCount)
        return copy
    }

    /// The pixel at (x, y) as (red, green, blue); nil once the pixels are taken.
    public func rgb(x: Int, y: Int) -> (Int, Int, Int)? {
        guard let storage else { return nil }
        let pixel = storage.bytes.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
        return order == .rgba ? (Int(pixel[0]), Int(pixel[1]), Int(pixel[2])) : (Int(pixel[2]), Int(pixel[1]), Int(pixel[0]))
    }
}

/// The memory a frame's pixels live in: a decoded sample's buffer, mapped
/// for reading, with a reference to the buffer (not the sample: appsink
/// reuses its sample object and must find it writable when a loop or seek
/// flushes), as long as this lives; unmapped and released on deinit (any
/// thread).
public final class FrameStorage: @unchecked Sendable {
    /// Released after `deinit` has unmapped it.
    private let buffer: BufferRef
    private var map = GstMapInfo()
    public let bytes: UnsafeMutableRawPointer
    let size: Int

    init?(buffer: UnsafeMutablePointer<GstBuffer>) {
        self.buffer = BufferRef(retaining: buffer)
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        guard let data = map.data else {
            gst_buffer_unmap(buffer, &map)
            return nil
        }
        bytes = UnsafeMutableRawPointer(data)
        size = Int(map.size)
    }

    deinit {
        gst_buffer_unmap(buffer.pointer, &map)
    }
}

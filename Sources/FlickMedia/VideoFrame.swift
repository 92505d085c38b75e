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

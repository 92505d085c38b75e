import CGtk
import FlickCore
import FlickMedia
import Foundation

/// A still shrunk to a tile: RGBA bytes, made off the main thread (box
/// filtered from a poster frame, or loaded at size from a photo), turned
/// into a texture on it. Small textures keep the software renderer's
/// per-frame conversion cheap while the grid scrolls.
struct TileImage: Sendable {
    let width: Int
    let height: Int
    let bytes: Data

    /// Fits `frame` (BGRA) inside the tile's poster box.
    init(fitting frame: RawFrame) {
        let scale = min(1, Double(OverviewTile.posterWidth) / Double(frame.width), Double(OverviewTile.posterHeight) / Double(frame.height))
        let width = max(1, Int(Double(frame.width) * scale)), height = max(1, Int(Double(frame.height) * scale))
        var out = Data(count: width * height * 4)
        frame.bytes.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            out.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
                for y in 0..<height {
                    let y0 = y * frame.height / height, y1 = max(y0 + 1, (y + 1) * frame.height / height)
                    for x in 0..<width {
                        let x0 = x * frame.width / width, x1 = max(x0 + 1, (x + 1) * frame.width / width)
                        var sum = (0, 0, 0), n = 0
                        for sy in y0..<y1 {
                            for sx in x0..<x1 {
                                let offset = sy * frame.stride + sx * 4
                                sum.0 += Int(source[offset + 2]); sum.1 += Int(source[offset + 1]); sum.2 += Int(source[offset])
                                n += 1
                            }
                        }
                        let to = (y * width + x) * 4
                        target[to] = UInt8(sum.0 / n); target[to + 1] = UInt8(sum.1 / n); target[to + 2] = UInt8(sum.2 / n)
                        target[to + 3] = 255
                    }
                }
            }
        }
        self.width = width
        self.height = height
        bytes = out
    }

    private init(width: Int, height: Int, bytes: Data) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A photo loaded at the tile's size (never at full size).
    static func photo(path: String) -> TileImage? {
        guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(RawPath.c(path), Int32(OverviewTile.posterWidth),
                                                               Int32(OverviewTile.posterHeight), 1, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard channels >= 3, let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        var out = Data(count: width * height * 4)
        out.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
            for y in 0..<height {
                for x in 0..<width {
                    let from = y * stride + x * channels, to = (y * width + x) * 4
                    target[to] = pixels[from]; target[to + 1] = pixels[from + 1]; target[to + 2] = pixels[from + 2]
                    target[to + 3] = channels == 4 ? pixels[from + 3] : 255
                }
            }
        }
        return TileImage(width: width, height: height, bytes: out)
    }

    /// A texture of the image (main thread); the caller owns the reference.
    @MainActor
    func texture() -> OpaquePointer? {
        let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(gbytes) }
        guard let texture = gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, gbytes, gsize(width * 4)) else { return nil }
        return texture.opaque
    }
}

import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// Stills shrunk to a tile's poster box, made off the main thread (box
/// filtered from a poster frame, or loaded at size from a photo) as cairo
/// image surfaces: the tile draws one as it is, with no per-render
/// conversion (as a `GdkMemoryTexture` would have in GTK 4.8's cairo
/// renderer) and, at the box's size, no scaling either. (The Apply list's
/// GtkPictures take a texture made from one: `ImageSurface.texture()`.)
enum TileSurface {
    /// The size of `width`×`height` fitted inside `box` (never larger than
    /// the box, whole pixels, at least 1×1).
    static func fit(width: Int, height: Int, in box: TileBox) -> (width: Int, height: Int) {
        let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        return (max(1, min(box.width, Int((Double(width) * scale).rounded()))),
                max(1, min(box.height, Int((Double(height) * scale).rounded()))))
    }

    /// `frame` (B G R x) fitted inside `box`, box filtered, opaque.
    static func fitting(_ frame: RawFrame, in box: TileBox) -> ImageSurface? {
        let (width, height) = fit(width: frame.width, height: frame.height, in: box)
        let stride = width * 4
        guard let out = malloc(stride * height)?.assumingMemoryBound(to: UInt8.self) else { return nil }
        frame.bytes.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            for y in 0..<height {
                let y0 = y * frame.height / height, y1 = max(y0 + 1, (y + 1) * frame.height / height)
                for x in 0..<width {
                    let x0 = x * frame.width / width, x1 = max(x0 + 1, (x + 1) * frame.width / width)
                    var sum = (0, 0, 0), n = 0
                    for sy in y0..<y1 {
                        for sx in x0..<x1 {
                            let offset = sy * frame.stride + sx * 4
                            sum.0 += Int(source[offset]); sum.1 += Int(source[offset + 1]); sum.2 += Int(source[offset + 2])
                            n += 1
                        }
                    }
                    let to = y * stride + x * 4
                    out[to] = UInt8(sum.0 / n); out[to + 1] = UInt8(sum.1 / n); out[to + 2] = UInt8(sum.2 / n); out[to + 3] = 255
                }
            }
        }
        return ImageSurface(adopting: out, width: width, height: height, stride: stride, opaque: true)
    }

    /// A photo, upright, loaded at the box's size (never at full size).
    static func photo(path: String, in box: TileBox) -> ImageSurface? {
        PhotoFile.load(path: path, fitting: (box.width, box.height), enlarge: true)
    }
}

/// A tile's poster box in pixels (what the grid gives the picture).
struct TileBox: Sendable, Equatable {
    var width: Int
    var height: Int
}

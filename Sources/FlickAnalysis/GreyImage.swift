import FlickCore
import FlickMedia

/// A small grey picture (luma, 0–255 as `Float`), row by row: what every
/// fingerprint is computed from. Made by averaging whole areas of a larger
/// picture, so the result barely depends on the size it came from.
struct GreyImage: Equatable, Sendable {
    let width: Int
    let height: Int
    var pixels: [Float]

    init(width: Int, height: Int, pixels: [Float]) {
        precondition(pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// `source` (grey bytes, `stride` bytes a row) averaged down to
    /// `side` × `side` (the picture is stretched: every copy of it is
    /// stretched alike).
    init(grey source: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, bytesPerPixel: Int, channel: (Int, Int, Int)?, side: Int) {
        var sums = [Float](repeating: 0, count: side * side)
        var counts = [Float](repeating: 0, count: side * side)
        for y in 0..<height {
            let row = y * side / height
            for x in 0..<width {
                let offset = y * stride + x * bytesPerPixel
                let value: Float
                if let (r, g, b) = channel {
                    // Rec. 601 luma, as JPEG's own Y.
                    value = 0.299 * Float(source[offset + r]) + 0.587 * Float(source[offset + g]) + 0.114 * Float(source[offset + b])
                } else {
                    value = Float(source[offset])
                }
                let cell = row * side + x * side / width
                sums[cell] += value
                counts[cell] += 1
            }
        }
        self.init(width: side, height: side, pixels: zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 })
    }

    /// A decoded BGRA frame, averaged down to `side` × `side`.
    init(frame: RawFrame, side: Int) {
        self = frame.bytes.withUnsafeBytes { bytes in
            GreyImage(grey: bytes, width: frame.width, height: frame.height, stride: frame.stride, bytesPerPixel: 4, channel: (2, 1, 0), side: side)
        }
    }

    /// This picture averaged down to `side` × `side` (a whole divisor of its side).
    func pooled(to side: Int) -> GreyImage {
        let step = width / side
        var out = [Float](repeating: 0, count: side * side)
        for y in 0..<height {
            for x in 0..<width { out[(y / step) * side + x / step] += pixels[y * width + x] }
        }
        let area = Float(step * step)
        return GreyImage(width: side, height: side, pixels: out.map { $0 / area })
    }

    var mean: Float { pixels.reduce(0, +) / Float(pixels.count) }

    /// The standard deviation of the pixels: near zero for a black,
    /// white or single-colour picture.
    var spread: Float {
        let mean = self.mean
        let variance = pixels.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(pixels.count)
        return variance.squareRoot()
    }

    /// The picture turned as `orientation` says (a square picture, so
    /// every turn keeps its size).
    func turned(_ orientation: PhotoOrientation) -> GreyImage {
        var current = self
        for step in orientation.steps { current = current.applying(step) }
        return current
    }

    private func applying(_ step: PhotoOrientation.Step) -> GreyImage {
        precondition(width == height)
        let n = width
        var out = pixels
        for y in 0..<n {
            for x in 0..<n {
                let (sx, sy): (Int, Int) = switch step {
                case .rotateClockwise: (y, n - 1 - x)
                case .rotateCounterClockwise: (n - 1 - y, x)
                case .rotateHalf: (n - 1 - x, n - 1 - y)
                case .flipHorizontal: (n - 1 - x, y)
                case .flipVertical: (x, n - 1 - y)
                }
                out[y * n + x] = pixels[sy * n + sx]
            }
        }
        return GreyImage(width: n, height: n, pixels: out)
    }
}

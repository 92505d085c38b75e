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
        self.init(grey: source, width: width, height: height, stride: stride, bytesPerPixel: bytesPerPixel, channel: channel,
                  toWidth: side, toHeight: side)
    }

    /// `source` averaged down to `toWidth` × `toHeight` (each at most the
    /// source's own), whole areas of it to each pixel.
    init(grey source: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, bytesPerPixel: Int, channel: (Int, Int, Int)?,
         toWidth: Int, toHeight: Int) {
        if toWidth == width, toHeight == height {
            self.init(grey: source, width: width, height: height, stride: stride, bytesPerPixel: bytesPerPixel, channel: channel)
            return
        }
        var sums = [Float](repeating: 0, count: toWidth * toHeight)
        var counts = [Float](repeating: 0, count: toWidth * toHeight)
        for y in 0..<height {
            let row = y * toHeight / height
            for x in 0..<width {
                let offset = y * stride + x * bytesPerPixel
                let value: Float
                if let (r, g, b) = channel {
                    // Rec. 601 luma, as JPEG's own Y.
                    value = 0.299 * Float(source[offset + r]) + 0.587 * Float(source[offset + g]) + 0.114 * Float(source[offset + b])
                } else {
                    value = Float(source[offset])
                }
                let cell = row * toWidth + x * toWidth / width
                sums[cell] += value
                counts[cell] += 1
            }
        }
        self.init(width: toWidth, height: toHeight, pixels: zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 })
    }

    /// `source` at its own size, made grey (the same figures as averaging
    /// each pixel alone, without the areas' sums and divisions).
    private init(grey source: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, bytesPerPixel: Int, channel: (Int, Int, Int)?) {
        var pixels = [Float](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let row = y * stride
                for x in 0..<width {
                    let offset = row + x * bytesPerPixel
                    if let (r, g, b) = channel {
                        pixels[y * width + x] = 0.299 * Float(source[offset + r]) + 0.587 * Float(source[offset + g]) + 0.114 * Float(source[offset + b])
                    } else {
                        pixels[y * width + x] = Float(source[offset])
                    }
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// This picture averaged down to `toWidth` × `toHeight` (each at most its own).
    func averaged(toWidth: Int, toHeight: Int) -> GreyImage {
        var sums = [Float](repeating: 0, count: toWidth * toHeight)
        var counts = [Float](repeating: 0, count: toWidth * toHeight)
        for y in 0..<height {
            let row = (y * toHeight / height) * toWidth
            for x in 0..<width {
                let cell = row + x * toWidth / width
                sums[cell] += pixels[y * width + x]
                counts[cell] += 1
            }
        }
        return GreyImage(width: toWidth, height: toHeight, pixels: zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 })
    }

    /// The size that fits `width` × `height` in a `box` × `box` square,
    /// keeping its shape (never larger than it is).
    static func fitting(width: Int, height: Int, box: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > box else { return (width, height) }
        return (max(1, width * box / longest), max(1, height * box / longest))
    }

    /// The grey level the brightest `share` of the pixels reach (0–255):
    /// with 0.01, low for a picture with nothing bright in it at all.
    func level(brightest share: Float) -> Float {
        guard !pixels.isEmpty else { return 0 }
        // A histogram of whole grey levels: no sort of every pixel.
        var counts = [Int](repeating: 0, count: 256)
        for value in pixels { counts[Int(max(0, min(255, value.rounded())))] += 1 }
        let wanted = max(1, Int((Float(pixels.count) * share).rounded(.up)))
        var seen = 0
        for level in stride(from: 255, through: 0, by: -1) {
            seen += counts[level]
            if seen >= wanted { return Float(level) }
        }
        return 0
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

    /// The picture turned as `orientation` says (a quarter turn swaps
    /// its width and height).
    func turned(_ orientation: PhotoOrientation) -> GreyImage {
        var current = self
        for step in orientation.steps { current = current.applying(step) }
        return current
    }

    private func applying(_ step: PhotoOrientation.Step) -> GreyImage {
        let quarter = step == .rotateClockwise || step == .rotateCounterClockwise
        let outWidth = quarter ? height : width, outHeight = quarter ? width : height
        var out = pixels
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let (sx, sy): (Int, Int) = switch step {
                case .rotateClockwise: (y, height - 1 - x)
                case .rotateCounterClockwise: (width - 1 - y, x)
                case .rotateHalf: (width - 1 - x, height - 1 - y)
                case .flipHorizontal: (width - 1 - x, y)
                case .flipVertical: (x, height - 1 - y)
                }
                out[y * outWidth + x] = pixels[sy * width + sx]
            }
        }
        return GreyImage(width: outWidth, height: outHeight, pixels: out)
    }
}

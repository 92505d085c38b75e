import Foundation

/// A 64-bit perceptual hash (pHash): the 32 × 32 grey picture's discrete
/// cosine transform, its 8 × 8 lowest frequencies but the mean, each bit set
/// when the coefficient is above their median. Coarse structure only:
/// resizing, recompression, a format change or a brightness change keep
/// nearly every bit; a different picture flips about half of them.
enum PerceptualHash {
    /// The side of the picture the transform runs on, in pixels.
    static let side = 32
    /// The side of the block of low frequencies kept.
    static let kept = 8

    /// cos((2x + 1) u π / 2N) for u < kept, x < side.
    private static let cosines: [Float] = {
        var table = [Float](repeating: 0, count: kept * side)
        for u in 0..<kept {
            for x in 0..<side {
                table[u * side + x] = Float(cos(Double((2 * x + 1) * u) * Double.pi / Double(2 * side)))
            }
        }
        return table
    }()

    /// The hash of `image` (`side` × `side`).
    static func hash(_ image: GreyImage) -> UInt64 {
        precondition(image.width == side && image.height == side)
        // Rows first (side × kept), then columns (kept × kept).
        var rows = [Float](repeating: 0, count: side * kept)
        for y in 0..<side {
            for u in 0..<kept {
                var sum: Float = 0
                for x in 0..<side { sum += image.pixels[y * side + x] * cosines[u * side + x] }
                rows[y * kept + u] = sum
            }
        }
        var coefficients = [Float](repeating: 0, count: kept * kept)
        for v in 0..<kept {
            for u in 0..<kept {
                var sum: Float = 0
                for y in 0..<side { sum += rows[y * kept + u] * cosines[v * side + y] }
                coefficients[v * kept + u] = sum
            }
        }
        // The mean (0, 0) says only how bright the picture is: left out.
        let ac = Array(coefficients.dropFirst())
        let median = ac.sorted()[ac.count / 2]
        var bits: UInt64 = 0
        for (index, value) in ac.enumerated() where value > median { bits |= 1 << UInt64(index) }
        return bits
    }

    /// How many bits two hashes differ in (0–64).
    static func distance(_ a: UInt64, _ b: UInt64) -> Int {
        (a ^ b).nonzeroBitCount
    }
}

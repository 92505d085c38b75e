/// The best correlation of two square grey grids over small shifts of one
/// against the other: two pictures of one moment taken a step apart
/// (a stereo pair, a burst while the phone moves, a crop) line up once
/// shifted, where pixel-for-pixel they do not.
enum ShiftedCorrelation {
    /// The highest Pearson correlation of `a` and `b` (each `side`²,
    /// row by row) over shifts up to `reach` cells each way, counted on
    /// their overlap only.
    static func best(_ a: [Float], _ b: [Float], side: Int, reach: Int) -> Float {
        var best: Float = -1
        for dy in -reach...reach {
            for dx in -reach...reach {
                best = max(best, at(a, b, side: side, dx: dx, dy: dy))
            }
        }
        return best
    }

    /// `grid` (`side`², row by row) enlarged by `factor` about its centre,
    /// sampled bilinearly: what a crop of `1 / factor` of each side looks
    /// like once stretched back to the same size.
    static func zoomed(_ grid: [Float], side: Int, factor: Float) -> [Float] {
        let centre = Float(side - 1) / 2
        var out = [Float](repeating: 0, count: side * side)
        for y in 0..<side {
            let sy = min(Float(side - 1), max(0, centre + (Float(y) - centre) / factor))
            let y0 = Int(sy), y1 = min(side - 1, y0 + 1), fy = sy - Float(y0)
            for x in 0..<side {
                let sx = min(Float(side - 1), max(0, centre + (Float(x) - centre) / factor))
                let x0 = Int(sx), x1 = min(side - 1, x0 + 1), fx = sx - Float(x0)
                let top = grid[y0 * side + x0] * (1 - fx) + grid[y0 * side + x1] * fx
                let bottom = grid[y1 * side + x0] * (1 - fx) + grid[y1 * side + x1] * fx
                out[y * side + x] = top * (1 - fy) + bottom * fy
            }
        }
        return out
    }

    /// The correlation of a's cell (x, y) with b's (x + dx, y + dy).
    static func at(_ a: [Float], _ b: [Float], side: Int, dx: Int, dy: Int) -> Float {
        let x0 = max(0, -dx), x1 = min(side, side - dx), y0 = max(0, -dy), y1 = min(side, side - dy)
        guard x1 > x0, y1 > y0 else { return -1 }
        var sa: Float = 0, sb: Float = 0, saa: Float = 0, sbb: Float = 0, sab: Float = 0
        for y in y0..<y1 {
            let rowA = y * side, rowB = (y + dy) * side + dx
            for x in x0..<x1 {
                let p = a[rowA + x], q = b[rowB + x]
                sa += p
                sb += q
                saa += p * p
                sbb += q * q
                sab += p * q
            }
        }
        let n = Float((x1 - x0) * (y1 - y0))
        let covariance = sab - sa * sb / n, va = saa - sa * sa / n, vb = sbb - sb * sb / n
        guard va > 0, vb > 0 else { return 0 }
        return covariance / (va * vb).squareRoot()
    }
}

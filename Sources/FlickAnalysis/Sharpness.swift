/// How blurred a picture is, judged against its own content: the blur
/// effect of Crété-Roffet et al. (2007). The picture is blurred again on
/// purpose (a 9-pixel average along a direction); a sharp picture loses
/// much of its pixel-to-pixel variation, a blurred one little, since it
/// had none to lose. The share kept, 0 (sharp) to 1 (no detail left),
/// does not depend on contrast or brightness, so a low-contrast or dark
/// scene is judged like any other.
///
/// The picture is cut into `tiles` × `tiles` parts, each judged along four
/// directions (across, down and both diagonals: a shake blurs along one
/// only, so each part counts its worst); the picture's blur is that of its
/// second sharpest part, so a sharp subject before a soft background is
/// sharp. Parts with almost no variation (a clear sky, a wall) cannot be
/// judged and take no part; a picture with fewer than two parts left has
/// no blur figure (nil) and is never called blurry.
///
/// Pure; any thread.
enum Sharpness {
    /// Pixels averaged by the second blur.
    static let reblurTaps = 9
    /// Parts along each side.
    static let tiles = 4
    /// The least mean step between neighbours (grey levels) of a part
    /// that can be judged: below it, flat (sky, wall, black).
    static let minActivity: Float = 1.0
    /// Directions judged, as (dx, dy) steps.
    static let directions: [(Int, Int)] = [(1, 0), (0, 1), (1, 1), (1, -1)]

    /// The blur of `image` (0–1), nil when too little of it can be judged.
    static func blur(_ image: GreyImage) -> Float? {
        let width = image.width, height = image.height
        guard width > 2 * reblurTaps, height > 2 * reblurTaps else { return nil }
        let cells = tiles * tiles
        // Per part and direction: the summed variation, and what the second blur kept of it.
        var variation = [Float](repeating: 0, count: cells * directions.count)
        var kept = [Float](repeating: 0, count: cells * directions.count)
        var counts = [Float](repeating: 0, count: cells * directions.count)
        let reach = reblurTaps / 2
        // Where each part's columns start (the last one ends at `width`).
        let tileStarts = (0...tiles).map { tile in (0..<width).first { $0 * tiles / width >= tile } ?? width }
        var blurred = [Float](repeating: 0, count: width * height)
        for (d, (dx, dy)) in directions.enumerated() {
            reblur(image.pixels, into: &blurred, width: width, height: height, dx: dx, dy: dy, reach: reach)
            let back = dy * width + dx
            image.pixels.withUnsafeBufferPointer { pixels in
                blurred.withUnsafeBufferPointer { blurred in
                    for y in max(0, dy)..<min(height, height + dy) {
                        let tileRow = (y * tiles / height) * tiles
                        let row = y * width
                        for tile in 0..<tiles {
                            // Each run of a row within one part summed on its own, then added: no store per pixel.
                            let from = max(tileStarts[tile], max(0, dx)), to = min(tileStarts[tile + 1], min(width, width + dx))
                            guard from < to else { continue }
                            let run = runSums(pixels, blurred, from: row + from, to: row + to, back: back)
                            let runVariation = run.variation, runKept = run.kept
                            let slot = (tileRow + tile) * directions.count + d
                            variation[slot] += runVariation
                            kept[slot] += runKept
                            counts[slot] += Float(to - from)
                        }
                    }
                }
            }
        }
        var judged: [Float] = []
        for cell in 0..<cells {
            var worst: Float = 0, activity: Float = 0
            for d in directions.indices {
                let slot = cell * directions.count + d
                guard counts[slot] > 0 else { continue }
                activity += variation[slot] / counts[slot] / Float(directions.count)
                if variation[slot] > 0 { worst = max(worst, (variation[slot] - kept[slot]) / variation[slot]) }
            }
            if activity >= minActivity { judged.append(worst) }
        }
        guard judged.count >= 2 else { return nil }
        return judged.sorted()[1]
    }

    /// Lanes summed at once by `runSums`.
    private typealias Lanes = SIMD8<Float>

    /// Over `from..<to`: the summed steps back by `back` of `pixels`, and
    /// what `blurred`'s steps lost of them (eight pixels at a time).
    private static func runSums(_ pixels: UnsafeBufferPointer<Float>, _ blurred: UnsafeBufferPointer<Float>, from: Int, to: Int,
                                back: Int) -> (variation: Float, kept: Float) {
        guard let p = pixels.baseAddress, let b = blurred.baseAddress else { return (0, 0) }
        var variation = Lanes(), kept = Lanes()
        var here = from
        while here + Lanes.scalarCount <= to {
            let step = abs(UnsafeRawPointer(p + here).loadUnaligned(as: Lanes.self) - UnsafeRawPointer(p + here - back).loadUnaligned(as: Lanes.self))
            let blurredStep = abs(UnsafeRawPointer(b + here).loadUnaligned(as: Lanes.self) - UnsafeRawPointer(b + here - back).loadUnaligned(as: Lanes.self))
            variation += step
            // max(0, lost), exactly, without a comparison: (lost + |lost|) / 2.
            let lost = step - blurredStep
            kept += 0.5 * (lost + abs(lost))
            here += Lanes.scalarCount
        }
        var tailVariation: Float = 0, tailKept: Float = 0
        while here < to {
            let step = Swift.abs(p[here] - p[here - back]), blurredStep = Swift.abs(b[here] - b[here - back])
            tailVariation += step
            tailKept += max(0, step - blurredStep)
            here += 1
        }
        return (variation.sum() + tailVariation, kept.sum() + tailKept)
    }

    /// Each lane without its sign bit (no comparisons: those are not inlined for SIMD lanes).
    private static func abs(_ lanes: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(lanes, to: SIMD8<UInt32>.self) & 0x7fff_ffff, to: Lanes.self)
    }

    /// `pixels` averaged over `2 reach + 1` pixels along (dx, dy), the
    /// edges repeated, written to `out`: each line along the direction
    /// summed once (running sums), so the cost does not grow with `reach`.
    private static func reblur(_ pixels: [Float], into out: inout [Float], width: Int, height: Int, dx: Int, dy: Int, reach: Int) {
        let scale = 1 / Float(2 * reach + 1)
        // Every line starts where stepping back by (dx, dy) leaves the
        // picture; such a pixel is on the border (each border pixel once).
        var starts: [Int] = []
        func consider(_ x: Int, _ y: Int) {
            let px = x - dx, py = y - dy
            if px < 0 || px >= width || py < 0 || py >= height { starts.append(y * width + x) }
        }
        for y in 0..<height { consider(0, y); if width > 1 { consider(width - 1, y) } }
        for x in 1..<max(1, width - 1) { consider(x, 0); if height > 1 { consider(x, height - 1) } }
        let step = dy * width + dx
        var sums = [Float](repeating: 0, count: max(width, height) + 1)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                sums.withUnsafeMutableBufferPointer { sums in
                    for start in starts {
                        // The line's length: steps until it leaves the picture.
                        var count = 0, x = start % width, y = start / width
                        while x >= 0, x < width, y >= 0, y < height { count += 1; x += dx; y += dy }
                        // sums[i] = the first i values of the line.
                        sums[0] = 0
                        for i in 0..<count { sums[i + 1] = sums[i] + source[start + i * step] }
                        let first = source[start], last = source[start + (count - 1) * step]
                        for i in 0..<count {
                            let low = i - reach, high = i + reach
                            let from = max(0, low), to = min(count - 1, high)
                            var sum = sums[to + 1] - sums[from]
                            if low < 0 { sum += Float(-low) * first }
                            if high > count - 1 { sum += Float(high - count + 1) * last }
                            target[start + i * step] = sum * scale
                        }
                    }
                }
            }
        }
    }
}

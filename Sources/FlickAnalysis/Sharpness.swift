/// How blurred a picture is, judged against its own content: the blur
/// effect of Crété-Roffet et al. (2007), on its edges. The picture is
/// blurred again on purpose (a 9-pixel average along a direction); a sharp
/// picture loses much of its pixel-to-pixel variation, a blurred one
/// little, since it had none to lose. The share kept, 0 (sharp) to 1 (no
/// detail left), does not depend on contrast or brightness, so a
/// low-contrast or dark scene is judged like any other. Each step between
/// neighbours counts by its size (the share is of the steps' squares), so
/// a part's edges decide and its smooth shading (a render's walls, a lit
/// table) does not: shading keeps its small steps when blurred again and
/// would read as blur.
///
/// The picture is cut into `tiles` × `tiles` parts, each judged along four
/// directions (across, down and both diagonals: a shake blurs along one
/// only, so each part counts its worst); the picture's blur is that of its
/// second sharpest part, so a sharp subject before a soft background is
/// sharp. Parts with almost no variation (a clear sky, a wall), for this
/// picture (below a share of its busiest part's) or at all (below a grey
/// level's half), cannot be judged and take no part; a picture with fewer
/// than two parts left has no blur figure (nil) and is never called blurry.
///
/// Pure; any thread.
enum Sharpness {
    /// Pixels averaged by the second blur.
    static let reblurTaps = 9
    /// Parts along each side.
    static let tiles = 4
    /// The least mean step between neighbours (grey levels) of a part
    /// that can be judged: below it, flat (sky, wall, black, sensor noise).
    static let minActivity: Float = 0.5
    /// The least share of the busiest part's mean step a part needs to be
    /// judged: what is flat depends on the picture's own contrast (a
    /// low-contrast photo's table is as busy, for it, as a bright one's).
    static let minShareOfBusiest: Float = 0.25
    /// Directions judged, as (dx, dy) steps.
    static let directions: [(Int, Int)] = [(1, 0), (0, 1), (1, 1), (1, -1)]

    /// The blur of `image` (0–1), nil when too little of it can be judged.
    static func blur(_ image: GreyImage) -> Float? {
        let width = image.width, height = image.height
        guard width > 2 * reblurTaps, height > 2 * reblurTaps else { return nil }
        let cells = tiles * tiles
        // Per part and direction: the summed steps, their summed squares, and what the second blur took of the squares.
        var variation = [Float](repeating: 0, count: cells * directions.count)
        var energy = [Float](repeating: 0, count: cells * directions.count)
        var lost = [Float](repeating: 0, count: cells * directions.count)
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
                            let slot = (tileRow + tile) * directions.count + d
                            variation[slot] += run.variation
                            energy[slot] += run.energy
                            lost[slot] += run.lost
                            counts[slot] += Float(to - from)
                        }
                    }
                }
            }
        }
        var worst = [Float](repeating: 0, count: cells), activity = [Float](repeating: 0, count: cells)
        for cell in 0..<cells {
            for d in directions.indices {
                let slot = cell * directions.count + d
                guard counts[slot] > 0 else { continue }
                activity[cell] += variation[slot] / counts[slot] / Float(directions.count)
                if energy[slot] > 0 { worst[cell] = max(worst[cell], (energy[slot] - lost[slot]) / energy[slot]) }
            }
        }
        let least = max(minActivity, minShareOfBusiest * (activity.max() ?? 0))
        let judged = (0..<cells).filter { activity[$0] >= least }.map { worst[$0] }
        guard judged.count >= 2 else { return nil }
        return judged.sorted()[1]
    }

    /// Lanes summed at once by `runSums`.
    private typealias Lanes = SIMD8<Float>

    /// Over `from..<to`: the summed steps back by `back` of `pixels`, the
    /// sum of their squares, and of each step times what `blurred`'s step
    /// lost of it (eight pixels at a time).
    private static func runSums(_ pixels: UnsafeBufferPointer<Float>, _ blurred: UnsafeBufferPointer<Float>, from: Int, to: Int,
                                back: Int) -> (variation: Float, energy: Float, lost: Float) {
        guard let p = pixels.baseAddress, let b = blurred.baseAddress else { return (0, 0, 0) }
        var variation = Lanes(), energy = Lanes(), lostEnergy = Lanes()
        var here = from
        while here + Lanes.scalarCount <= to {
            let step = abs(UnsafeRawPointer(p + here).loadUnaligned(as: Lanes.self) - UnsafeRawPointer(p + here - back).loadUnaligned(as: Lanes.self))
            let blurredStep = abs(UnsafeRawPointer(b + here).loadUnaligned(as: Lanes.self) - UnsafeRawPointer(b + here - back).loadUnaligned(as: Lanes.self))
            variation += step
            energy += step * step
            // max(0, lost), exactly, without a comparison: (lost + |lost|) / 2.
            let lost = step - blurredStep
            lostEnergy += step * (0.5 * (lost + abs(lost)))
            here += Lanes.scalarCount
        }
        var tailVariation: Float = 0, tailEnergy: Float = 0, tailLost: Float = 0
        while here < to {
            let step = Swift.abs(p[here] - p[here - back]), blurredStep = Swift.abs(b[here] - b[here - back])
            tailVariation += step
            tailEnergy += step * step
            tailLost += step * max(0, step - blurredStep)
            here += 1
        }
        return (variation.sum() + tailVariation, energy.sum() + tailEnergy, lostEnergy.sum() + tailLost)
    }

    /// Each lane without its sign bit (no comparisons: those are not inlined for SIMD lanes).
    private static func abs(_ lanes: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(lanes, to: SIMD8<UInt32>.self) & 0x7fff_ffff, to: Lanes.self)
    }

    /// `pixels` averaged over `2 reach + 1` pixels along (dx, dy), the
    /// line's ends repeated, written to `out`. Away from the border every
    /// pixel's whole window is inside: eight pixels of a row summed at once.
    private static func reblur(_ pixels: [Float], into out: inout [Float], width: Int, height: Int, dx: Int, dy: Int, reach: Int) {
        let scale = 1 / Float(2 * reach + 1)
        let step = dy * width + dx
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                /// Steps from (x, y) along (sx, sy) before leaving the picture.
                func room(_ x: Int, _ y: Int, _ sx: Int, _ sy: Int) -> Int {
                    min(sx > 0 ? width - 1 - x : sx < 0 ? x : Int.max, sy > 0 ? height - 1 - y : sy < 0 ? y : Int.max)
                }
                /// One pixel, its window cut where its line ends (that end repeated).
                func edge(_ x: Int, _ y: Int) {
                    let back = room(x, y, -dx, -dy), ahead = room(x, y, dx, dy)
                    let here = y * width + x
                    var sum: Float = 0
                    for k in -reach...reach { sum += from[here + min(max(k, -back), ahead) * step] }
                    to[here] = sum * scale
                }
                for y in 0..<height {
                    guard y >= reach, y < height - reach else {
                        for x in 0..<width { edge(x, y) }
                        continue
                    }
                    for x in 0..<min(reach, width) { edge(x, y) }
                    var x = reach
                    while x + Lanes.scalarCount <= width - reach {
                        let here = y * width + x
                        var sum = Lanes()
                        for k in -reach...reach { sum += UnsafeRawPointer(from + here + k * step).loadUnaligned(as: Lanes.self) }
                        UnsafeMutableRawPointer(to + here).storeBytes(of: sum * scale, as: Lanes.self)
                        x += Lanes.scalarCount
                    }
                    while x < width - reach {
                        let here = y * width + x
                        var sum: Float = 0
                        for k in -reach...reach { sum += from[here + k * step] }
                        to[here] = sum * scale
                        x += 1
                    }
                    for x in max(reach, width - reach)..<width { edge(x, y) }
                }
            }
        }
    }
}

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
        let tileOfColumn = (0..<width).map { $0 * tiles / width }
        for (d, (dx, dy)) in directions.enumerated() {
            let blurred = reblurred(image.pixels, width: width, height: height, dx: dx, dy: dy, reach: reach)
            image.pixels.withUnsafeBufferPointer { pixels in
                blurred.withUnsafeBufferPointer { blurred in
                    variation.withUnsafeMutableBufferPointer { variation in
                    kept.withUnsafeMutableBufferPointer { kept in
                    counts.withUnsafeMutableBufferPointer { counts in
                    for y in max(0, dy)..<min(height, height + dy) {
                        let tileRow = (y * tiles / height) * tiles
                        for x in max(0, dx)..<min(width, width + dx) {
                            let here = y * width + x, before = (y - dy) * width + (x - dx)
                            let step = abs(pixels[here] - pixels[before])
                            let blurredStep = abs(blurred[here] - blurred[before])
                            let slot = (tileRow + tileOfColumn[x]) * directions.count + d
                            variation[slot] += step
                            kept[slot] += max(0, step - blurredStep)
                            counts[slot] += 1
                        }
                    }
                    }
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

    /// `pixels` averaged over `2 reach + 1` pixels along (dx, dy), the
    /// edges repeated: each line along the direction summed once (running
    /// sums), so the cost does not grow with `reach`.
    private static func reblurred(_ pixels: [Float], width: Int, height: Int, dx: Int, dy: Int, reach: Int) -> [Float] {
        var out = [Float](repeating: 0, count: pixels.count)
        let scale = 1 / Float(2 * reach + 1)
        // Every line starts where stepping back by (dx, dy) leaves the picture.
        // Such a pixel is on the border: only the border is looked at.
        var starts: [Int] = []
        var border = Set<Int>()
        for x in 0..<width { border.insert(x); border.insert((height - 1) * width + x) }
        for y in 0..<height { border.insert(y * width); border.insert(y * width + width - 1) }
        for index in border.sorted() {
            let px = index % width - dx, py = index / width - dy
            if px < 0 || px >= width || py < 0 || py >= height { starts.append(index) }
        }
        var line: [Int] = []
        var sums: [Float] = []
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for start in starts {
                    line.removeAll(keepingCapacity: true)
                    var x = start % width, y = start / width
                    while x >= 0, x < width, y >= 0, y < height {
                        line.append(y * width + x)
                        x += dx
                        y += dy
                    }
                    let count = line.count
                    // sums[i] = the first i values of the line.
                    sums.removeAll(keepingCapacity: true)
                    sums.append(0)
                    for index in line { sums.append(sums[sums.count - 1] + source[index]) }
                    let first = source[line[0]], last = source[line[count - 1]]
                    for i in 0..<count {
                        let low = i - reach, high = i + reach
                        let from = max(0, low), to = min(count - 1, high)
                        var sum = sums[to + 1] - sums[from]
                        if low < 0 { sum += Float(-low) * first }
                        if high > count - 1 { sum += Float(high - count + 1) * last }
                        target[line[i]] = sum * scale
                    }
                }
            }
        }
        return out
    }
}

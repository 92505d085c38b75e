/// Whether two clip prints show the same moments, lined up in time.
///
/// 1. Every pair of informative frames whose hashes are close votes for
///    the time shift between the clips; the best-voted shifts are tried.
/// 2. At a shift, the frames that overlap (both informative) must be
///    mostly alike and cover at least half of the shorter clip's
///    informative frames: a shared intro or logo is not the same clip.
/// 3. The same place is not the same moment: from a fixed camera, two
///    moments share the background. So what moves is compared too: each
///    frame's layout less the clip's mean layout over the overlap (the
///    still background cancels out), correlated between the clips. Copies
///    of one footage move alike; two moments do not.
enum ClipMatch {
    /// Hash bits two frames of one moment differ in at most.
    static let maxFrameDistance = 10
    /// Overlapping informative frames needed (at `ClipPrint.rate`, 1.5 s).
    static let minOverlap = 6
    /// Share of the overlap whose frames must be alike.
    static let minAlike = 0.8
    /// Share of the shorter clip's informative frames the overlap must hold.
    static let minCover = 0.5
    /// Shifts tried, best-voted first.
    static let shiftsTried = 16
    /// Residual spread (grey levels) below which a clip is taken as still.
    static let minMotion: Float = 1.0
    /// The least correlation of what moves in two copies of one footage.
    static let minMotionCorrelation: Float = 0.5

    static func matches(_ a: ClipPrint, _ b: ClipPrint) -> Bool {
        let aFrames = a.frames, bFrames = b.frames
        guard aFrames.count >= minOverlap, bFrames.count >= minOverlap else { return false }
        var votes: [Int: Int] = [:]
        for (i, x) in aFrames.enumerated() where x.informative {
            for (j, y) in bFrames.enumerated() where y.informative
                && PerceptualHash.distance(x.hash, y.hash) <= maxFrameDistance {
                votes[j - i, default: 0] += 1
            }
        }
        let shorter = min(a.informativeCount, b.informativeCount)
        let shifts = votes.filter { $0.value >= minOverlap / 2 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (shift, _) in shifts.prefix(shiftsTried) where alike(aFrames, bFrames, shift: shift, shorter: shorter) {
            return true
        }
        return false
    }

    /// Whether the clips agree with b's frame i + `shift` on a's frame i.
    static func alike(_ a: [ClipPrint.Frame], _ b: [ClipPrint.Frame], shift: Int, shorter: Int) -> Bool {
        var pairs: [(Int, Int)] = []
        var close = 0
        for i in a.indices {
            let j = i + shift
            guard j >= 0, j < b.count, a[i].informative, b[j].informative else { continue }
            pairs.append((i, j))
            if PerceptualHash.distance(a[i].hash, b[j].hash) <= maxFrameDistance { close += 1 }
        }
        guard pairs.count >= minOverlap, Double(close) >= minAlike * Double(pairs.count),
              Double(pairs.count) >= minCover * Double(shorter) else { return false }
        return movesAlike(pairs.map { a[$0.0].layout }, pairs.map { b[$0.1].layout })
    }

    /// Whether what changes over the overlap changes alike in both.
    static func movesAlike(_ a: [[UInt8]], _ b: [[UInt8]]) -> Bool {
        let ra = residuals(a), rb = residuals(b)
        let spreadA = spread(ra), spreadB = spread(rb)
        // Neither moves: still footage of one picture; nothing more to tell.
        if spreadA < minMotion && spreadB < minMotion { return true }
        var ab: Float = 0, aa: Float = 0, bb: Float = 0
        for index in ra.indices {
            ab += ra[index] * rb[index]
            aa += ra[index] * ra[index]
            bb += rb[index] * rb[index]
        }
        guard aa > 0, bb > 0 else { return false }
        return ab / (aa * bb).squareRoot() >= minMotionCorrelation
    }

    /// Each layout less the mean layout, all cells in one list.
    private static func residuals(_ layouts: [[UInt8]]) -> [Float] {
        guard let cells = layouts.first?.count else { return [] }
        var mean = [Float](repeating: 0, count: cells)
        for layout in layouts { for cell in 0..<cells { mean[cell] += Float(layout[cell]) } }
        mean = mean.map { $0 / Float(layouts.count) }
        var out: [Float] = []
        out.reserveCapacity(layouts.count * cells)
        for layout in layouts { for cell in 0..<cells { out.append(Float(layout[cell]) - mean[cell]) } }
        return out
    }

    private static func spread(_ values: [Float]) -> Float {
        guard !values.isEmpty else { return 0 }
        return (values.reduce(0) { $0 + $1 * $1 } / Float(values.count)).squareRoot()
    }
}

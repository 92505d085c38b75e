import Foundation

/// A photo's fingerprint: its perceptual hash, its 32 × 32 grey picture and
/// when it was taken. Two photos are one moment when they were not taken
/// more than `maxMomentSeconds` apart (when both say) and either
/// - their hashes are close AND their 16 × 16 layouts correlate (resized,
///   re-saved, converted, brightened copies: correlation ignores exposure), or
/// - their grey pictures correlate closely once shifted against each other
///   (a stereo pair, a burst while the phone moves, a crop), first checked
///   coarsely on 8 × 8 layouts, then shifted on 16 × 16 ones (the screen),
///   so that unrelated photos — even of one layout — cost little.
///
///     let a = PhotoPrint(image: burst1), b = PhotoPrint(image: burst2)
///     a.matches(b)  // true for two shots of one burst
public struct PhotoPrint: Equatable, Sendable {
    /// The side of the grey picture kept, in pixels.
    static let side = PerceptualHash.side
    /// The side of the layout compared unshifted, in cells.
    static let layoutSide = 16
    /// The side of the coarse layout compared first when shifting.
    static let coarseSide = 8

    public let hash: UInt64
    /// The grey picture's pixels, 0–255.
    let grey: [UInt8]
    /// `CaptureTime` of the file, when it has one.
    public let captured: Double?
    /// Made from `grey`: 16 × 16 and 8 × 8 layouts (the grey picture as
    /// numbers is made only for the few pairs that are tried shifted, so a
    /// print stays about 1.5 KB in memory).
    let layout: [UInt8]
    let coarse: [Float]

    init(hash: UInt64, grey: [UInt8], captured: Double?) {
        self.hash = hash
        self.grey = grey
        self.captured = captured
        let image = GreyImage(width: Self.side, height: Self.side, pixels: grey.map(Float.init))
        layout = image.pooled(to: Self.layoutSide).pixels.map { UInt8(max(0, min(255, $0.rounded()))) }
        coarse = image.pooled(to: Self.coarseSide).pixels
    }

    /// The print of a 32 × 32 upright grey picture.
    init(image: GreyImage, captured: Double?) {
        self.init(hash: PerceptualHash.hash(image), grey: image.pixels.map { UInt8(max(0, min(255, $0.rounded()))) }, captured: captured)
    }

    // MARK: - Matching

    /// Hash bits two prints of one picture differ in at most.
    static let maxDistance = 10
    /// … when both were taken within `burstSeconds` of each other (a burst
    /// moves a little between shots).
    static let maxBurstDistance = 14
    static let burstSeconds = 5.0
    /// The least correlation of two layouts of one picture.
    static let minCorrelation: Float = 0.85
    static let minBurstCorrelation: Float = 0.75
    /// Photos taken further apart than this are different moments, however
    /// alike (one street, hours apart), in seconds.
    static let maxMomentSeconds = 10.0
    /// Shifts tried, in cells of the coarse layout and pixels of the grey
    /// picture (a quarter of the side: a stereo pair's step).
    static let coarseReach = 2
    static let fineReach = 8
    /// Hash bits a pair may differ in and still be tried shifted: a crop
    /// or a step aside changes up to a third of the bits; two unrelated
    /// pictures differ in about half (32 ± 4), so most pairs stop here.
    static let maxShiftedDistance = 24
    /// Enlargements tried for a crop (up to 1/1.12: 89 % of each side
    /// kept), and the shifts tried with each, in pixels.
    static let cropZooms: [Float] = [1.06, 1.12]
    static let zoomReach = 3
    /// The coarse correlation a pair needs before the fine one is tried.
    static let minCoarseCorrelation: Float = 0.7
    /// The least correlation of two shifted grey pictures of one moment.
    static let minShiftedCorrelation: Float = 0.85
    /// The screen before the full search: the 16 × 16 layouts shifted up
    /// to a quarter of the side (the full search's reach) or enlarged as
    /// for a crop, and the least correlation a pair needs there. Measured
    /// on the real test sets (docs/performance.md, Stacks): every pair the
    /// full search accepts correlates at 0.89 or more here (crops of 10–16 %
    /// among them), while views of one layout with other detail (a
    /// chessboard moved, one app's screenshots) mostly fall below 0.7.
    static let middleReach = 4
    static let middleZoomReach = 2
    static let minMiddleCorrelation: Float = 0.7

    /// Whether the 16 × 16 screen runs before the full search (`.screened`,
    /// always, but for tests that check it changes no stack: `.full`).
    enum Screen: Sendable {
        case screened, full
    }

    public static func == (a: PhotoPrint, b: PhotoPrint) -> Bool {
        a.hash == b.hash && a.grey == b.grey && a.captured == b.captured
    }

    /// Whether `self` and `other` show the same moment.
    public func matches(_ other: PhotoPrint) -> Bool {
        var counts = PhotoComparisons()
        return matches(other, screen: .screened, counts: &counts)
    }

    /// `matches`, counting in `counts` the stages tried (but `pairs` and
    /// `candidates`, which are the caller's).
    func matches(_ other: PhotoPrint, screen: Screen, counts: inout PhotoComparisons) -> Bool {
        var burst = false
        if let a = captured, let b = other.captured {
            let apart = abs(a - b)
            if apart > Self.maxMomentSeconds { return false }
            burst = apart <= Self.burstSeconds
        }
        let distance = PerceptualHash.distance(hash, other.hash)
        if distance <= (burst ? Self.maxBurstDistance : Self.maxDistance),
           Self.correlation(layout, other.layout) >= (burst ? Self.minBurstCorrelation : Self.minCorrelation) {
            return true
        }
        guard distance <= Self.maxShiftedDistance else { return false }
        return shiftedCorrelation(other, screen: screen, counts: &counts) >= Self.minShiftedCorrelation
    }

    /// The best correlation of the two grey pictures shifted (-1 when the
    /// coarse layouts already disagree, -2 when the screen stops the pair).
    func shiftedCorrelation(_ other: PhotoPrint, screen: Screen = .screened) -> Float {
        var counts = PhotoComparisons()
        return shiftedCorrelation(other, screen: screen, counts: &counts)
    }

    func shiftedCorrelation(_ other: PhotoPrint, screen: Screen, counts: inout PhotoComparisons) -> Float {
        counts.coarse += 1
        guard ShiftedCorrelation.best(coarse, other.coarse, side: Self.coarseSide, reach: Self.coarseReach) >= Self.minCoarseCorrelation else {
            return -1
        }
        if screen == .screened {
            counts.middle += 1
            guard middleCorrelation(other) >= Self.minMiddleCorrelation else { return -2 }
        }
        counts.fine += 1
        let fine = grey.map(Float.init), otherFine = other.grey.map(Float.init)
        var best = ShiftedCorrelation.best(fine, otherFine, side: Self.side, reach: Self.fineReach)
        // A crop: either picture may be the cropped one.
        for factor in Self.cropZooms where best < Self.minShiftedCorrelation {
            let zoomedSelf = ShiftedCorrelation.zoomed(fine, side: Self.side, factor: factor)
            best = max(best, ShiftedCorrelation.best(zoomedSelf, otherFine, side: Self.side, reach: Self.zoomReach))
            let zoomedOther = ShiftedCorrelation.zoomed(otherFine, side: Self.side, factor: factor)
            best = max(best, ShiftedCorrelation.best(fine, zoomedOther, side: Self.side, reach: Self.zoomReach))
        }
        return best
    }

    /// The best correlation of the two 16 × 16 layouts shifted, or one
    /// enlarged as for a crop: the full search on a quarter of the pixels,
    /// stopped once it reaches `enough` (the screen's threshold).
    func middleCorrelation(_ other: PhotoPrint, enough: Float = minMiddleCorrelation) -> Float {
        let mine = layout.map(Float.init), theirs = other.layout.map(Float.init)
        var best = ShiftedCorrelation.best(mine, theirs, side: Self.layoutSide, reach: Self.middleReach)
        for factor in Self.cropZooms where best < enough {
            let zoomedMine = ShiftedCorrelation.zoomed(mine, side: Self.layoutSide, factor: factor)
            best = max(best, ShiftedCorrelation.best(zoomedMine, theirs, side: Self.layoutSide, reach: Self.middleZoomReach))
            let zoomedTheirs = ShiftedCorrelation.zoomed(theirs, side: Self.layoutSide, factor: factor)
            best = max(best, ShiftedCorrelation.best(mine, zoomedTheirs, side: Self.layoutSide, reach: Self.middleZoomReach))
        }
        return best
    }

    /// Pearson correlation of two layouts (0 when either is flat).
    static func correlation(_ a: [UInt8], _ b: [UInt8]) -> Float {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        let n = Float(a.count)
        let meanA = a.reduce(Float(0)) { $0 + Float($1) } / n, meanB = b.reduce(Float(0)) { $0 + Float($1) } / n
        var ab: Float = 0, aa: Float = 0, bb: Float = 0
        for index in a.indices {
            let x = Float(a[index]) - meanA, y = Float(b[index]) - meanB
            ab += x * y
            aa += x * x
            bb += y * y
        }
        guard aa > 0, bb > 0 else { return 0 }
        return ab / (aa * bb).squareRoot()
    }

    // MARK: - Text form (for the store)

    /// "p1 HASH TIME GREY": hex hash, seconds or "-", hex pixels.
    var text: String {
        let time = captured.map { String($0) } ?? "-"
        return "p1 " + String(hash, radix: 16) + " " + time + " " + Hex.encode(grey)
    }

    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 4, parts[0] == "p1", let hash = UInt64(parts[1], radix: 16),
              let grey = Hex.decode(parts[3]), grey.count == Self.side * Self.side else { return nil }
        let captured = parts[2] == "-" ? nil : Double(parts[2])
        guard parts[2] == "-" || captured != nil else { return nil }
        self.init(hash: hash, grey: grey, captured: captured)
    }
}

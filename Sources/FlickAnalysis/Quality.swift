import Foundation

/// What a file's pictures say about how it came out, measured when it is
/// printed (from the same decode) and kept with its print:
/// - `level`: how bright its bright parts are (0–255) — the grey level the
///   brightest 1 % of a photo's pixels reach; for a clip, the level that
///   `darkShare` of its sampled frames stay below (so a clip is dark only
///   when most of it is, not one frame);
/// - `blur`: `Sharpness.blur` of a photo (0 sharp – 1 no detail); for a
///   clip, the blur that `blurryShare` of its larger sampled frames reach
///   (so a clip is blurry only when most of it is, not one frame in a
///   pan); nil for a picture, or a clip's frames, too flat to judge;
/// - `width` × `height`: the file's own picture size in pixels, as stored
///   (nil when unread, and for results made before it was kept).
/// `Suggestions` turns them into `dark`, `blurry` and (screen-sized) `screenshot`.
public struct Quality: Sendable, Equatable {
    /// The share of a photo's pixels its `level` is read at.
    static let brightestShare: Float = 0.01
    /// The share of a clip's frames that must be dark for the clip to be.
    static let darkShare = 0.8
    /// The share of a clip's judged frames that must be blurry for the clip to be.
    static let blurryShare = 0.6
    /// Seconds between a clip's frames judged for blur (each as large as
    /// fits the photos' box, `PhotoDecoder.decodeBox`: the size the blur
    /// measure is tuned at).
    static let clipBlurEvery = 1

    public let level: Float
    public let blur: Float?
    public let width: Int?
    public let height: Int?

    public init(level: Float, blur: Float?, width: Int? = nil, height: Int? = nil) {
        self.level = level
        self.blur = blur
        let known = (width ?? 0) > 0 && (height ?? 0) > 0
        self.width = known ? width : nil
        self.height = known ? height : nil
    }

    /// A photo's quality, from its grey working picture and the file's size.
    init(photo image: GreyImage, width: Int?, height: Int?) {
        self.init(level: image.level(brightest: Self.brightestShare), blur: Sharpness.blur(image), width: width, height: height)
    }

    /// A clip's, from its sampled frames (nil when none came out): its
    /// level from the small ones, its blur from the `large` ones; its
    /// pictures' stored size.
    init?(frames: [GreyImage], large: [GreyImage], width: Int?, height: Int?) {
        guard !frames.isEmpty else { return nil }
        let levels = frames.map { $0.level(brightest: Self.brightestShare) }.sorted()
        let blurs = large.compactMap(Sharpness.blur).sorted(by: >)
        // The level that `darkShare` of the frames are at or below, the
        // blur that `blurryShare` of the judged frames are at or above.
        self.init(level: levels[Self.index(Self.darkShare, of: levels.count)],
                  blur: blurs.isEmpty ? nil : blurs[Self.index(Self.blurryShare, of: blurs.count)], width: width, height: height)
    }

    /// The index in a sorted list of `count` that `share` of it reaches.
    private static func index(_ share: Double, of count: Int) -> Int {
        min(count - 1, max(0, Int((share * Double(count)).rounded(.up)) - 1))
    }

    // MARK: - Text form (for the store)

    /// "q1 LEVEL BLUR[ WxH]": the level and blur to three decimals, "-"
    /// for no blur, then the size when known.
    var text: String {
        let size = width.flatMap { width in height.map { " \(width)x\($0)" } } ?? ""
        return "q1 " + String(format: "%.1f", level) + " " + (blur.map { String(format: "%.3f", $0) } ?? "-") + size
    }

    init?(text: Substring) {
        let parts = text.split(separator: " ")
        guard parts.count == 3 || parts.count == 4, parts[0] == "q1", let level = Float(parts[1]), level.isFinite else { return nil }
        var blur: Float?
        if parts[2] != "-" {
            guard let measured = Float(parts[2]), measured.isFinite else { return nil }
            blur = measured
        }
        guard parts.count == 4 else { self.init(level: level, blur: blur); return }
        let sides = parts[3].split(separator: "x")
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width > 0, height > 0 else { return nil }
        self.init(level: level, blur: blur, width: width, height: height)
    }
}

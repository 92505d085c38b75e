import Foundation

/// A clip's fingerprint: one frame every 1/`rate` s from its start (up to
/// `maxSeconds`), each a perceptual hash and an 8 × 8 grey layout, and
/// whether the frame shows anything (black, white and flat frames —
/// intros, fades — do not). `ClipMatch` lines two prints up in time.
public struct ClipPrint: Equatable, Sendable {
    /// Frames a second kept.
    public static let rate = 4
    /// The part of a clip read, in seconds from its start: enough to line
    /// a trimmed copy up with its original, bounded for long clips.
    public static let maxSeconds = 30.0
    /// The side of each frame's layout, in cells.
    static let layoutSide = 8
    /// A frame whose grey levels spread less than this (0–255 scale) is
    /// flat: black, white, one colour.
    static let minSpread: Float = 6

    struct Frame: Equatable, Sendable {
        let hash: UInt64
        /// `layoutSide`² cells, 0–255.
        let layout: [UInt8]
        let informative: Bool
    }

    let frames: [Frame]
    /// The whole clip's length in seconds (not only the part sampled), nil
    /// when its file does not say.
    public let duration: Double?

    init(frames: [Frame], duration: Double? = nil) {
        self.frames = frames
        self.duration = duration
    }

    /// The print of sampled 32 × 32 frames, in time order, of a clip `duration` seconds long.
    init(images: [GreyImage], duration: Double? = nil) {
        self.duration = duration
        frames = images.map { image in
            Frame(hash: PerceptualHash.hash(image),
                  layout: image.pooled(to: Self.layoutSide).pixels.map { UInt8(max(0, min(255, $0.rounded()))) },
                  informative: image.spread >= Self.minSpread)
        }
    }

    /// How many frames show something.
    public var informativeCount: Int { frames.count { $0.informative } }

    // MARK: - Text form (for the store)

    /// "c1 RATE [dSECONDS] FRAME…": the duration to the millisecond when
    /// known, each frame "+" or "-" (informative or not), its hash in 16
    /// hex digits and its layout in hex.
    var text: String {
        var out = "c1 \(Self.rate)"
        if let duration, duration.isFinite { out += " d" + String(format: "%.3f", duration) }
        for frame in frames {
            out += frame.informative ? " +" : " -"
            let hex = String(frame.hash, radix: 16)
            out += String(repeating: "0", count: 16 - hex.count) + hex + Hex.encode(frame.layout)
        }
        return out
    }

    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count >= 2, parts[0] == "c1", Int(parts[1]) == Self.rate else { return nil }
        var frames: [Frame] = []
        var duration: Double?
        let cells = Self.layoutSide * Self.layoutSide
        for part in parts.dropFirst(2) {
            if frames.isEmpty, duration == nil, part.first == "d" {
                guard let seconds = Double(part.dropFirst()), seconds.isFinite, seconds >= 0 else { return nil }
                duration = seconds
                continue
            }
            guard part.utf8.count == 1 + 16 + cells * 2, let flag = part.first, flag == "+" || flag == "-" else { return nil }
            let body = part.dropFirst()
            guard let hash = UInt64(body.prefix(16), radix: 16), let layout = Hex.decode(body.dropFirst(16)) else { return nil }
            frames.append(Frame(hash: hash, layout: layout, informative: flag == "+"))
        }
        self.init(frames: frames, duration: duration)
    }
}

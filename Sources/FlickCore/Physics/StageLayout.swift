import Foundation

/// Where the cards sit on the stage and how large each one is.
///
/// Every card takes its clip's (or photo's) shape, its aspect clamped to
/// `narrowestAspect`…`widestAspect` (the picture is letterboxed inside
/// beyond that), and the top card is as large as the stage allows after
/// the margins and the edge the cards beneath show:
///
///     ┌──────────── stage ────────────┐
///     │ topMargin                     │
///     │   ┌──── box (top card) ────┐  │  sideMargin either side
///     │   │                        │  │
///     │   └────────────────────────┘  │
///     │    └──────────────────────┘   │  the cards beneath: an edge each,
///     │      └──────────────────┘     │  `peek` px below the one above
///     └───────────────────────────────┘
///
/// A card beneath keeps its own shape, fitted inside the top card and a
/// little smaller per level, bottom edge showing; as the top card leaves it
/// grows to its own place. Pure geometry: the app reads it on every layout,
/// so a resize re-lays the stack in the same frame.
public struct StageLayout: Equatable, Sendable {
    /// Narrowest card shape, width/height (9:16, a phone held upright).
    public static let narrowestAspect = 9.0 / 16.0
    /// Widest card shape (21:9, cinema); wider pictures are letterboxed.
    public static let widestAspect = 21.0 / 9.0
    /// The shape of a card whose clip's size is not known yet (16:9, most footage).
    public static let defaultAspect = 16.0 / 9.0
    /// Pixels kept free left and right of the cards (the rotation of a drag shows).
    public static let sideMargin = 24.0
    /// Pixels kept free above the cards.
    public static let topMargin = 8.0
    /// Pixels of each card beneath that show below the card above it: an edge, no more.
    public static let peek = 10.0
    /// The smallest card side (px), however small the window.
    public static let minimumSide = 120.0

    /// The stage's size (px).
    public var stage: Size
    /// Scale step per level beneath (from `SwipeTuning.stackScaleStep`).
    public var scaleStep: Double

    public init(stage: Size, scaleStep: Double = SwipeTuning().stackScaleStep) {
        self.stage = stage
        self.scaleStep = scaleStep
    }

    /// The card shape for a picture of `width`×`height`, clamped; the
    /// default shape while the size is unknown.
    public static func aspect(width: Int?, height: Int?) -> Double {
        guard let width, let height, width > 0, height > 0 else { return defaultAspect }
        return min(max(Double(width) / Double(height), narrowestAspect), widestAspect)
    }

    /// The room a top card may fill: the stage less the margins and the
    /// edges of the cards beneath.
    public var box: Size {
        let beneath = Double(PoseModel.visibleBeneath) * Self.peek
        return Size(max(stage.width - 2 * Self.sideMargin, Self.minimumSide),
                    max(stage.height - Self.topMargin - beneath, Self.minimumSide))
    }

    /// The size of a top card of shape `aspect`: as large as `box` allows.
    public func cardSize(aspect: Double) -> Size {
        let aspect = min(max(aspect, Self.narrowestAspect), Self.widestAspect)
        let box = self.box
        let width = min(box.width, box.height * aspect)
        return Size(width.rounded(.down), (width / aspect).rounded(.down))
    }

    /// The centre of a top card at rest (every top card shares it).
    public var centre: Vector {
        Vector((stage.width / 2).rounded(), (Self.topMargin + box.height / 2).rounded())
    }

    /// Where a card of `size` sits at `depth` levels beneath a top card of
    /// `top` size (0: it is the top card at rest; 1, 2: beneath; between:
    /// rising as the card above leaves). Returns its centre and scale.
    public func beneath(size: Size, top: Size, depth: Double) -> (centre: Vector, scale: Double) {
        let rest = centre
        guard depth > 0, size.width > 0, size.height > 0 else { return (rest, 1) }
        func frame(at level: Double) -> (centre: Vector, scale: Double) {
            let fit = min(1, top.width / size.width, top.height / size.height)
            let scale = fit * (1 - level * scaleStep)
            let bottom = rest.y + top.height / 2 + level * Self.peek
            return (Vector(rest.x, bottom - size.height * scale / 2), scale)
        }
        if depth >= 1 { return frame(at: depth) }
        // Rising from the first level to the top place: both move together.
        let first = frame(at: 1)
        let t = depth
        return (Vector(rest.x, rest.y + (first.centre.y - rest.y) * t), 1 + (first.scale - 1) * t)
    }
}

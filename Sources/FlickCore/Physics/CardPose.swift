import Foundation

/// What an overlay shows: the direction the card is heading and how strongly.
public struct Overlay: Equatable, Sendable {
    public var direction: SwipeDirection?
    /// 0 (invisible) … 1 (full, at the threshold).
    public var intensity: Double

    public static let none = Overlay(direction: nil, intensity: 0)
}

/// The top card's pose at one moment.
public struct CardPose: Equatable, Sendable {
    /// Offset of the card's centre from its rest position, px.
    public var translation: Vector
    /// Clockwise rotation in the screen plane, degrees.
    public var rotation: Double
    /// Perspective lean for 3D renderers, degrees: about the vertical axis
    /// (positive leans the right edge away) and the horizontal axis.
    public var tiltY: Double
    public var tiltX: Double
    /// The 2D stand-in for the lean (the cairo renderer cannot draw 3D):
    /// skew in degrees and a uniform scale.
    public var skewX: Double
    public var skewY: Double
    public var scale: Double
    public var overlay: Overlay

    public static let rest = CardPose(
        translation: .zero, rotation: 0, tiltY: 0, tiltX: 0, skewX: 0, skewY: 0, scale: 1, overlay: .none
    )
}

/// A card beneath the top one: how far down and how small it sits.
public struct DepthPose: Equatable, Sendable {
    public var offsetY: Double
    public var scale: Double

    public init(offsetY: Double, scale: Double) {
        self.offsetY = offsetY
        self.scale = scale
    }
}

/// The whole stack at one moment: the top card and the cards beneath.
public struct StackPose: Equatable, Sendable {
    public var top: CardPose
    /// Index 0 is the card right under the top one.
    public var beneath: [DepthPose]
}

/// Computes poses from offsets. `grabbedLowerHalf` flips the rotation, as a
/// card held near its bottom edge swings the other way.
public struct PoseModel: Sendable {
    public var geometry: SwipeGeometry
    public var tuning: SwipeTuning { geometry.tuning }
    public var card: Size { geometry.card }
    /// How many cards beneath the top one are drawn.
    public static let visibleBeneath = 2

    public init(geometry: SwipeGeometry) {
        self.geometry = geometry
    }

    /// The top card's pose at `offset` (already resisted).
    public func pose(offset: Vector, grabbedLowerHalf: Bool) -> CardPose {
        let w = max(card.width, 1), h = max(card.height, 1)
        let fx = min(abs(offset.x) / w, 1) * (offset.x < 0 ? -1 : 1)
        let fy = min(abs(offset.y) / h, 1) * (offset.y < 0 ? -1 : 1)
        var rotation = abs(fx) * tuning.maxRotationDegrees * (offset.x < 0 ? -1 : 1)
        if grabbedLowerHalf { rotation = -rotation }
        let lift = min(offset.length / w, 1)
        return CardPose(
            translation: offset,
            rotation: rotation == 0 ? 0 : rotation,
            tiltY: fx * tuning.maxTiltDegrees,
            tiltX: -fy * tuning.maxTiltDegrees,
            skewX: -fy * fx * tuning.maxSkewDegrees,
            skewY: fx * tuning.maxSkewDegrees * 0.5,
            scale: 1 + lift * tuning.liftScale,
            overlay: overlay(offset: offset)
        )
    }

    /// The overlay at `offset`: the direction it points in, growing from
    /// `overlayStartFraction` of the threshold to full at the threshold.
    public func overlay(offset: Vector, motion: Vector? = nil) -> Overlay {
        guard let direction = geometry.direction(of: offset, motion: motion) else { return .none }
        let progress = geometry.progress(offset, toward: direction)
        let start = tuning.overlayStartFraction
        let intensity = min(max((progress - start) / (1 - start), 0), 1)
        return intensity > 0 ? Overlay(direction: direction, intensity: intensity) : .none
    }

    /// A drag's overlay, given what releasing now would decide: full
    /// strength toward a direction a release would commit; otherwise the
    /// growing overlay at `offset`, scaled to at most
    /// `pendingOverlayIntensity`, so the sign jumps to full exactly when
    /// letting go would decide, and falls back when it would not.
    public func overlay(offset: Vector, motion: Vector? = nil, deciding resolution: Resolution) -> Overlay {
        if case .commit(let direction) = resolution { return Overlay(direction: direction, intensity: 1) }
        var pending = overlay(offset: offset, motion: motion)
        pending.intensity *= tuning.pendingOverlayIntensity
        return pending.intensity > 0 ? pending : .none
    }

    /// How far the top card has left (0 at rest … 1 at the threshold), which
    /// raises the cards beneath toward the next level up.
    public func liftProgress(offset: Vector) -> Double {
        let best = SwipeDirection.allCases.map { geometry.progress(offset, toward: $0) }.max() ?? 0
        return min(max(best, 0), 1)
    }

    /// Poses of the cards beneath, with the next one `lift` of the way to the top.
    public func beneath(lift: Double) -> [DepthPose] {
        (1...Self.visibleBeneath).map { level in
            let depth = Double(level) - min(max(lift, 0), 1)
            return DepthPose(offsetY: depth * tuning.stackOffset, scale: 1 - depth * tuning.stackScaleStep)
        }
    }

    /// How many levels beneath the top a card in `pose` sits (1, 2; between
    /// while it rises), for layouts that place cards of different shapes.
    public func depth(of pose: DepthPose) -> Double {
        tuning.stackOffset > 0 ? pose.offsetY / tuning.stackOffset : (1 - pose.scale) / max(tuning.stackScaleStep, 1e-9)
    }

    public func stack(offset: Vector, grabbedLowerHalf: Bool) -> StackPose {
        StackPose(top: pose(offset: offset, grabbedLowerHalf: grabbedLowerHalf), beneath: beneath(lift: liftProgress(offset: offset)))
    }
}

import Foundation

/// A presentation transition after a drag or an action, sampled by time.
///
/// - `snapBack`: the top card springs back to rest.
/// - `flyOff`: the top card leaves along a straight line, at least as fast
///   as it was released, until it is fully off-screen; the next card rises
///   to the top in the same time.
/// - `bringBack`: a card returns from off-screen to the top (undo, previous).
///
/// Times are seconds since the transition began. With reduced motion every
/// transition lasts zero seconds.
public struct Transition: Sendable {
    public enum Kind: Equatable, Sendable {
        case snapBack
        case flyOff(SwipeDirection)
        case bringBack(SwipeDirection)
    }

    public let kind: Kind
    public let duration: Double
    private let model: PoseModel
    private let grabbedLowerHalf: Bool
    private let springX: Spring
    private let springY: Spring
    private let start: Vector
    private let velocity: Vector
    private let startLift: Double

    /// The card springs back from `offset`, released at `velocity`.
    public static func snapBack(from offset: Vector, velocity: Vector, model: PoseModel, grabbedLowerHalf: Bool) -> Transition {
        Transition(kind: .snapBack, model: model, grabbedLowerHalf: grabbedLowerHalf, start: offset, velocity: velocity)
    }

    /// The card leaves toward `direction` from `offset`, continuing `velocity`.
    public static func flyOff(_ direction: SwipeDirection, from offset: Vector = .zero, velocity: Vector = .zero,
                              model: PoseModel, viewport: Size, grabbedLowerHalf: Bool = false) -> Transition {
        let tuning = model.tuning
        // Keep the release direction when it points the card's way; otherwise fly along the axis.
        let released = velocity.length > 0 ? velocity / velocity.length : direction.unit
        let heading = released.dot(direction.unit) >= cos(tuning.flyOffHeadingDegrees * .pi / 180) ? released : direction.unit
        let distance = Self.distanceOffScreen(from: offset, heading: heading, card: model.card, viewport: viewport)
        var speed = max(velocity.dot(heading), tuning.minFlyOffSpeed)
        if distance / speed > tuning.maxFlyOffDuration { speed = distance / tuning.maxFlyOffDuration }
        return Transition(kind: .flyOff(direction), model: model, grabbedLowerHalf: grabbedLowerHalf,
                          start: offset, velocity: heading * speed, flyDuration: distance / speed)
    }

    /// A card comes back to the top from off-screen on `side` (where it left).
    public static func bringBack(from side: SwipeDirection, model: PoseModel, viewport: Size) -> Transition {
        let distance = Self.distanceOffScreen(from: .zero, heading: side.unit, card: model.card, viewport: viewport)
        return Transition(kind: .bringBack(side), model: model, grabbedLowerHalf: false, start: side.unit * distance, velocity: .zero)
    }

    private init(kind: Kind, model: PoseModel, grabbedLowerHalf: Bool, start: Vector, velocity: Vector, flyDuration: Double = 0) {
        self.kind = kind
        self.model = model
        self.grabbedLowerHalf = grabbedLowerHalf
        self.start = start
        self.velocity = velocity
        let tuning = model.tuning
        springX = Spring(dampingRatio: tuning.springDampingRatio, response: tuning.springResponse, from: start.x, velocity: velocity.x)
        springY = Spring(dampingRatio: tuning.springDampingRatio, response: tuning.springResponse, from: start.y, velocity: velocity.y)
        startLift = model.liftProgress(offset: start)
        if tuning.reducedMotion {
            duration = 0
        } else if case .flyOff = kind {
            duration = flyDuration
        } else {
            duration = max(springX.settleTime, springY.settleTime)
        }
    }

    public func isFinished(at t: Double) -> Bool { t >= duration }

    /// The moving card's offset at `t`.
    public func offset(at t: Double) -> Vector {
        switch kind {
        case .flyOff:
            return start + velocity * min(max(t, 0), duration)
        case .snapBack, .bringBack:
            guard !isFinished(at: t) else { return .zero }
            return Vector(springX.value(at: t), springY.value(at: t))
        }
    }

    /// The stack at `t`. For a fly-off, `top` is the leaving card and the
    /// first of `beneath` is the next card settling into the top place.
    public func pose(at t: Double) -> StackPose {
        let offset = offset(at: t)
        var pose = model.stack(offset: offset, grabbedLowerHalf: grabbedLowerHalf)
        switch kind {
        case .flyOff(let direction):
            // Decided: the sign stays at full strength as the card leaves.
            pose.top.overlay = Overlay(direction: direction, intensity: 1)
        case .snapBack:
            // Not decided: the sign fades from what the drag showed.
            pose.top.overlay = model.overlay(offset: offset, deciding: .snapBack)
        case .bringBack:
            break
        }
        if case .flyOff = kind {
            let p = duration > 0 ? min(max(t / duration, 0), 1) : 1
            let eased = 1 - pow(1 - p, 3) // ease-out cubic
            pose.beneath = model.beneath(lift: startLift + (1 - startLift) * eased)
        }
        return pose
    }

    /// Distance along `heading` after which a card (bounded by its circle of
    /// half-diagonal radius, so rotation cannot leave a corner on screen)
    /// has fully left a viewport it was centred in.
    static func distanceOffScreen(from offset: Vector, heading: Vector, card: Size, viewport: Size) -> Double {
        let radius = card.diagonal / 2
        var best = Double.infinity
        if abs(heading.x) > 1e-9 {
            let edge = viewport.width / 2 + radius
            best = min(best, (edge - offset.x * (heading.x > 0 ? 1 : -1)) / abs(heading.x))
        }
        if abs(heading.y) > 1e-9 {
            let edge = viewport.height / 2 + radius
            best = min(best, (edge - offset.y * (heading.y > 0 ? 1 : -1)) / abs(heading.y))
        }
        return max(best, 0)
    }
}

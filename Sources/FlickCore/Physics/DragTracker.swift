import Foundation

/// The outcome of releasing a drag.
public enum Resolution: Equatable, Sendable {
    case snapBack
    case commit(SwipeDirection)
}

/// One drag from press to release: feed it samples, read poses, and get a
/// resolution on release. Release velocity is estimated here from the
/// samples' own timestamps (`VelocityEstimator`; GTK's swipe gesture reports
/// 0 for synthetic events, so Flick does not depend on it).
///
/// What you see is what you get: the pose's overlay comes from the same
/// `resolve` a release uses, with the velocity a release at that moment
/// would have, so the sign is at full strength exactly when letting go now
/// would decide.
public struct DragTracker: Sendable {
    public private(set) var model: PoseModel
    public var availability: SwipeAvailability
    /// Raw offset of the latest sample (before resistance).
    public private(set) var rawOffset: Vector = .zero
    public let grabbedLowerHalf: Bool
    /// Distance travelled along each axis so far (px, every step's |dx| and
    /// |dy| summed): the dominant axis of the whole motion.
    public private(set) var travelled: Vector = .zero
    private var estimator: VelocityEstimator

    /// Starts a drag grabbed at `grab` (card coordinates) on a card of `card` size.
    public init(grab: Vector, card: Size, tuning: SwipeTuning = SwipeTuning(), availability: SwipeAvailability = .all, time: Double = 0) {
        model = PoseModel(geometry: SwipeGeometry(tuning: tuning, card: card))
        self.availability = availability
        grabbedLowerHalf = grab.y > card.height / 2
        estimator = VelocityEstimator(time: time, window: tuning.velocityWindow, stillTime: tuning.stillBeforeRelease)
    }

    /// The offset the card shows (resisted where a direction is unavailable).
    public var offset: Vector { model.geometry.resisted(rawOffset, availability: availability) }

    /// Time (s) of the latest sample.
    public var latestTime: Double { estimator.latestTime }

    /// Records the drag's offset from its start at `time` (seconds, the
    /// event's own timestamp).
    public mutating func sample(_ offset: Vector, at time: Double) {
        travelled = travelled + Vector(abs(offset.x - rawOffset.x), abs(offset.y - rawOffset.y))
        rawOffset = offset
        estimator.add(offset, at: time)
    }

    /// The current stack pose (as of the latest sample).
    public var pose: StackPose { pose(at: latestTime) }

    /// The stack pose at `time` (s, on the samples' clock, at or after the
    /// latest sample): the overlay shows what releasing then would do.
    public func pose(at time: Double) -> StackPose {
        let offset = self.offset
        var stack = model.stack(offset: offset, grabbedLowerHalf: grabbedLowerHalf)
        stack.top.overlay = model.overlay(offset: offset, motion: travelled, deciding: resolution(at: time))
        return stack
    }

    /// Velocity (px/s) a release at the latest sample would have.
    public var velocity: Vector { estimator.velocity(at: latestTime) }

    /// Whether the pointer has rested longer than `stillBeforeRelease` by `time`.
    public func isStill(at time: Double) -> Bool {
        time - estimator.lastMotionTime > model.tuning.stillBeforeRelease
    }

    /// What releasing at `time` (no new position since the latest sample) would decide.
    public func resolution(at time: Double) -> Resolution {
        Self.resolve(offset: offset, velocity: estimator.velocity(at: time), geometry: model.geometry,
                     availability: availability, motion: travelled)
    }

    /// Ends the drag at `offset` and `time` and decides what happens.
    public mutating func end(_ offset: Vector, at time: Double) -> Resolution {
        sample(offset, at: time)
        return resolution(at: latestTime)
    }

    /// The rules, for every input (mouse, touchscreen, touchpad):
    /// 1. the direction is the offset's dominant axis (near the diagonal,
    ///    the axis the whole `motion` travelled more along; see
    ///    `SwipeGeometry.direction`), and must be available;
    /// 2. every decision needs `minimumTravelFraction` of the card's width
    ///    along that direction;
    /// 3. it commits by distance (progress ≥ 1, whatever the speed), or by
    ///    fling: release velocity toward the direction ≥ the fling speed
    ///    (`flingWidthsPerSecond` card widths per second).
    /// Everything else springs back.
    public static func resolve(offset: Vector, velocity: Vector, geometry: SwipeGeometry, availability: SwipeAvailability,
                               motion: Vector? = nil) -> Resolution {
        guard let direction = geometry.direction(of: offset, motion: motion), availability.contains(direction) else { return .snapBack }
        let tuning = geometry.tuning
        let travel = offset.dot(direction.unit)
        guard travel >= tuning.minimumTravel(card: geometry.card) else { return .snapBack }
        if geometry.progress(offset, toward: direction) >= 1 { return .commit(direction) }
        if velocity.dot(direction.unit) >= tuning.flingSpeed(card: geometry.card) { return .commit(direction) }
        return .snapBack
    }
}

import Foundation

/// The outcome of releasing a drag.
public enum Resolution: Equatable, Sendable {
    case snapBack
    case commit(SwipeDirection)
}

/// One drag from press to release: feed it samples, read poses, and get a
/// resolution on release. Release velocity is computed here from the last
/// `velocityWindow` of samples (GTK's swipe gesture reports 0 for synthetic
/// events, so Flick does not depend on it).
public struct DragTracker: Sendable {
    public private(set) var model: PoseModel
    public var availability: SwipeAvailability
    /// Raw offset of the latest sample (before resistance).
    public private(set) var rawOffset: Vector = .zero
    public let grabbedLowerHalf: Bool
    private var samples: [(offset: Vector, time: Double)] = []

    /// Starts a drag grabbed at `grab` (card coordinates) on a card of `card` size.
    public init(grab: Vector, card: Size, tuning: SwipeTuning = SwipeTuning(), availability: SwipeAvailability = .all, time: Double = 0) {
        model = PoseModel(geometry: SwipeGeometry(tuning: tuning, card: card))
        self.availability = availability
        grabbedLowerHalf = grab.y > card.height / 2
        samples = [(.zero, time)]
    }

    /// The offset the card shows (resisted where a direction is unavailable).
    public var offset: Vector { model.geometry.resisted(rawOffset, availability: availability) }

    /// Records the drag's offset from its start at `time` (seconds).
    public mutating func sample(_ offset: Vector, at time: Double) {
        rawOffset = offset
        samples.append((offset, time))
        // Keep only what the velocity window needs (plus one older anchor).
        let cutoff = time - model.tuning.velocityWindow
        if let firstInside = samples.firstIndex(where: { $0.time >= cutoff }), firstInside > 1 {
            samples.removeFirst(firstInside - 1)
        }
    }

    /// The current stack pose.
    public var pose: StackPose { model.stack(offset: offset, grabbedLowerHalf: grabbedLowerHalf) }

    /// Velocity (px/s) over the last `velocityWindow` seconds of samples.
    public var velocity: Vector {
        guard let last = samples.last else { return .zero }
        let cutoff = last.time - model.tuning.velocityWindow
        guard let first = samples.first(where: { $0.time >= cutoff }), last.time > first.time else { return .zero }
        return (last.offset - first.offset) / (last.time - first.time)
    }

    /// Ends the drag at `offset` and `time` and decides what happens.
    public mutating func end(_ offset: Vector, at time: Double) -> Resolution {
        sample(offset, at: time)
        return Self.resolve(offset: self.offset, velocity: velocity, geometry: model.geometry, availability: availability)
    }

    /// Commit by distance (progress ≥ 1) or by fling (speed toward the
    /// direction ≥ `flingSpeed` and travel ≥ `flingMinTravelFraction`);
    /// ambiguous diagonals and unavailable directions snap back.
    public static func resolve(offset: Vector, velocity: Vector, geometry: SwipeGeometry, availability: SwipeAvailability) -> Resolution {
        guard let direction = geometry.direction(of: offset), availability.contains(direction) else { return .snapBack }
        if geometry.progress(offset, toward: direction) >= 1 { return .commit(direction) }
        let tuning = geometry.tuning
        let travel = offset.dot(direction.unit) / tuning.extent(direction, card: geometry.card)
        let speed = velocity.dot(direction.unit)
        if speed >= tuning.flingSpeed && travel >= tuning.flingMinTravelFraction { return .commit(direction) }
        return .snapBack
    }
}

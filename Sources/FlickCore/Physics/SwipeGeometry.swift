import Foundation

/// Which directions a swipe may go right now. "Previous" is unavailable on
/// the first card; nothing is available on a finished deck.
public struct SwipeAvailability: Equatable, Sendable {
    public var allowed: Set<SwipeDirection>

    public init(_ allowed: Set<SwipeDirection> = Set(SwipeDirection.allCases)) {
        self.allowed = allowed
    }

    public static let all = SwipeAvailability()

    public func contains(_ direction: SwipeDirection) -> Bool { allowed.contains(direction) }
}

/// Pure functions from a drag offset to direction, progress and resistance.
public struct SwipeGeometry: Sendable {
    public var tuning: SwipeTuning
    public var card: Size

    public init(tuning: SwipeTuning = SwipeTuning(), card: Size) {
        self.tuning = tuning
        self.card = card
    }

    /// Progress toward `direction`'s threshold: 1 at the threshold, negative
    /// when the offset points the other way (opposing directions cancel).
    public func progress(_ offset: Vector, toward direction: SwipeDirection) -> Double {
        offset.dot(direction.unit) / tuning.threshold(direction, card: card)
    }

    /// The direction an offset points in, or nil at rest or on an exact
    /// diagonal: the axis of the offset's larger component (each axis
    /// claims up to 45° either side, so a thumb's arc that ends 40° low is
    /// still sideways). Within `diagonalBandDegrees` of the diagonal, where
    /// the end point alone is ambiguous, the axis the whole drag travelled
    /// more along (`motion`: every step's |dx| and |dy| summed) decides.
    /// Pixels count alike on both axes: the card's shape never pulls a
    /// drag toward one axis.
    public func direction(of offset: Vector, motion: Vector? = nil) -> SwipeDirection? {
        guard offset.length > 0 else { return nil }
        let angle = atan2(abs(offset.y), abs(offset.x)) * 180 / .pi
        var horizontal = abs(offset.x) > abs(offset.y)
        if abs(angle - 45) <= tuning.diagonalBandDegrees, let motion, motion.x != motion.y {
            horizontal = motion.x > motion.y
        } else if abs(offset.x) == abs(offset.y) {
            return nil
        }
        return horizontal ? (offset.x >= 0 ? .right : .left) : (offset.y >= 0 ? .down : .up)
    }

    /// The offset the card actually shows: components pointing toward an
    /// unavailable direction are rubber-banded (they resist, never run free).
    public func resisted(_ offset: Vector, availability: SwipeAvailability) -> Vector {
        var result = offset
        if offset.x > 0 && !availability.contains(.right) || offset.x < 0 && !availability.contains(.left) {
            result.x = rubberBand(offset.x, dimension: card.width)
        }
        if offset.y > 0 && !availability.contains(.down) || offset.y < 0 && !availability.contains(.up) {
            result.y = rubberBand(offset.y, dimension: card.height)
        }
        return result
    }

    /// `(1 − 1 / (|x|·c/d + 1)) · d`, signed: follows the finger at first,
    /// then ever more slowly, never beyond `dimension`.
    public func rubberBand(_ x: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let c = tuning.rubberBandConstant
        let magnitude = (1 - 1 / (abs(x) * c / dimension + 1)) * dimension
        return x < 0 ? -magnitude : magnitude
    }
}

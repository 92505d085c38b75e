/// The four ways a card can be swiped, and the deck action each one means.
public enum SwipeDirection: String, CaseIterable, Sendable, Codable {
    case right, left, up, down

    /// The deck action this swipe performs (right likes, left deletes,
    /// up skips, down goes back one card).
    public var action: DeckAction {
        switch self {
        case .right: .like
        case .left: .delete
        case .up: .skip
        case .down: .previous
        }
    }

    /// The unit vector pointing this way (screen coordinates, +y down).
    public var unit: Vector {
        switch self {
        case .right: Vector(1, 0)
        case .left: Vector(-1, 0)
        case .up: Vector(0, -1)
        case .down: Vector(0, 1)
        }
    }

    public var isHorizontal: Bool { self == .right || self == .left }

    public init?(action: DeckAction) {
        guard let direction = Self.allCases.first(where: { $0.action == action }) else { return nil }
        self = direction
    }
}

public extension Decision {
    /// The swipe that records this decision (the way its card left).
    var direction: SwipeDirection {
        switch self {
        case .like: .right
        case .delete: .left
        case .skip: .up
        }
    }
}

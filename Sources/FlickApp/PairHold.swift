/// A half of a Live Photo that Apply leaves where it is because of its
/// other half; the callers word it.
public struct PairHold: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The other half is liked: a like keeps the whole Live Photo.
        case partnerLiked
        /// The other half could not be moved (its own failure says why),
        /// so this one stays with it.
        case partnerNotMoved
    }

    /// The file left, relative to the reviewed folder.
    public let path: String
    /// Its other half.
    public let partner: String
    /// Whether the file left is the still (its partner the video).
    public let isStill: Bool
    public let reason: Reason

    public init(path: String, partner: String, isStill: Bool, reason: Reason) {
        self.path = path
        self.partner = partner
        self.isStill = isStill
        self.reason = reason
    }
}

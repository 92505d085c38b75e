/// A use case that did nothing: nothing to do (`reason` nil), or a reason
/// it could not start in the app's words.
public struct NotStarted: Sendable, Equatable {
    public enum Work: Sendable, Equatable {
        case applyDeletions
        case exportLikes
        /// The export's chosen place was refused.
        case exportThere
    }

    public var work: Work
    public var reason: String?

    public init(_ work: Work, reason: String? = nil) {
        self.work = work
        self.reason = reason
    }
}

/// Where every input (drag commit, key, button, accessibility action) goes.
///
/// Input is applied to the session at once and in arrival order — none
/// dropped, none reordered — even while a fly-off is still on screen: the
/// animation is presentation only. The outcomes wait in `pending` for the
/// presentation layer, which shows the newest and settles the rest at once.
/// A key event flagged as auto-repeat never changes the deck.
public struct InputQueue: Sendable {
    public enum Result: Equatable, Sendable {
        case applied(ActionOutcome)
        case ignoredRepeat
        case unavailable
    }

    public private(set) var session: ReviewSession
    /// Outcomes not yet taken by the presentation layer, oldest first.
    public private(set) var pending: [ActionOutcome] = []

    public init(session: ReviewSession) {
        self.session = session
    }

    @discardableResult
    public mutating func submit(_ action: DeckAction, isAutoRepeat: Bool = false, at time: Double = 0) -> Result {
        guard !isAutoRepeat else { return .ignoredRepeat }
        guard let outcome = session.perform(action, at: time) else { return .unavailable }
        pending.append(outcome)
        return .applied(outcome)
    }

    /// Hands every pending outcome to the presentation layer, oldest first.
    public mutating func takePending() -> [ActionOutcome] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}

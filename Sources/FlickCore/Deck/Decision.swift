/// What the user decided about a clip. Decisions never touch files:
/// "delete" only marks a clip; applying deletions is a separate step.
public enum Decision: String, Codable, Sendable, CaseIterable {
    case like, delete, skip
}

/// Everything a user can do to the deck; each is one GAction in the app.
public enum DeckAction: String, CaseIterable, Sendable {
    case like, delete, skip, previous, undo

    /// The decision this action records, if it records one.
    public var decision: Decision? {
        switch self {
        case .like: .like
        case .delete: .delete
        case .skip: .skip
        case .previous, .undo: nil
        }
    }
}

/// One undoable change to the deck, as plain data the store persists.
public enum Step: Equatable, Codable, Sendable {
    /// The card at `position` got `decision`; `replaced` is what it had before.
    case decide(position: Int, decision: Decision, replaced: Decision?)
    /// The cursor moved back one card from `from`.
    case previous(from: Int)
}

/// What an action did, for the presentation layer and the status line.
public enum ActionOutcome: Equatable, Sendable {
    case decided(position: Int, decision: Decision)
    case wentBack(to: Int)
    /// `step` was reversed; the card at `position` is on top again.
    case undid(step: Step, position: Int)
}

extension ActionOutcome {
    /// Whether the step changed a decision (going back, and undoing it, do not).
    public var changesDecisions: Bool {
        switch self {
        case .decided, .undid(.decide, _): true
        case .wentBack, .undid(.previous, _): false
        }
    }
}

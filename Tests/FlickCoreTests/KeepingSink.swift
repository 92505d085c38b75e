@testable import FlickCore

/// A sink that saves everything, and keeps what it was given.
@MainActor
final class KeepingSink: DecisionSink {
    var recorded: [ActionOutcome] = []
    func record(_ outcome: ActionOutcome, session: ReviewSession) throws { recorded.append(outcome) }
    func rememberProblem(clipID: Int64, reason: String?) throws {}
}

@testable import FlickCore

/// A sink for the review model's tests that keeps every call, batches
/// apart from single steps, and can be told to fail ("disk full").
@MainActor
final class BatchSink: DecisionSink {
    struct Failure: Error, CustomStringConvertible { var description: String { "disk full" } }
    var problems: [Int64: String?] = [:]
    var single: [ActionOutcome] = []
    var batches: [[ActionOutcome]] = []
    var failing = false

    func rememberProblem(clipID: Int64, reason: String?) throws { problems[clipID] = reason }

    func record(_ outcome: ActionOutcome, session: ReviewSession) throws {
        if failing { throw Failure() }
        single.append(outcome)
    }

    func record(batch outcomes: [ActionOutcome], session: ReviewSession) throws {
        if failing { throw Failure() }
        batches.append(outcomes)
    }
}

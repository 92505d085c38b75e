import FlickCore
import Foundation

extension Store {
    /// Persists several outcomes of `session` in one transaction, on disk
    /// when this returns: a batch of decisions made in the overview (each
    /// one `decide` row, so the history replays step by step after a
    /// restart), or the undo of such a batch (one `undo` row per step).
    /// The decisions among `outcomes` must be the session's last steps, in
    /// order; anything else is refused and nothing is saved.
    public func record(batch outcomes: [ActionOutcome], session: ReviewSession, folder: FolderRecord) throws(StoreError) {
        let ids = session.deck.ids
        let now = Date().timeIntervalSince1970
        let decided = outcomes.filter { if case .decided = $0 { true } else { false } }
        let steps = Array(session.history.suffix(decided.count))
        var handle: NoFollowDirectory?
        try db.transaction { () throws(StoreError) in
            var next = 0
            for outcome in outcomes {
                try refuseSuperseded(outcome, ids: ids, folder: folder)
                switch outcome {
                case .decided(let position, let decision):
                    guard next < steps.count, case .decide(position, decision, let replaced) = steps[next] else {
                        throw StoreError(.notLastStep(position: position, inBatch: true))
                    }
                    next += 1
                    try db.run("INSERT INTO action(folder_id, kind, clip_id, decision, replaced, at) VALUES (?, 'decide', ?, ?, ?, ?)",
                               folder.id, ids[position], decision.rawValue, replaced?.rawValue, now)
                    try setDecision(decision, clip: ids[position], folder: folder, handle: &handle)
                case .undid(let step, _):
                    try db.run("INSERT INTO action(folder_id, kind, at) VALUES (?, 'undo', ?)", folder.id, now)
                    if case .decide(let position, _, let replaced) = step {
                        try setDecision(replaced, clip: ids[position], folder: folder, handle: &handle)
                    }
                case .wentBack(let position):
                    try db.run("INSERT INTO action(folder_id, kind, clip_id, at) VALUES (?, 'previous', ?, ?)", folder.id, ids[position], now)
                }
            }
        }
    }
}

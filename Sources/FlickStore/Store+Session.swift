import FlickCore
import Foundation

extension Store {
    /// Rebuilds the review session of `folder` for the deck `clips` (from
    /// `sync`): every decision, and the undo history replayed from the
    /// action log, so undo works after a restart. Steps about clips no
    /// longer in the deck are left out. The top card is the first
    /// undecided clip.
    public func session(for folder: FolderRecord, deck clips: [StoredClip]) throws(StoreError) -> ReviewSession {
        let positions = Dictionary(clips.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        // Replay the log by clip id: decide and previous push, undo pops.
        enum Logged { case decide(clip: Int64, decision: Decision, replaced: Decision?), previous(to: Int64) }
        var stack: [Logged] = []
        // The log is read before a deferred sync's rows are written: they are clip rows only.
        let log = try db.holdingPending { () throws(StoreError) in
            try db.rows("SELECT kind, clip_id, decision, replaced FROM action WHERE folder_id = ? ORDER BY id", folder.id)
        }
        for row in log {
            switch row[0].string {
            case "decide":
                guard let clip = row[1].int64, let decision = row[2].string.flatMap(Decision.init(rawValue:)) else { continue }
                stack.append(.decide(clip: clip, decision: decision, replaced: row[3].string.flatMap(Decision.init(rawValue:))))
            case "previous":
                guard let clip = row[1].int64 else { continue }
                stack.append(.previous(to: clip))
            case "undo":
                _ = stack.popLast()
            default:
                continue
            }
        }
        let steps: [Step] = stack.compactMap { logged in
            switch logged {
            case .decide(let clip, let decision, let replaced):
                positions[clip].map { .decide(position: $0, decision: decision, replaced: replaced) }
            case .previous(let clip):
                positions[clip].map { .previous(from: $0 + 1) }
            }
        }
        var session = ReviewSession(deck: Deck(ids: clips.map(\.id)), replaying: steps)
        // The stored decision is the truth; replay only rebuilds the history.
        session.restore(decisions: clips.map(\.decision))
        session.resume()
        return session
    }

    /// Persists what `session` just did (`outcome`), in one transaction that
    /// is on disk when this returns — before the card leaves the screen.
    public func record(_ outcome: ActionOutcome, session: ReviewSession, folder: FolderRecord) throws(StoreError) {
        let ids = session.deck.ids
        let now = Date().timeIntervalSince1970
        var handle: NoFollowDirectory?
        try db.transaction { () throws(StoreError) in
            try refuseSuperseded(outcome, ids: ids, folder: folder)
            switch outcome {
            case .decided(let position, let decision):
                guard case .decide(_, _, let replaced) = session.history.last else {
                    // A decision whose step is not the last one would be saved wrong: refuse, don't skip.
                    throw StoreError(.notLastStep(position: position, inBatch: false))
                }
                try db.run("INSERT INTO action(folder_id, kind, clip_id, decision, replaced, at) VALUES (?, 'decide', ?, ?, ?, ?)",
                           folder.id, ids[position], decision.rawValue, replaced?.rawValue, now)
                try setDecision(decision, clip: ids[position], folder: folder, handle: &handle)
            case .wentBack(let position):
                try db.run("INSERT INTO action(folder_id, kind, clip_id, at) VALUES (?, 'previous', ?, ?)", folder.id, ids[position], now)
            case .undid(let step, _):
                try db.run("INSERT INTO action(folder_id, kind, at) VALUES (?, 'undo', ?)", folder.id, now)
                if case .decide(let position, _, let replaced) = step {
                    try setDecision(replaced, clip: ids[position], folder: folder, handle: &handle)
                }
            }
        }
    }

    /// Sets a clip's decision inside the caller's transaction, with the
    /// fingerprint of the file it is made on. A clip another Flick moved
    /// out of the folder meanwhile (applied, or gone) is refused
    /// (`StoreError.notInFolder`), and the transaction with it.
    func setDecision(_ decision: Decision?, clip id: Int64, folder: FolderRecord, handle: inout NoFollowDirectory?) throws(StoreError) {
        try db.run("UPDATE clip SET decision = ? WHERE id = ? AND state = 'present'", decision?.rawValue, id)
        guard db.changes == 1 else {
            let row = try db.rows("SELECT path, state FROM clip WHERE id = ?", id).first
            throw StoreError.notInFolder(clipID: id, path: row?[0].string ?? "", applied: row?[1].string == "applied")
        }
        if decision != nil { try fillFingerprint(id, folder: folder, handle: &handle) }
    }
}

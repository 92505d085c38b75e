import FlickCore
import FlickStore
import Foundation

/// The model's decision sink: the store of the folder on screen. With no
/// folder open a decision cannot be saved, and says so. A decision refused
/// because another Flick moved the clip out of the folder (Apply) is
/// reported to `onMovedElsewhere` once the model has taken it back.
@MainActor
final class DecisionRecorder: DecisionSink {
    var folder: ReviewedFolder?
    var onMovedElsewhere: ((Int64) -> Void)?
    /// A sidecar the preference "Keep XMP sidecars in step" could not write.
    var onSidecarFailure: ((Sidecars.Failure) -> Void)?
    /// Writes the sidecars of "Keep XMP sidecars in step" off the main thread.
    var sidecars: SidecarKeeper?

    func record(_ outcome: ActionOutcome, session: ReviewSession) throws {
        guard let folder else { throw ErrorText.Worded(StoreError(.noFolderOpen)) }
        try noticingMoves { () throws(StoreError) in try folder.record(outcome, session: session) }
        keepSidecarsInStep([outcome], session: session)
    }

    func record(batch outcomes: [ActionOutcome], session: ReviewSession) throws {
        guard let folder else { throw ErrorText.Worded(StoreError(.noFolderOpen)) }
        try noticingMoves { () throws(StoreError) in try folder.store.record(batch: outcomes, session: session, folder: folder.record) }
        keepSidecarsInStep(outcomes, session: session)
    }

    /// Runs `body`; a store error comes out worded for the user (the
    /// model shows it as the reason a decision was not saved).
    private func noticingMoves(_ body: () throws(StoreError) -> Void) throws {
        do {
            try body()
        } catch {
            if let id = error.movedClipID, let onMovedElsewhere {
                Task { @MainActor in onMovedElsewhere(id) }
            }
            throw ErrorText.Worded(error)
        }
    }

    func rememberProblem(clipID: Int64, reason: String?) throws {
        guard let folder else { return }
        if let reason {
            try folder.store.recordProblem(clipID: clipID, reason: reason)
        } else {
            try folder.store.clearProblem(clipID: clipID)
        }
    }
}

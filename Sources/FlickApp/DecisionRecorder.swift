import FlickCore
import FlickStore
import Foundation

/// The model's decision sink: the store of the folder on screen. With no
/// folder open a decision cannot be saved, and says so. A decision refused
/// because another Flick moved the clip out of the folder (Apply) is
/// reported to `onMovedElsewhere` once the model has taken it back.
///
/// The caller words the errors (`wording`: the model shows an error's
/// description as the reason a decision was not saved) and says whether
/// sidecars are kept in step (`sidecarLikeRating`).
@MainActor
public final class DecisionRecorder: DecisionSink {
    public var folder: ReviewedFolder?
    public var onMovedElsewhere: ((Int64) -> Void)?
    /// A sidecar the preference "Keep XMP sidecars in step" could not write.
    public var onSidecarFailure: ((Sidecars.Failure) -> Void)?
    /// Writes the sidecars of "Keep XMP sidecars in step" off the main thread.
    public private(set) var sidecars: SidecarKeeper?
    /// The rating a like gets in its sidecar while "Keep XMP sidecars in
    /// step" is on; nil while it is off (no sidecar is touched).
    public var sidecarLikeRating: @MainActor () -> Int? = { nil }
    private let wording: @Sendable (any Error) -> any Error

    /// `wording` turns a store error into the one the model is given.
    public init(wording: @escaping @Sendable (any Error) -> any Error = { $0 }) {
        self.wording = wording
    }

    public func record(_ outcome: ActionOutcome, session: ReviewSession) throws {
        guard let folder else { throw wording(StoreError(.noFolderOpen)) }
        try noticingMoves { () throws(StoreError) in try folder.record(outcome, session: session) }
        keepSidecarsInStep([outcome], session: session)
    }

    public func record(batch outcomes: [ActionOutcome], session: ReviewSession) throws {
        guard let folder else { throw wording(StoreError(.noFolderOpen)) }
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
            throw wording(error)
        }
    }

    /// Keeps why a clip cannot be shown. While a new folder's rows are
    /// still being written in slices the note waits for them: written now,
    /// it would write every row left at once, on the main thread (a stall
    /// of seconds in a folder of 100,000 files whose first clips are broken).
    public func rememberProblem(clipID: Int64, reason: String?) throws {
        guard let folder else { return }
        guard folder.store.hasDeferredSync else { return try Self.keep(reason, clipID: clipID, in: folder) }
        Task { @MainActor [weak self] in
            await folder.rowsWritten()
            // Another folder opened meanwhile: its store rows are not this note's.
            guard let self, self.folder === folder else { return }
            do {
                try Self.keep(reason, clipID: clipID, in: folder)
            } catch {
                Log.warning("can’t remember the problem of clip \(clipID): \(error)", category: "store")
            }
        }
    }

    private static func keep(_ reason: String?, clipID: Int64, in folder: ReviewedFolder) throws(StoreError) {
        if let reason {
            try folder.store.recordProblem(clipID: clipID, reason: reason)
        } else {
            try folder.store.clearProblem(clipID: clipID)
        }
    }

    /// With sidecars kept in step, hands the clips `outcomes` decided or
    /// undid, with their decisions now, to the sidecar keeper, which writes
    /// their sidecars on its own queue (`SidecarKeeper`): nothing here
    /// reads the store or a file. The decisions are saved already; a
    /// sidecar that fails comes back to `onSidecarFailure`.
    private func keepSidecarsInStep(_ outcomes: [ActionOutcome], session: ReviewSession) {
        guard let likeRating = sidecarLikeRating(), let folder else { return }
        let keeper = sidecarKeeper(for: folder)
        let (ids, decisions) = (session.deck.ids, session.deck.decisions)
        for outcome in outcomes {
            switch outcome {
            case .decided(let position, _), .undid(.decide(let position, _, _), _):
                guard position < ids.count else { continue }
                keeper.keep(decisions[position], clipID: ids[position], folder: folder.record, likeRating: likeRating)
            case .wentBack, .undid:
                continue
            }
        }
    }

    /// Brings every sidecar of the folder on screen in step with its
    /// decisions, on the keeper's queue (the preference was turned on).
    public func keepFolderInStep() {
        guard let folder, let likeRating = sidecarLikeRating() else { return }
        sidecarKeeper(for: folder).keepFolder(folder.record, likeRating: likeRating)
    }

    /// The keeper of the store `folder` is in, made on first use.
    private func sidecarKeeper(for folder: ReviewedFolder) -> SidecarKeeper {
        if let sidecars, sidecars.storePath == folder.store.path { return sidecars }
        let keeper = SidecarKeeper(storePath: folder.store.path) { [weak self] failures in
            Task { @MainActor [weak self] in
                for failure in failures { self?.onSidecarFailure?(failure) }
            }
        }
        sidecars = keeper
        return keeper
    }
}

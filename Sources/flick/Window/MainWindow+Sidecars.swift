import CGtk
import FlickApp
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// XMP sidecars from the window: kept in step with each decision and undo
/// (the preference "Keep XMP sidecars in step"), and the clips that other
/// apps' sidecars reject offered for deletion when a folder opens — never
/// decided without the user.
extension MainWindow {
    /// Seconds the offer stays before it leaves (toasts queue in libadwaita 1.2).
    static let sidecarOfferSeconds: UInt32 = 10
    /// Milliseconds after the first card before the sidecars are looked at.
    static let sidecarOfferDelayMilliseconds: UInt64 = 500

    /// Offers, once the deck is on screen, the undecided clips of `clips`
    /// whose sidecars carry `xmp:Rating` -1 (set by darktable, digiKam…).
    func offerSidecarRejects(in clips: [StoredClip], of folder: ReviewedFolder) {
        sidecarRejects = []
        sidecarReasonsShown = []
        Task { @MainActor [weak self, weak folder] in
            try? await Task.sleep(nanoseconds: Self.sidecarOfferDelayMilliseconds * 1_000_000)
            guard let self, let folder, self.folder === folder else { return }
            // Each sidecar is read off the main thread (a stalled share never
            // answers), through a store connection of the job's own.
            let (record, storePath) = (folder.record, folder.store.path)
            let rejected = await OffMain.run { () -> [StoredClip] in
                guard let store = try? Store(path: storePath) else { return [] }
                return Sidecars.rejected(clips, folder: record, store: store)
            }
            guard self.folder === folder, !rejected.isEmpty else { return }
            sidecarRejects = rejected.map(\.id)
            updateEnabled()
            let text = trn("%ld clip is rejected in its XMP sidecar", "%ld clips are rejected in their XMP sidecars",
                           rejected.count, rejected.count)
            guard let toast = adw_toast_new(text) else { return }
            adw_toast_set_button_label(toast, FlickAction.markSidecarRejects.label)
            adw_toast_set_action_name(toast, FlickAction.markSidecarRejects.detailedName)
            adw_toast_set_timeout(toast, Self.sidecarOfferSeconds)
            adw_toast_overlay_add_toast(page.toastOverlay.cast(), toast)
            tidyAccessibility()
            announcer?.sayAfterDialogs(text)
        }
    }

    /// The offer's button: marks those clips (still undecided) for deletion,
    /// as one undoable step per clip, like deciding them in the overview.
    func markSidecarRejects() {
        let positions = sidecarRejects.compactMap { model.position(of: $0) }.filter { model.decision(at: $0) == nil }
        sidecarRejects = []
        updateEnabled()
        guard !positions.isEmpty, model.decide(.delete, at: positions) else { return }
        showToast(trn("Marked %ld clip for deletion", "Marked %ld clips for deletion", positions.count, positions.count))
    }

    /// Seconds closing the window waits for sidecars still to be written
    /// (usually none, or one being renamed into place) before it gives up
    /// on a folder that stopped answering; the decisions are saved anyway.
    static let sidecarCloseSeconds = 10.0

    /// Wires the sidecars kept in step: their failures shown here; the
    /// whole folder brought in step when the preference is turned on; the
    /// sidecars still queued written before the window closes.
    func followSidecars(_ sink: DecisionRecorder) {
        sink.onSidecarFailure = { [unowned self] failure in showSidecarFailure(failure) }
        sink.sidecarLikeRating = { Settings.shared.xmpSidecars ? Settings.shared.xmpLikeRating : nil }
        Settings.shared.onChange("xmp-sidecars") { [weak sink] in
            guard Settings.shared.xmpSidecars else { return }
            sink?.keepFolderInStep()
        }
        connect(window, .closeRequest) { [weak sink] in
            if sink?.sidecars?.close(waitingAtMost: Self.sidecarCloseSeconds) == false {
                Log.warning("some XMP sidecars were not brought in step: the folder does not answer", category: "sidecar")
            }
            return false
        }
    }

    /// A sidecar that could not be written, named with the reason; once
    /// per reason for the folder on screen (a read-only card fails them all).
    func showSidecarFailure(_ failure: Sidecars.Failure) {
        Log.warning(failure.description, category: "sidecar")
        let reason = ErrorText.sidecar(failure.reason)
        guard sidecarReasonsShown.insert(reason).inserted else { return }
        showToast(tr("Can’t update the XMP sidecar “%@”: %@. The decision is saved.",
                     RawPath.display((failure.sidecar as NSString).lastPathComponent), reason))
    }
}

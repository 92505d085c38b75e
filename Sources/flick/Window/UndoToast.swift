import CGtk
import FlickCore
import GtkKit

/// The one "Marked … for deletion · Undo" toast, bound to its step.
///
/// libadwaita 1.2 queues toasts instead of replacing the one showing, so a
/// burst of deletions would show an older clip's name while Undo undid the
/// newest. There is at most one toast: a newer deletion renames the toast
/// on screen, and its Undo undoes exactly the clip it names (through the
/// model's offer). When that step is no longer the latest — a later
/// decision, an undo, a reload — the offer is withdrawn: the toast loses
/// its Undo button (and win.undo-toast is disabled), and its title says
/// what is true now: still "Marked … for deletion" while the clip is, or
/// "… is no longer marked for deletion" once that was undone, until the
/// toast times out. (Dismissing a toast while libadwaita 1.2 still
/// animates it in crashes inside AdwAnimation, so Flick never dismisses
/// one; a toast's button shows only while it has a label.)
@MainActor
final class UndoToastPresenter {
    private let model: ReviewModel
    private let overlay: Typed<Kinds.ToastOverlay>
    private var toast: ObjectRef<OpaquePointer>?
    private(set) var shown: UndoOffer?

    init(model: ReviewModel, overlay: Typed<Kinds.ToastOverlay>) {
        self.model = model
        self.overlay = overlay
    }

    /// The toast's part of the render pass: it follows the offer whenever
    /// the deck changed.
    func render(_ change: ReviewChange, said: String? = nil) {
        if change.touchesDeck { follow(said: said) }
    }

    /// The toast's Undo button (win.undo-toast).
    func undo() {
        guard let shown else { return }
        model.undo(shown)
    }

    private func follow(said: String?) {
        let offer = Settings.shared.undoToasts ? model.undoOffer : nil
        guard offer != shown else { return }
        let withdrawn = shown
        shown = offer
        guard let toast else {
            if let offer { present(offer) }
            return
        }
        if let offer {
            adw_toast_set_title(toast.pointer, Words.undoToast(offer))
            adw_toast_set_button_label(toast.pointer, FlickAction.undoToast.label)
        } else if let withdrawn {
            // No offer: the action gate has disabled Undo; the button goes,
            // and the title says what became of the clip.
            // A later action: the toast says what just happened (the status
            // line it lies over says the same), never an older clip's news.
            adw_toast_set_button_label(toast.pointer, nil)
            let marked = isMarked(withdrawn.clipID)
            adw_toast_set_title(toast.pointer, marked ? said ?? Words.undoToast(withdrawn) : Words.undoToastWithdrawn(withdrawn, stillMarked: false))
        }
    }

    /// Whether the clip is still marked for deletion (or gone from the
    /// folder, moved by Apply: the toast's words stay true of it).
    private func isMarked(_ clipID: Int64) -> Bool {
        guard let position = model.position(of: clipID) else { return true }
        return model.decision(at: position) == .delete
    }

    private func present(_ offer: UndoOffer) {
        guard let made = adw_toast_new(Words.undoToast(offer)) else { return }
        let toast = ObjectRef(taking: made)
        adw_toast_set_button_label(made, FlickAction.undoToast.label)
        adw_toast_set_action_name(made, FlickAction.undoToast.detailedName)
        adw_toast_set_timeout(made, 4)
        connect(made, .toastDismissed) { [weak self, weak toast] in
            guard let self, let toast, self.toast === toast else { return }
            self.toast = nil
            shown = nil
        }
        self.toast = toast
        // The overlay takes a reference of its own (transfer full).
        adw_toast_overlay_add_toast(overlay.cast(), toast.passRetained())
        // One name per button ("Undo", not "Undo Undo"), a named close button.
        Accessibility.tidy(overlay, closeLabel: tr("Dismiss"))
    }
}

import CGtk
import FlickCore
import Foundation
import GtkKit

/// A modal progress dialog with a bar and Cancel, for long file work.
@MainActor
final class ProgressDialog {
    let cancel: CancelFlag
    /// Ours: work still in flight may update the bar after libadwaita has
    /// closed the dialog on Cancel, and must never touch a freed widget.
    private let bar: ObjectRef<Widget>
    /// The dialog's own life is libadwaita's (Cancel closes it).
    private let dialog: WeakObjectRef<Widget>
    private let parent: WeakObjectRef<Widget>
    private var shownPercent = -1

    init(over parent: Widget, heading: String, body: String) {
        self.parent = WeakObjectRef(widget: parent)
        let bar: Widget = gtk_progress_bar_new()
        self.bar = ObjectRef(taking: bar)
        gtk_progress_bar_set_show_text(bar.opaque, 1)
        Accessibility.setLabel(bar, heading)
        let cancel = CancelFlag()
        self.cancel = cancel
        // Cancel closes the dialog at once; the work stops after the current file.
        dialog = WeakObjectRef(widget: Dialogs.present(over: parent, heading: heading, body: body,
                                                       responses: [Dialogs.Response(id: "cancel", label: tr("Cancel"))],
                                                       extra: bar) { _ in cancel.set() })
    }

    func update(_ fraction: Double, _ text: String) {
        let percent = Int(fraction * 100)
        guard percent != shownPercent else { return }
        shownPercent = percent
        gtk_progress_bar_set_fraction(bar.pointer.opaque, min(max(fraction, 0), 1))
        gtk_progress_bar_set_text(bar.pointer.opaque, text)
    }

    /// Closes the dialog and gives the window the focus back (and with it
    /// the screen reader, which then hears the result).
    func close() {
        dialog.with { gtk_window_destroy($0.cast()) }
        parent.with { gtk_window_present($0.cast()) }
    }
}

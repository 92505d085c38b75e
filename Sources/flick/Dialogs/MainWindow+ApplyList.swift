import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// The Apply confirmation with its list of files: how many and the space
/// they free (updated as files are unchecked), and Move to Trash for what
/// is left checked.
extension MainWindow {
    /// Asks before moving `items`; `confirmed` gets the files left checked.
    /// `labels`: rows named otherwise than by their file (a Live Photo's halves).
    func confirmMove(_ items: [FileItem], labels: [Int64: String] = [:], confirmed: @escaping @MainActor ([FileItem]) -> Void) {
        let list = ApplyList(items: items, labels: labels) { [unowned self] id in overview.posters.texture(for: id) }
        let bytes = items.reduce(Int64(0)) { $0 + $1.size }
        let dialog = Dialogs.present(
            over: window.widget, heading: Self.moveHeading(items), body: Self.moveBody(count: items.count, bytes: bytes),
            responses: [.init(id: "cancel", label: tr("Cancel")),
                        .init(id: "apply", label: tr("Move to Trash"), appearance: ADW_RESPONSE_DESTRUCTIVE)],
            defaultResponse: "cancel", extra: list.root.widget, speaksBody: false) { response in
                guard response == "apply" else { return }
                let kept = list.keptItems
                if !kept.isEmpty { confirmed(kept) }
            }
        followList(list, in: dialog, response: "apply", summary: { [unowned list] in Self.spokenSummary(count: list.keptCount, bytes: list.keptBytes) }) { [unowned list] dialog in
            adw_message_dialog_set_heading(dialog.cast(), Self.moveHeading(list.keptItems))
            adw_message_dialog_set_body(dialog.cast(), Self.moveBody(count: list.keptCount, bytes: list.keptBytes))
        }
    }

    /// A list dialog's focus and words (Apply's list, Mark All Suggested):
    /// focus starts on the first file (Tab reaches the buttons), and
    /// `summary` is said after it — the screen reader reads the dialog's
    /// title and the focused file, never its body. Each tick or untick
    /// runs `update` on the dialog, enables `response` while a file is
    /// ticked and says the new summary.
    func followList(_ list: ApplyList, in dialog: Widget, response: String, summary: @escaping @MainActor () -> String,
                    update: @escaping @MainActor (Widget) -> Void) {
        let weakDialog = WeakObjectRef(widget: dialog)
        adw_message_dialog_set_response_enabled(dialog.cast(), response, list.keptCount == 0 ? 0 : 1)
        Dialogs.onceActive(dialog) { [unowned list] in
            Task { @MainActor in
                // After the menu that opened the dialog has closed and put
                // the focus back on its button in the window behind (the
                // screen reader follows that), a real focus move into the
                // dialog: GTK had already focused the first file, silently.
                try? await Task.sleep(for: Dialogs.refocusDelay)
                weakDialog.with { gtk_window_set_focus($0.cast(), nil) }
                list.move(to: 0)
                try? await Task.sleep(for: Self.summaryDelay)
                weakDialog.with { Accessibility.announce(summary(), in: $0) }
            }
        }
        list.onChange = { [unowned list] in
            weakDialog.with { dialog in
                update(dialog)
                adw_message_dialog_set_response_enabled(dialog.cast(), response, list.keptCount == 0 ? 0 : 1)
                // The new total, after the screen reader's "not checked".
                Accessibility.announce(summary(), in: dialog)
            }
        }
    }

    /// How long after the focus lands on the first file the summary is
    /// said (the screen reader reads the dialog and the file first).
    static let summaryDelay: Duration = .milliseconds(500)

    /// "2 files will be moved to the Trash, freeing 2.6 MB." (or that
    /// nothing will), in the size's words of Apply's result ("2.6 MB freed").
    static func spokenSummary(count: Int, bytes: Int64) -> String {
        count == 0 ? tr("No files checked: nothing will be moved.")
            : trn("%ld file will be moved to the Trash, freeing %@.", "%ld files will be moved to the Trash, freeing %@.",
                  count, count, FileSize.words(bytes))
    }

    /// "Move 29 Photos to the Trash?": photos, clips or items as they are.
    private static func moveHeading(_ items: [FileItem]) -> String {
        items.isEmpty ? tr("No Files Checked") : Words.moveHeading(count: items.count, noun: Words.noun(paths: items.map(\.relativePath)))
    }

    /// "3 files will be moved to the Trash, freeing 1.8 GB. …"
    private static func moveBody(count: Int, bytes: Int64) -> String {
        guard count > 0 else { return spokenSummary(count: 0, bytes: 0) }
        return trn("%ld file will be moved to the Trash, freeing %@. You can restore it from the Files app.",
            "%ld files will be moved to the Trash, freeing %@. You can restore them from the Files app.", count, count, FileSize.words(bytes))
            + "\n" + tr("Uncheck a file to keep it out of this move; it stays marked for deletion.")
    }
}

import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// The Apply confirmation with its list of files: how many and how much
/// space (updated as files are unchecked), and Move to Trash for what is
/// left checked.
extension MainWindow {
    /// Asks before moving `items`; `confirmed` gets the files left checked.
    func confirmMove(_ items: [FileItem], confirmed: @escaping @MainActor ([FileItem]) -> Void) {
        let list = ApplyList(items: items) { [unowned self] id in overview.posters.texture(for: id) }
        let bytes = items.reduce(Int64(0)) { $0 + $1.size }
        let dialog = Dialogs.present(
            over: window, heading: Self.moveHeading(items), body: Self.moveBody(count: items.count, bytes: bytes),
            responses: [.init(id: "cancel", label: tr("Cancel")),
                        .init(id: "apply", label: tr("Move to Trash"), appearance: ADW_RESPONSE_DESTRUCTIVE)],
            defaultResponse: "cancel", extra: list.root) { response in
                guard response == "apply" else { return }
                let kept = list.keptItems
                if !kept.isEmpty { confirmed(kept) }
            }
        let weakDialog = WeakObjectRef(widget: dialog)
        list.onChange = { [unowned list] in
            weakDialog.with { dialog in
                adw_message_dialog_set_heading(dialog.cast(), Self.moveHeading(list.keptItems))
                adw_message_dialog_set_body(dialog.cast(), Self.moveBody(count: list.keptCount, bytes: list.keptBytes))
                adw_message_dialog_set_response_enabled(dialog.cast(), "apply", list.keptCount == 0 ? 0 : 1)
            }
        }
    }

    /// "Move 29 Photos to the Trash?": photos, clips or items as they are.
    private static func moveHeading(_ items: [FileItem]) -> String {
        items.isEmpty ? tr("No Files Checked") : Words.moveHeading(count: items.count, noun: Words.noun(paths: items.map(\.relativePath)))
    }

    private static func moveBody(count: Int, bytes: Int64) -> String {
        tr("%@ will be moved to the Trash. You can restore them from the Files app.", Apply.summary(count: count, bytes: bytes))
            + "\n" + tr("Uncheck a file to keep it out of this move; it stays marked for deletion.")
    }
}

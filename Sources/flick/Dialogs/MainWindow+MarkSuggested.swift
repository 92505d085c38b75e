import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// "Mark All Suggested…": the Apply-style list of every suggested file
/// with its reason, ticked where the reason is strong (very dark, short,
/// extra copy) and unticked where it is weak (blurry, screenshot:
/// `Suggestion.ticksByDefault`). Confirming marks the ticked files for
/// deletion as one batch that one Undo takes back; nothing goes to the
/// Trash until Apply Deletions.
extension MainWindow {
    func markAllSuggested() {
        let suggested = model.suggestedItems
        guard !suggested.isEmpty else { return }
        let files = suggested.map { item in
            let clip = model.clips[item.position]
            return FileItem(clipID: clip.id, relativePath: clip.relativePath, absolutePath: model.absolutePath(of: clip), size: item.bytes ?? 0)
        }
        // Each file named with its reason: "IMG_0042.mp4 · Suggested: short".
        var labels: [Int64: String] = [:]
        for (file, item) in zip(files, suggested) {
            labels[file.clipID] = [RawPath.display(file.relativePath), Words.suggested(item.reasons)].compactMap { $0 }.joined(separator: " · ")
        }
        let list = ApplyList(items: files, labels: labels, checked: suggested.map(\.ticked)) { [unowned self] id in
            overview.posters.texture(for: id)
        }
        let dialog = Dialogs.present(
            over: window.widget, heading: Self.markHeading(list.keptCount), body: Self.markBody(count: list.keptCount, bytes: list.keptBytes),
            responses: [.init(id: "cancel", label: tr("Cancel")),
                        .init(id: "mark", label: tr("Mark for Deletion"), appearance: ADW_RESPONSE_DESTRUCTIVE)],
            defaultResponse: "cancel", extra: list.root.widget, speaksBody: false) { [unowned self] response in
                guard response == "mark" else { return }
                // Positions now: the folder may have changed under the dialog.
                let positions = list.keptItems.compactMap { model.position(of: $0.clipID) }
                model.decide(.delete, at: positions)
            }
        followList(list, in: dialog, response: "mark", summary: { [unowned list] in Self.markSummary(count: list.keptCount, bytes: list.keptBytes) }) { [unowned list] dialog in
            adw_message_dialog_set_heading(dialog.cast(), Self.markHeading(list.keptCount))
            adw_message_dialog_set_body(dialog.cast(), Self.markBody(count: list.keptCount, bytes: list.keptBytes))
        }
    }

    /// "Mark 3 Suggested Files for Deletion?"
    private static func markHeading(_ count: Int) -> String {
        count == 0 ? tr("No Files Ticked")
            : trn("Mark %ld Suggested File for Deletion?", "Mark %ld Suggested Files for Deletion?", count, count)
    }

    /// "3 files, 1.8 GB ticked." (what marking them would free once applied).
    private static func markSummary(count: Int, bytes: Int64) -> String {
        count == 0 ? tr("No files ticked: nothing will be marked.")
            : trn("%ld file ticked, %@.", "%ld files ticked, %@.", count, count, FileSize.words(bytes))
    }

    private static func markBody(count: Int, bytes: Int64) -> String {
        markSummary(count: count, bytes: bytes) + " "
            + tr("Ticked files are marked for deletion; nothing goes to the Trash until Apply Deletions, and Undo takes the marks back.")
            + "\n" + tr("Blurry photos and screenshots start unticked: tick the ones you do not need.")
    }
}

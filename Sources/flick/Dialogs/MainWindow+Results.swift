import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// What Apply and Export ended with, as the model publishes it
/// (`ReviewChange.result`), shown by the render pass: a toast when all went
/// well, else a dialog naming each file and why. The only thing sent back
/// is an action (the "Flick Rejected" offer), never a change of its own.
extension MainWindow {
    func renderResult(_ change: ReviewChange) {
        switch change.result {
        case .applied(let applied)?: show(applied)
        case .exported(let exported)?: show(exported)
        case .notStarted(let notStarted)?: show(notStarted)
        case nil: break
        }
    }

    /// A toast when all went well; otherwise a dialog naming each file and
    /// why, and the file whose move did not return (`stuck`) when Cancel
    /// left it behind.
    private func show(_ applied: AppliedFiles) {
        let movedText = ResultWords.moved(applied)
        guard !applied.isComplete else {
            showToast(movedText)
            return
        }
        var body = applied.notMoved.map { "• " + $0 }.joined(separator: "\n")
        if !applied.unrecorded.isEmpty {
            body += (body.isEmpty ? "" : "\n\n") + tr("Moved, but the decision store could not record it (Flick will find it gone from the folder):")
                + "\n" + applied.unrecorded.map { "• " + $0 }.joined(separator: "\n")
        }
        if let stuck = applied.stuck {
            body = tr("“%@” was being moved when its file system stopped answering; it may still be moved once it answers.", stuck)
                + (body.isEmpty ? "" : "\n" + body)
        }
        if applied.cancelled { body = tr("Cancelled: the files not yet moved stay marked for deletion.") + "\n" + body }
        if !movedText.isEmpty { body = movedText + "\n" + body }
        var responses: [Dialogs.Response] = [.init(id: "cancel", label: tr("Close"))]
        if !applied.withoutTrash.isEmpty {
            body += "\n\n" + tr("These files’ filesystem has no Trash. Flick can move them into “%@” inside the folder instead.", FolderScan.rejectedFolderName)
            responses.append(.init(id: "rejected", label: tr("Move to “%@”", FolderScan.rejectedFolderName), appearance: ADW_RESPONSE_SUGGESTED))
        }
        let notMoved = applied.notMoved.count
        let heading = notMoved == 0
            ? (applied.cancelled ? tr("Moving Stopped") : tr("Files Moved, Not All Recorded"))
            : trn("%ld File Was Not Moved", "%ld Files Were Not Moved", notMoved, notMoved)
        Dialogs.present(over: window.widget, heading: heading, body: body, responses: responses) { [unowned self] response in
            if response == "rejected" { moveToRejected(applied) }
        }
    }

    private func show(_ exported: ExportedLikes) {
        if let stopped = exported.stopped {
            return Dialogs.inform(over: window.widget, heading: tr("Export Stopped"), body: stopped)
        }
        let saved = exported.saved ?? ""
        switch exported.form {
        case .ratings where !exported.leftOut.isEmpty:
            Dialogs.inform(over: window.widget, heading: tr("Some XMP Sidecars Weren’t Updated"),
                           body: ([saved] + exported.leftOut.map { "• " + $0 }).joined(separator: "\n"))
        // A timeline names what it left out in its one line.
        case .timeline:
            let text = ([saved] + exported.leftOut.map { tr("left out %@", $0) }).joined(separator: "; ")
            said(text, savedIn: exported.destination)
        // What was left out is a list to read, not a toast that times out.
        case _ where !exported.leftOut.isEmpty:
            Dialogs.inform(over: window.widget, heading: tr("Export Finished"),
                           body: ([saved + "."] + exported.leftOut.map { "• " + $0 + "." }).joined(separator: "\n"))
        default:
            said(saved, savedIn: exported.destination)
        }
    }

    /// The toast is short; a screen reader also hears where it went.
    private func said(_ text: String, savedIn destination: String?) {
        guard let destination else { return showToast(text) }
        showToast(text, spoken: text + " " + tr("Saved in %@.", destination))
    }

    private func show(_ notStarted: NotStarted) {
        switch (notStarted.work, notStarted.reason) {
        case (.applyDeletions, nil): showToast(tr("No clips are marked for deletion"))
        case (.exportLikes, nil): showToast(tr("No liked clips to export yet"))
        case (.applyDeletions, let reason?): Dialogs.inform(over: window.widget, heading: tr("Nothing Was Moved"), body: reason)
        case (.exportLikes, let reason?): Dialogs.inform(over: window.widget, heading: tr("Can’t Export"), body: reason)
        case (.exportThere, let reason): Dialogs.inform(over: window.widget, heading: tr("Can’t Export There"), body: reason ?? "")
        }
    }
}

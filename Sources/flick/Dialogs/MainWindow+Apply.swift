import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// Apply Deletions: confirm (how many files, how much space), move them to
/// the Trash off the main thread with progress and Cancel, report every
/// failure by name, and offer "Flick Rejected" where there is no Trash.
extension MainWindow {
    func applyDeletions() {
        guard let folder else { return }
        let clips: [StoredClip]
        do {
            try folder.store.checkStoredPaths(folder.record)
            clips = try folder.store.clipsToDelete(in: folder.record)
        } catch {
            Dialogs.inform(over: window, heading: tr("Nothing Was Moved"), body: ErrorText.describe(error))
            return
        }
        // Each file is looked at off the main thread (a stalled share never answers).
        let root = folder.record.path
        Task { @MainActor [weak self] in
            let checked = await OffMain.run { Result { () throws -> (items: [FileItem], refused: [FileFailure]) in try FileOperations.check(clips, folder: root) } }
            guard let self, self.folder === folder else { return }
            do {
                confirmApply(try checked.get(), of: clips, folder: folder)
            } catch {
                Dialogs.inform(over: window, heading: tr("Nothing Was Moved"), body: ErrorText.describe(error))
            }
        }
    }

    /// `clips`: those the check looked at (see `report`).
    private func confirmApply(_ checked: (items: [FileItem], refused: [FileFailure]), of clips: [StoredClip], folder: ReviewedFolder) {
        guard !checked.items.isEmpty else {
            if checked.refused.isEmpty {
                showToast(tr("No clips are marked for deletion"))
            } else {
                report(MoveReport(), refused: checked.refused, of: clips, folder: folder)
            }
            return
        }
        guard Settings.shared.confirmApply else {
            move(checked.items, refused: checked.refused, of: clips, to: .trash, folder: folder)
            return
        }
        // The list of files, each of which the user may leave out (MainWindow+ApplyList).
        confirmMove(checked.items) { [unowned self] kept in
            move(kept, refused: checked.refused, of: clips, to: .trash, folder: folder)
        }
    }

    /// `clips`: those `refused` were checked from (see `report`).
    private func move(_ items: [FileItem], refused: [FileFailure], of clips: [StoredClip], to destination: Apply.Destination,
                      folder: ReviewedFolder) {
        let heading = destination == .trash ? tr("Moving to the Trash") : tr("Moving to “%@”", FolderScan.rejectedFolderName)
        let progress = ProgressDialog(over: window, heading: heading, body: Apply.summary(count: items.count, bytes: items.reduce(0) { $0 + $1.size }))
        let cancel = progress.cancel
        let record = folder.record
        let storePath = folder.store.path
        let moving = MovesSoFar()
        Task { @MainActor [unowned self] in
            // One file at a time, so that a Cancel while a file system does
            // not answer can still say which files were moved.
            let finished = await OffMain.run({ () -> MoveReport in
                var stoppedEarly = false
                for (index, item) in items.enumerated() {
                    if cancel.isSet {
                        stoppedEarly = true
                        break
                    }
                    moving.start(item)
                    let one = Apply.run([item], folder: record, storePath: storePath, to: destination, isCancelled: { cancel.isSet })
                    moving.add(one)
                    Task { @MainActor in progress.update(Double(index + 1) / Double(items.count), tr("%ld of %ld", index + 1, items.count)) }
                }
                return moving.report(cancelled: stoppedEarly)
            }, cancel: cancel, grace: OffMain.cancelGrace)
            progress.close()
            reload()
            let report = finished ?? moving.report(cancelled: true)
            self.report(report, refused: refused, of: clips, folder: folder, destination: destination, stuck: finished == nil ? moving.current : nil)
        }
    }

    /// A toast when all went well; otherwise a dialog naming each file and
    /// why, and the file whose move did not return (`stuck`) when Cancel
    /// left it behind. Files `refused` as gone that another Flick moved as
    /// decided meanwhile are done, not failures.
    private func report(_ moves: MoveReport, refused: [FileFailure], of clips: [StoredClip], folder: ReviewedFolder,
                        destination: Apply.Destination = .trash, stuck: FileItem? = nil) {
        let settled = folder.store.movedByAnother(refused, of: clips, in: folder.record)
        var report = moves
        report.alreadyMoved = settled.alreadyMoved + report.alreadyMoved
        let failures = settled.rest + report.failures
        let place = destination == .trash ? tr("the Trash") : tr("“%@”", FolderScan.rejectedFolderName)
        var movedText = report.moved.isEmpty ? "" : tr("Moved %@ to %@.", Apply.summary(count: report.moved.count, bytes: report.movedBytes), place)
        // Moved as decided, by another Flick: done, never a failure.
        if !report.alreadyMoved.isEmpty {
            let count = report.alreadyMoved.count
            let inTrash = report.alreadyMoved.allSatisfy { if case .trash = $0.place { true } else { false } }
            let already = count == 1
                ? ErrorText.alreadyMoved(report.alreadyMoved[0]) + "."
                : inTrash
                ? trn("%ld file was already in the Trash (moved by another Flick).", "%ld files were already in the Trash (moved by another Flick).", count, count)
                : trn("%ld file was already moved by another Flick.", "%ld files were already moved by another Flick.", count, count)
            movedText += (movedText.isEmpty ? "" : " ") + already
        }
        guard !failures.isEmpty || report.cancelled || !report.unrecorded.isEmpty else {
            showToast(movedText)
            return
        }
        var body = failures.map { "• " + ErrorText.file($0) }.joined(separator: "\n")
        if !report.unrecorded.isEmpty {
            body += (body.isEmpty ? "" : "\n\n") + tr("Moved, but the decision store could not record it (Flick will find it gone from the folder):")
                + "\n" + report.unrecorded.map { "• " + ErrorText.file($0) }.joined(separator: "\n")
        }
        if let stuck {
            body = tr("“%@” was being moved when its file system stopped answering; it may still be moved once it answers.",
                      RawPath.display(stuck.relativePath)) + (body.isEmpty ? "" : "\n" + body)
        }
        if report.cancelled { body = tr("Cancelled: the files not yet moved stay marked for deletion.") + "\n" + body }
        if !movedText.isEmpty { body = movedText + "\n" + body }
        let noTrash = report.withoutTrash
        var responses: [Dialogs.Response] = [.init(id: "cancel", label: tr("Close"))]
        if !noTrash.isEmpty {
            body += "\n\n" + tr("These files’ filesystem has no Trash. Flick can move them into “%@” inside the folder instead.", FolderScan.rejectedFolderName)
            responses.append(.init(id: "rejected", label: tr("Move to “%@”", FolderScan.rejectedFolderName), appearance: ADW_RESPONSE_SUGGESTED))
        }
        let heading = failures.isEmpty
            ? (report.cancelled ? tr("Moving Stopped") : tr("Files Moved, Not All Recorded"))
            : trn("%ld File Was Not Moved", "%ld Files Were Not Moved", failures.count, failures.count)
        Dialogs.present(over: window, heading: heading, body: body, responses: responses) { [unowned self] response in
            guard response == "rejected" else { return }
            // Names compared as bytes: "café" in NFC and NFD are two files.
            let names = Set(noTrash.map { RawPath.key($0.path) })
            do {
                let clips = try folder.store.clipsToDelete(in: folder.record).filter { names.contains(RawPath.key($0.relativePath)) }
                let checked = try FileOperations.check(clips, folder: folder.record.path)
                move(checked.items, refused: checked.refused, of: clips, to: .rejectedFolder, folder: folder)
            } catch {
                Dialogs.inform(over: window, heading: tr("Nothing Was Moved"), body: ErrorText.describe(error))
            }
        }
    }
}

import CGtk
import FlickApp
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
            clips = try ApplyDeletions.marked(store: folder.store, folder: folder.record)
        } catch {
            Dialogs.inform(over: window, heading: tr("Nothing Was Moved"), body: ErrorText.describe(error))
            return
        }
        // Each file is looked at off the main thread (a stalled share never answers).
        let record = folder.record
        Task { @MainActor [weak self] in
            let checked = await OffMain.run { Result { () throws(StoreError) -> ApplyDeletions.Plan in try ApplyDeletions.check(clips, folder: record) } }
            guard let self, self.folder === folder else { return }
            do {
                confirmApply(try checked.get(), folder: folder)
            } catch {
                Dialogs.inform(over: window, heading: tr("Nothing Was Moved"), body: ErrorText.describe(error))
            }
        }
    }

    private func confirmApply(_ plan: ApplyDeletions.Plan, folder: ReviewedFolder) {
        guard !plan.items.isEmpty else {
            if plan.refused.isEmpty && plan.held.isEmpty {
                showToast(tr("No clips are marked for deletion"))
            } else {
                report(ApplyDeletions(folder: folder.record, storePath: folder.store.path).settle(MoveReport(), plan: plan, store: folder.store),
                       folder: folder)
            }
            return
        }
        guard Settings.shared.confirmApply else {
            move(plan.items, plan: plan, to: .trash, folder: folder)
            return
        }
        // The list of files, each of which the user may leave out (MainWindow+ApplyList);
        // a Live Photo's rows name both halves, and unchecking either keeps both.
        var labels: [Int64: String] = [:]
        for pair in plan.pairs {
            labels[pair.stillID] = LivePhotoWords.row(pair.still, in: pair)
            labels[pair.videoID] = LivePhotoWords.row(pair.video, in: pair)
        }
        confirmMove(plan.items, labels: labels) { [unowned self] kept in
            let whole = plan.whole(kept)
            if !whole.isEmpty { move(whole, plan: plan, to: .trash, folder: folder) }
        }
    }

    /// Moves `items` (of `plan`) with progress and Cancel, then reports.
    private func move(_ items: [FileItem], plan: ApplyDeletions.Plan, to destination: Apply.Destination, folder: ReviewedFolder) {
        let heading = destination == .trash ? tr("Moving to the Trash") : tr("Moving to “%@”", FolderScan.rejectedFolderName)
        let progress = ProgressDialog(over: window, heading: heading, body: Apply.summary(count: items.count, bytes: items.reduce(0) { $0 + $1.size }))
        let cancel = progress.cancel
        let apply = ApplyDeletions(folder: folder.record, storePath: folder.store.path)
        let moving = MovesSoFar()
        Task { @MainActor [unowned self] in
            // One file at a time, so that a Cancel while a file system does
            // not answer can still say which files were moved.
            let finished = await OffMain.run({ () -> MoveReport in
                apply.move(items, pairs: plan.pairs, to: destination, moves: moving, progress: { step in
                    guard case .finished(_, _, let done, let total) = step else { return }
                    Task { @MainActor in progress.update(Double(done) / Double(total), tr("%ld of %ld", done, total)) }
                }, isCancelled: { cancel.isSet })
            }, cancel: cancel, grace: OffMain.cancelGrace)
            progress.close()
            reload()
            let moves = finished ?? moving.report(cancelled: true)
            report(apply.settle(moves, plan: plan, store: folder.store, stuck: finished == nil ? moving.current : nil),
                   folder: folder, destination: destination)
        }
    }

    /// "Moved 12 files to the Trash, 1.8 GB freed." (into "Flick Rejected"
    /// frees nothing: the files stay in the folder).
    static func movedText(_ report: MoveReport, to destination: Apply.Destination, place: String) -> String {
        let count = report.moved.count
        guard destination == .trash else { return trn("Moved %ld file to %@.", "Moved %ld files to %@.", count, count, place) }
        return trn("Moved %ld file to %@, %@ freed.", "Moved %ld files to %@, %@ freed.", count, count, place, Words.size(report.movedBytes))
    }

    /// A toast when all went well; otherwise a dialog naming each file and
    /// why, and the file whose move did not return (`stuck`) when Cancel
    /// left it behind.
    private func report(_ result: ApplyResult, folder: ReviewedFolder, destination: Apply.Destination = .trash) {
        let report = result.moves
        let failures = result.failures
        let place = destination == .trash ? tr("the Trash") : tr("“%@”", FolderScan.rejectedFolderName)
        var movedText = report.moved.isEmpty ? "" : Self.movedText(report, to: destination, place: place)
        for pair in result.movedPairs { movedText += " " + LivePhotoWords.movedTogether(pair) }
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
        guard !failures.isEmpty || !result.held.isEmpty || report.cancelled || !report.unrecorded.isEmpty else {
            showToast(movedText)
            return
        }
        var body = (failures.map { "• " + ErrorText.file($0) } + result.held.map { "• " + LivePhotoWords.held($0) }).joined(separator: "\n")
        if !report.unrecorded.isEmpty {
            body += (body.isEmpty ? "" : "\n\n") + tr("Moved, but the decision store could not record it (Flick will find it gone from the folder):")
                + "\n" + report.unrecorded.map { "• " + ErrorText.file($0) }.joined(separator: "\n")
        }
        if let stuck = result.stuck {
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
        let notMoved = failures.count + result.held.count
        let heading = notMoved == 0
            ? (report.cancelled ? tr("Moving Stopped") : tr("Files Moved, Not All Recorded"))
            : trn("%ld File Was Not Moved", "%ld Files Were Not Moved", notMoved, notMoved)
        Dialogs.present(over: window, heading: heading, body: body, responses: responses) { [unowned self] response in
            guard response == "rejected" else { return }
            do {
                let clips = ApplyDeletions.named(try ApplyDeletions.marked(store: folder.store, folder: folder.record), in: noTrash)
                let plan = try ApplyDeletions.check(clips, folder: folder.record)
                move(plan.items, plan: plan, to: .rejectedFolder, folder: folder)
            } catch {
                Dialogs.inform(over: window, heading: tr("Nothing Was Moved"), body: ErrorText.describe(error))
            }
        }
    }
}

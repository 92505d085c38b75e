import CGtk
import FlickApp
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// Apply Deletions: confirm (how many files, how much space they free),
/// move them to the Trash off the main thread with progress and Cancel, and
/// hand what it did to the model (`ReviewModel.finished`): the render pass
/// shows it (+Results), naming every failure and offering "Flick Rejected"
/// where there is no Trash.
extension MainWindow {
    func applyDeletions() {
        guard let folder else { return }
        let clips: [StoredClip]
        do {
            clips = try ApplyDeletions.marked(store: folder.store, folder: folder.record)
        } catch {
            model.finished(.notStarted(NotStarted(.applyDeletions, reason: ErrorText.describe(error))))
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
                model.finished(.notStarted(NotStarted(.applyDeletions, reason: ErrorText.describe(error))))
            }
        }
    }

    private func confirmApply(_ plan: ApplyDeletions.Plan, folder: ReviewedFolder) {
        guard !plan.items.isEmpty else {
            if plan.refused.isEmpty && plan.held.isEmpty {
                model.finished(.notStarted(NotStarted(.applyDeletions)))
            } else {
                let result = ApplyDeletions(folder: folder.record, storePath: folder.store.path).settle(MoveReport(), plan: plan, store: folder.store)
                model.finished(.applied(ResultWords.applied(result, folder: folder.record.path, to: .trash)))
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

    /// Moves `items` (of `plan`) with progress and Cancel, then hands what
    /// it did to the model.
    private func move(_ items: [FileItem], plan: ApplyDeletions.Plan, to destination: Apply.Destination, folder: ReviewedFolder) {
        let heading = destination == .trash ? tr("Moving to the Trash") : tr("Moving to “%@”", FolderScan.rejectedFolderName)
        let progress = ProgressDialog(over: window.widget, heading: heading, body: Apply.summary(count: items.count, bytes: items.reduce(0) { $0 + $1.size }))
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
            let result = apply.settle(moves, plan: plan, store: folder.store, stuck: finished == nil ? moving.current : nil)
            model.finished(.applied(ResultWords.applied(result, folder: folder.record.path, to: destination)))
        }
    }
}

extension MainWindow {
    /// The result dialog's "Move to “Flick Rejected”": the files of
    /// `applied` whose filesystem has no Trash, while their folder is on screen.
    func moveToRejected(_ applied: AppliedFiles) {
        guard let folder, folder.record.path == applied.folder else { return }
        do {
            let clips = ApplyDeletions.named(try ApplyDeletions.marked(store: folder.store, folder: folder.record), in: applied.withoutTrash)
            let plan = try ApplyDeletions.check(clips, folder: folder.record)
            move(plan.items, plan: plan, to: .rejectedFolder, folder: folder)
        } catch {
            model.finished(.notStarted(NotStarted(.applyDeletions, reason: ErrorText.describe(error))))
        }
    }
}

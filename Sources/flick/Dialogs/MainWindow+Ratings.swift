import FlickApp
import FlickCore
import FlickStore
import Foundation

/// Export Likes → XMP Ratings: every decided clip rated in its XMP sidecar
/// for darktable and digiKam, off the main thread (a folder of thousands,
/// or a share that stalls, never holds the window) under a progress dialog
/// whose Cancel stops it between two sidecars.
extension MainWindow {
    /// Rates every decided clip of `clips` in its XMP sidecar and restores
    /// those whose decision is gone; says what it did, and names each
    /// sidecar it could not write with the reason.
    func writeRatings(_ clips: [StoredClip], folder: ReviewedFolder) {
        let progress = ProgressDialog(over: window, heading: tr("Rating the XMP Sidecars"), body: RawPath.display(folder.record.path))
        let cancel = progress.cancel
        let (record, storePath, likeRating) = (folder.record, folder.store.path, Settings.shared.xmpLikeRating)
        let report: @Sendable (ExportLikes.Progress) -> Void = { step in
            Task { @MainActor in progress.update(step.fraction, tr("%ld of %ld", step.done, step.total)) }
        }
        Task { @MainActor [weak self] in
            let finished = await OffMain.run({
                ExportLikes.rateSidecars(clips, folder: record, storePath: storePath, likeRating: likeRating,
                                         progress: report, isCancelled: { cancel.isSet })
            }, cancel: cancel, grace: OffMain.cancelGrace)
            progress.close()
            guard let self else { return }
            // Cancel left it waiting on a file system that does not answer:
            // when that returns, it sees Cancel and rates nothing more.
            guard let finished else {
                return Dialogs.inform(over: window, heading: tr("Export Stopped"),
                                      body: tr("Cancelled while a file system did not answer; nothing more will be written."))
            }
            said(finished)
        }
    }

    /// What the ratings did: a toast, or the sidecars not updated and why.
    private func said(_ report: Sidecars.Report) {
        let rated = trn("Rated %ld sidecar; the decisions themselves are saved.",
                        "Rated %ld sidecars; the decisions themselves are saved.", report.written, report.written)
        guard report.failures.isEmpty else {
            let lines = report.failures.map {
                "• " + tr("“%@”: %@", RawPath.display(($0.sidecar as NSString).lastPathComponent), ErrorText.sidecar($0.reason))
            }
            Dialogs.inform(over: window, heading: tr("Some XMP Sidecars Weren’t Updated"), body: ([rated] + lines).joined(separator: "\n"))
            return
        }
        if report.cancelled {
            Dialogs.inform(over: window, heading: tr("Export Stopped"),
                           body: trn("Cancelled after rating %ld sidecar; the decisions themselves are saved.",
                                     "Cancelled after rating %ld sidecars; the decisions themselves are saved.", report.written, report.written))
            return
        }
        showToast(trn("Rated %ld XMP sidecar", "Rated %ld XMP sidecars", report.written, report.written))
    }
}

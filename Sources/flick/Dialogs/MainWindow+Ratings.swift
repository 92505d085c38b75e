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
    /// those whose decision is gone; hands the model what it did (each
    /// sidecar it could not write named with the reason).
    func writeRatings(_ clips: [StoredClip], folder: ReviewedFolder) {
        let progress = ProgressDialog(over: window.widget, heading: tr("Rating the XMP Sidecars"), body: RawPath.display(folder.record.path))
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
            self?.model.finished(.exported(Self.rated(finished)))
        }
    }

    /// What the ratings did, in the window's words (nil: Cancel left them
    /// waiting on a file system that does not answer; when it returns, it
    /// sees Cancel and rates nothing more).
    private static func rated(_ report: Sidecars.Report?) -> ExportedLikes {
        guard let report else {
            return ExportedLikes(form: .ratings, stopped: tr("Cancelled while a file system did not answer; nothing more will be written."))
        }
        let written = report.written
        guard report.failures.isEmpty else {
            let lines = report.failures.map {
                tr("“%@”: %@", RawPath.display(($0.sidecar as NSString).lastPathComponent), ErrorText.sidecar($0.reason))
            }
            return ExportedLikes(form: .ratings, written: written,
                                 saved: trn("Rated %ld sidecar; the decisions themselves are saved.",
                                            "Rated %ld sidecars; the decisions themselves are saved.", written, written),
                                 leftOut: lines)
        }
        if report.cancelled {
            return ExportedLikes(form: .ratings, written: written,
                                 stopped: trn("Cancelled after rating %ld sidecar; the decisions themselves are saved.",
                                              "Cancelled after rating %ld sidecars; the decisions themselves are saved.", written, written))
        }
        return ExportedLikes(form: .ratings, written: written, saved: trn("Rated %ld XMP sidecar", "Rated %ld XMP sidecars", written, written))
    }
}

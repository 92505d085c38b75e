import CGtk
import FlickApp
import FlickStore
import GtkKit

/// Decisions that stand for no file now (the file is gone, or holds other
/// bytes): kept in the store for when their file comes back, and said
/// when the folder opens, never dropped silently.
extension MainWindow {
    /// Seconds the note stays: long enough to read, as the sidecar offer.
    static let unmatchedNoteSeconds: UInt32 = 10

    /// Says how many of `sync`'s decisions could not be matched to a file
    /// (among the clips the deck looked for); nothing when none.
    func sayUnmatchedDecisions(_ sync: SyncResult, of folder: ReviewedFolder) {
        let count = sync.unmatched(subfolders: folder.recursive)
        guard count > 0 else { return }
        let text = trn("%ld decision could not be matched to a file", "%ld decisions could not be matched to a file", count, count)
        guard let toast = adw_toast_new(text) else { return }
        adw_toast_set_timeout(toast, Self.unmatchedNoteSeconds)
        adw_toast_overlay_add_toast(page.toastOverlay.cast(), toast)
        tidyAccessibility()
        announcer?.sayAfterDialogs(text)
    }
}

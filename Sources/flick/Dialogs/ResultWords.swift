import FlickApp
import FlickCore
import FlickStore
import Foundation

/// A use case's structured result (FlickApp) as the review model keeps it
/// (`UseCaseResult`): the figures, and each file's line in the app's words.
@MainActor
enum ResultWords {
    /// What `result` (one run of Apply Deletions into `destination`) did.
    static func applied(_ result: ApplyResult, folder: String, to destination: Apply.Destination) -> AppliedFiles {
        let report = result.moves
        var notes = result.movedPairs.map(LivePhotoWords.movedTogether)
        // Moved as decided, by another Flick: done, never a failure.
        if !report.alreadyMoved.isEmpty {
            let count = report.alreadyMoved.count
            let inTrash = report.alreadyMoved.allSatisfy { if case .trash = $0.place { true } else { false } }
            notes.append(count == 1
                ? ErrorText.alreadyMoved(report.alreadyMoved[0]) + "."
                : inTrash
                ? trn("%ld file was already in the Trash (moved by another Flick).", "%ld files were already in the Trash (moved by another Flick).", count, count)
                : trn("%ld file was already moved by another Flick.", "%ld files were already moved by another Flick.", count, count))
        }
        return AppliedFiles(folder: folder, place: destination == .trash ? .trash : .rejectedFolder,
                            moved: report.moved.count, movedBytes: report.movedBytes, alreadyMoved: report.alreadyMoved.count,
                            notMoved: result.failures.map(ErrorText.file) + result.held.map(LivePhotoWords.held),
                            unrecorded: report.unrecorded.map(ErrorText.file), notes: notes,
                            stuck: result.stuck.map { RawPath.display($0.relativePath) }, cancelled: report.cancelled,
                            withoutTrash: report.withoutTrash.map(\.path))
    }

    /// "Moved 12 files to the Trash, 1.8 GB freed." (into "Flick Rejected"
    /// frees nothing: the files stay in the folder), then its notes.
    static func moved(_ applied: AppliedFiles) -> String {
        let count = applied.moved
        let place = applied.place == .trash ? tr("the Trash") : tr("“%@”", FolderScan.rejectedFolderName)
        let moved = count == 0 ? ""
            : applied.place == .trash
            ? trn("Moved %ld file to %@, %@ freed.", "Moved %ld files to %@, %@ freed.", count, count, place, FileSize.words(applied.freedBytes))
            : trn("Moved %ld file to %@.", "Moved %ld files to %@.", count, count, place)
        return ([moved] + applied.notes).filter { !$0.isEmpty }.joined(separator: " ")
    }
}

import CGtk
import FlickApp
import FlickCore
import FlickMedia
import FlickStore
import Foundation
import GtkKit

/// Export Likes: a playlist, copies in a folder, one stitched video, or a
/// timeline for Kdenlive and Shotcut (an MLT project), chosen in a dialog,
/// written off the main thread with progress and Cancel; nothing partial
/// is left behind. The same dialog rates every decided clip in its XMP
/// sidecar for darktable and digiKam (`Sidecars`). What each ended with
/// goes to the model (`ReviewModel.finished`); the render pass shows it
/// (+Results).
extension MainWindow {
    private enum ExportKind: String {
        case playlist, copy, stitch, mlt, xmp

        var form: ExportedLikes.Form {
            switch self {
            case .playlist: .playlist
            case .copy: .copies
            case .stitch: .video
            case .mlt: .timeline
            case .xmp: .ratings
            }
        }
    }

    /// The folder is scanned and the liked files looked at off the main
    /// thread (a stalled share never answers); the store is read here.
    func exportLikes() {
        guard let folder else { return }
        let (url, recursive, order, kinds) = (folder.url, folder.recursive, folder.order, folder.kinds)
        Task { @MainActor [weak self] in
            let scanned = await OffMain.run {
                Result { () throws -> [ScannedClip] in try FolderScan.scan(url, recursive: recursive, order: order, kinds: kinds) }
            }
            guard let self, self.folder === folder else { return }
            // The store's decisions, as Apply and `flick export` read them.
            let clips: [StoredClip]
            do {
                clips = try folder.load(scanned: try scanned.get()).sync.clips
            } catch {
                model.finished(.notStarted(NotStarted(.exportLikes, reason: ErrorText.describe(error))))
                return
            }
            guard clips.contains(where: { $0.decision == .like }) else {
                model.finished(.notStarted(NotStarted(.exportLikes)))
                return
            }
            let root = folder.record.path
            let checked = await OffMain.run { Result { () throws(StoreError) -> [FileItem] in try ExportLikes.likes(of: clips, folder: root).items } }
            guard self.folder === folder else { return }
            do {
                offerExport(clips, items: try checked.get(), folder: folder)
            } catch {
                model.finished(.notStarted(NotStarted(.exportLikes, reason: ErrorText.describe(error))))
            }
        }
    }

    private func offerExport(_ clips: [StoredClip], items: [FileItem], folder: ReviewedFolder) {
        let heading = Words.exportHeading(count: items.count, noun: Words.noun(paths: items.map(\.relativePath)))
        Dialogs.present(over: window.widget, heading: heading,
                        body: tr("Save them as a playlist, copy them into a folder, join the videos into one, or open them as a Kdenlive or Shotcut timeline. XMP Ratings rates every decided clip in its sidecar for darktable and digiKam."),
                        responses: [.init(id: "cancel", label: tr("Cancel")),
                                    .init(id: ExportKind.playlist.rawValue, label: tr("Playlist")),
                                    .init(id: ExportKind.copy.rawValue, label: tr("Copy to Folder")),
                                    .init(id: ExportKind.mlt.rawValue, label: tr("Editor Timeline")),
                                    .init(id: ExportKind.xmp.rawValue, label: tr("XMP Ratings")),
                                    .init(id: ExportKind.stitch.rawValue, label: tr("One Video"), appearance: ADW_RESPONSE_SUGGESTED)],
                        defaultResponse: ExportKind.stitch.rawValue) { [unowned self] response in
            guard let kind = ExportKind(rawValue: response) else { return }
            if kind == .xmp {
                writeRatings(clips, folder: folder)
            } else {
                chooseDestination(kind, items: items, folder: folder)
            }
        }
    }

    /// Asks where to write `kind`, then checks the place and exports.
    private func chooseDestination(_ kind: ExportKind, items: [FileItem], folder: ReviewedFolder) {
        let folderName = (folder.record.path as NSString).lastPathComponent
        let save = GTK_FILE_CHOOSER_ACTION_SAVE
        // The chooser starts where the last export went; that place is kept
        // for the next one (a chosen file's folder, a chosen folder's parent).
        // The first time, beside the reviewed folder (an export never goes
        // into it), never in the working directory Flick was started from.
        let start = Settings.shared.lastExportFolder ?? (folder.record.path as NSString).deletingLastPathComponent
        let then: @MainActor (String) -> Void = { [unowned self] path in
            Settings.shared.lastExportFolder = (path as NSString).deletingLastPathComponent
            checkThenRun(kind, items: items, to: path, folder: folder)
        }
        switch kind {
        case .playlist: pick(tr("Save Playlist"), action: save, accept: tr("_Save"), name: tr("%@ likes.m3u", folderName), in: start, completion: then)
        case .copy: pick(tr("Copy Liked Clips To"), action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept: tr("_Copy Here"), in: start, completion: then)
        case .stitch: pick(tr("Save Video"), action: save, accept: tr("_Save"), name: tr("%@ likes.mp4", folderName), in: start, completion: then)
        case .mlt: pick(tr("Save Editor Timeline"), action: save, accept: tr("_Save"), name: tr("%@ likes.mlt", folderName), in: start, completion: then)
        case .xmp: break
        }
    }

    /// Where an export may write (Export.checkDestination, as the command
    /// line checks it): never into the reviewed folder or over one of its
    /// files; over another existing file only once the user agreed (GTK's
    /// save dialog asks before it returns an existing file's name); into a
    /// folder that is not empty, beside what is there, once asked here.
    private func checkThenRun(_ kind: ExportKind, items: [FileItem], to path: String, folder: ReviewedFolder) {
        let destinationKind: Export.DestinationKind = kind == .copy ? .folder : .file
        // A file: the save dialog has asked already, so replacing is agreed.
        let agreed = destinationKind == .file
        // The check looks at the reviewed folder too: off the main thread,
        // under the progress dialog, whose Cancel ends it even while a file
        // system does not answer.
        let root = folder.record.path
        let progress = ProgressDialog(over: window.widget, heading: Self.heading(kind), body: RawPath.display(path))
        let cancel = progress.cancel
        Task { @MainActor [weak self] in
            let checked = await OffMain.run({
                Result { () throws(ExportDestinationError) -> Export.Destination in
                    try Export.checkDestination(path, kind: destinationKind, folder: root, force: agreed)
                }
            }, cancel: cancel, grace: OffMain.cancelGrace)
            progress.close()
            guard let self else { return }
            guard let checked else {
                return model.finished(.exported(ExportedLikes(form: kind.form, destination: RawPath.display(path), stopped: Self.leftBehind)))
            }
            if !cancel.isSet { self.checked(checked, kind, items: items, to: path, folder: folder) }
        }
    }

    /// What Cancel says when it left the export waiting on a file system.
    private static var leftBehind: String { tr("Cancelled while a file system did not answer; nothing more will be written.") }

    private static func heading(_ kind: ExportKind) -> String {
        switch kind {
        case .playlist: tr("Writing the Playlist")
        case .copy: tr("Copying the Liked Clips")
        case .stitch: tr("Joining the Liked Clips")
        case .mlt, .xmp: tr("Writing the Editor Timeline")  // XMP Ratings has its own (`writeRatings`)
        }
    }

    /// The rest of `checkThenRun` once the destination was checked.
    private func checked(_ checked: Result<Export.Destination, ExportDestinationError>, _ kind: ExportKind, items: [FileItem], to path: String,
                         folder: ReviewedFolder) {
        let destinationKind: Export.DestinationKind = kind == .copy ? .folder : .file
        let agreed = destinationKind == .file
        do {
            let destination = try checked.get()
            run(kind, items: items, to: destination, replace: agreed)
        } catch where error.canForce {
            let name = RawPath.display((path as NSString).lastPathComponent)
            let (heading, body, label) = (tr("“%@” Is Not Empty", name),
                                          tr("The copies go beside what is there; nothing in it is replaced."), tr("Copy Beside"))
            Dialogs.present(over: window.widget, heading: heading, body: body,
                            responses: [.init(id: "cancel", label: tr("Cancel")),
                                        .init(id: "replace", label: label, appearance: ADW_RESPONSE_DESTRUCTIVE)],
                            defaultResponse: "cancel") { [unowned self] response in
                guard response == "replace" else { return }
                do {
                    let destination = try Export.checkDestination(path, kind: destinationKind, folder: folder.record.path, force: true)
                    run(kind, items: items, to: destination, replace: true)
                } catch {
                    model.finished(.notStarted(NotStarted(.exportThere, reason: ErrorText.describe(error))))
                }
            }
        } catch {
            model.finished(.notStarted(NotStarted(.exportThere, reason: ErrorText.describe(error))))
        }
    }

    private func run(_ kind: ExportKind, items: [FileItem], to destination: Export.Destination, replace: Bool) {
        let progress = ProgressDialog(over: window.widget, heading: Self.heading(kind), body: RawPath.display(destination.path))
        let cancel = progress.cancel
        let report: @Sendable (Double, String) -> Void = { fraction, text in
            Task { @MainActor in progress.update(fraction, text) }
        }
        Task { @MainActor [unowned self] in
            let finished = await OffMain.run({
                Self.export(kind, items: items, to: destination, replace: replace, progress: report, cancel: cancel)
            }, cancel: cancel, grace: OffMain.cancelGrace)
            progress.close()
            // Cancel left the export stuck on a file system that does not
            // answer: when it returns, it sees Cancel and writes nothing more.
            let shown = RawPath.display(destination.path)
            var result = finished ?? ExportedLikes(form: kind.form, stopped: Self.leftBehind)
            result.destination = shown
            result.stopped = result.stopped.map(destination.shown)
            model.finished(.exported(result))
        }
    }

    /// The export itself, on a background thread (FlickApp's ExportLikes),
    /// worded for the window.
    private nonisolated static func export(_ kind: ExportKind, items: [FileItem], to checked: Export.Destination, replace: Bool,
                                           progress: @Sendable (Double, String) -> Void, cancel: CancelFlag) -> ExportedLikes {
        let form = kind.form
        let export = ExportLikes(items: items)
        // Written through the checked folder's descriptor: the place checked.
        let destination = checked.writingPath
        switch kind {
        case .playlist:
            let written = export.playlist(to: destination, replace: replace,
                                          progress: { progress($0.fraction, "\($0.done) of \($0.total)") }, isCancelled: { cancel.isSet })
            switch written.outcome {
            case .written:
                return ExportedLikes(form: form, written: written.entries,
                                     saved: trn("Saved a playlist of %ld clip", "Saved a playlist of %ld clips", written.entries, written.entries))
            case .cancelled, .nothingToWrite: return ExportedLikes(form: form, stopped: tr("Cancelled; no playlist was written."))
            case .failed(let error): return ExportedLikes(form: form, stopped: ErrorText.describe(error))
            }
        case .copy:
            let report = export.copies(into: destination, link: false,
                                       progress: { progress($0.fraction, FileSize.words($0.bytes ?? 0)) },
                                       isCancelled: { cancel.isSet })
            if report.cancelled {
                return ExportedLikes(form: form, stopped: tr("Cancelled after %ld of %ld clips; nothing partial was left.", report.moved.count, items.count))
            }
            if !report.failures.isEmpty {
                return ExportedLikes(form: form, stopped: report.failures.map { "• " + ErrorText.file($0) }.joined(separator: "\n"))
            }
            return ExportedLikes(form: form, written: report.moved.count, bytes: report.movedBytes,
                                 saved: tr("Copied %@", Apply.summary(count: report.moved.count, bytes: report.movedBytes)))
        case .mlt, .xmp:
            return exportTimeline(export, to: destination, replace: replace, cancel: cancel)
        case .stitch:
            let stitched = export.stitch(to: destination, replace: replace,
                                         progress: { progress($0.fraction, "\(Int($0.fraction * 100)) %") }, isCancelled: { cancel.isSet })
            let leftOut = stitched.leftOut.map(LikesWords.stitchLeftOut)
            switch stitched.outcome {
            case .written:
                let joined = LikesWords.joined(stitched.joined, of: stitched.liked)
                let saved = stitched.method == .remux ? tr("Saved one video of %@ (streams copied)", joined) : tr("Saved one video of %@ (re-encoded)", joined)
                return ExportedLikes(form: form, written: stitched.joined, saved: saved, leftOut: leftOut)
            case .cancelled: return ExportedLikes(form: form, stopped: ErrorText.describe(StitchError.cancelled))
            case .nothingToWrite:
                let lines = [ErrorText.stitch(.noClips)] + leftOut.map { "• " + $0 + "." }
                return ExportedLikes(form: form, leftOut: leftOut, stopped: lines.joined(separator: "\n"))
            case .failed(let error): return ExportedLikes(form: form, stopped: ErrorText.describe(error))
            }
        }
    }
}

extension MainWindow {
    /// The MLT project of the likes (Kdenlive, Shotcut), on a background thread.
    private nonisolated static func exportTimeline(_ export: ExportLikes, to destination: String, replace: Bool,
                                                   cancel: CancelFlag) -> ExportedLikes {
        // The reviewed folder's name: each item's path less its relative path.
        let root = export.items.first.map { String(String.UnicodeScalarView($0.absolutePath.unicodeScalars.dropLast($0.relativePath.unicodeScalars.count + 1))) }
        let title = tr("%@ likes", RawPath.display(((root ?? "") as NSString).lastPathComponent))
        let made = export.timelines([(.mlt, destination, destination)], title: title, photoSeconds: Timeline.defaultPhotoSeconds,
                                    replace: replace, isCancelled: { cancel.isSet })
        let leftOut = made.leftOut.map(LikesWords.timelineLeftOut)
        let cancelled = ExportedLikes(form: .timeline, stopped: tr("Cancelled; no timeline was written."))
        guard let write = made.writes.first else { return cancelled }
        switch write.outcome {
        case .written:
            let count = write.timeline.clips.count
            let saved = trn("Saved a timeline of %ld clip for Kdenlive or Shotcut", "Saved a timeline of %ld clips for Kdenlive or Shotcut", count, count)
            return ExportedLikes(form: .timeline, written: count, saved: saved, leftOut: leftOut)
        case .cancelled: return cancelled
        case .nothingToWrite:
            return ExportedLikes(form: .timeline, leftOut: leftOut,
                                 stopped: ([tr("None of the liked clips can go in a timeline.")] + leftOut).joined(separator: "\n"))
        case .failed(let error): return ExportedLikes(form: .timeline, stopped: ErrorText.describe(error))
        }
    }
}

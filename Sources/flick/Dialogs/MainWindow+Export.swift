import CGtk
import FlickCore
import FlickMedia
import FlickStore
import Foundation
import GtkKit

/// Export Likes: a playlist, copies in a folder, or one stitched video,
/// chosen in a dialog, written off the main thread with progress and
/// Cancel; nothing partial is left behind.
extension MainWindow {
    private enum ExportKind: String { case playlist, copy, stitch }

    func exportLikes() {
        guard let folder else { return }
        // The store's decisions, as Apply and `flick export` read them.
        let likes: [StoredClip]
        do {
            likes = try folder.load().sync.clips.filter { $0.decision == .like }
        } catch {
            Dialogs.inform(over: window, heading: tr("Can’t Export"), body: Problems.describe(error))
            return
        }
        guard !likes.isEmpty else {
            showToast(tr("No liked clips to export yet"))
            return
        }
        let items: [FileItem]
        do {
            items = try FileOperations.check(likes, folder: folder.record.path).items
        } catch {
            Dialogs.inform(over: window, heading: tr("Can’t Export"), body: Problems.describe(error))
            return
        }
        let heading = trn("Export %ld Liked Clip", "Export %ld Liked Clips", items.count, items.count)
        Dialogs.present(over: window, heading: heading,
                        body: tr("Save them as a playlist, copy them into a folder, or join the videos into one."),
                        responses: [.init(id: "cancel", label: tr("Cancel")),
                                    .init(id: ExportKind.playlist.rawValue, label: tr("Playlist")),
                                    .init(id: ExportKind.copy.rawValue, label: tr("Copy to Folder")),
                                    .init(id: ExportKind.stitch.rawValue, label: tr("One Video"), appearance: ADW_RESPONSE_SUGGESTED)],
                        defaultResponse: ExportKind.stitch.rawValue) { [unowned self] response in
            guard let kind = ExportKind(rawValue: response) else { return }
            let folderName = (folder.record.path as NSString).lastPathComponent
            switch kind {
            case .playlist:
                pick(tr("Save Playlist"), action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: tr("_Save"), name: tr("%@ likes.m3u", folderName)) { [unowned self] path in
                    checkThenRun(.playlist, items: items, to: path, folder: folder)
                }
            case .copy:
                pick(tr("Copy Liked Clips To"), action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept: tr("_Copy Here")) { [unowned self] path in
                    checkThenRun(.copy, items: items, to: path, folder: folder)
                }
            case .stitch:
                pick(tr("Save Video"), action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: tr("_Save"), name: tr("%@ likes.mp4", folderName)) { [unowned self] path in
                    checkThenRun(.stitch, items: items, to: path, folder: folder)
                }
            }
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
        do {
            let destination = try Export.checkDestination(path, kind: destinationKind, folder: folder.record.path, force: agreed)
            run(kind, items: items, to: destination, replace: agreed)
        } catch where error.canForce {
            let name = RawPath.display((path as NSString).lastPathComponent)
            let (heading, body, label) = (tr("“%@” Is Not Empty", name),
                                          tr("The copies go beside what is there; nothing in it is replaced."), tr("Copy Beside"))
            Dialogs.present(over: window, heading: heading, body: body,
                            responses: [.init(id: "cancel", label: tr("Cancel")),
                                        .init(id: "replace", label: label, appearance: ADW_RESPONSE_DESTRUCTIVE)],
                            defaultResponse: "cancel") { [unowned self] response in
                guard response == "replace" else { return }
                do {
                    let destination = try Export.checkDestination(path, kind: destinationKind, folder: folder.record.path, force: true)
                    run(kind, items: items, to: destination, replace: true)
                } catch {
                    Dialogs.inform(over: window, heading: tr("Can’t Export There"), body: Problems.describe(error))
                }
            }
        } catch {
            Dialogs.inform(over: window, heading: tr("Can’t Export There"), body: Problems.describe(error))
        }
    }

    private func run(_ kind: ExportKind, items: [FileItem], to destination: Export.Destination, replace: Bool) {
        let heading = switch kind {
        case .playlist: tr("Writing the Playlist")
        case .copy: tr("Copying the Liked Clips")
        case .stitch: tr("Joining the Liked Clips")
        }
        let progress = ProgressDialog(over: window, heading: heading, body: RawPath.display(destination.path))
        let cancel = progress.cancel
        let report: @Sendable (Double, String) -> Void = { fraction, text in
            Task { @MainActor in progress.update(fraction, text) }
        }
        Task { @MainActor [unowned self] in
            let result: Result<String, StitchError> = await Task.detached(priority: .userInitiated) {
                Self.export(kind, items: items, to: destination, replace: replace, progress: report, cancel: cancel)
            }.value
            progress.close()
            switch result {
            case .success(let text): showToast(text)
            case .failure(let error): Dialogs.inform(over: window, heading: tr("Export Stopped"), body: destination.shown(error.description))
            }
        }
    }

    /// The export itself, on a background thread.
    private nonisolated static func export(_ kind: ExportKind, items: [FileItem], to checked: Export.Destination, replace: Bool,
                                           progress: @Sendable (Double, String) -> Void, cancel: CancelFlag) -> Result<String, StitchError> {
        let videos = items.filter { ClipKind(fileName: $0.relativePath) == .video }
        // Written through the checked folder's descriptor: the place checked.
        let destination = checked.writingPath
        switch kind {
        case .playlist:
            var entries: [(path: String, duration: Double?)] = []
            for (index, item) in items.enumerated() {
                if cancel.isSet { return .failure(StitchError(tr("Cancelled; no playlist was written."))) }
                entries.append((item.absolutePath, item.kind == .video ? try? ClipDiscovery.discover(path: item.absolutePath).duration : nil))
                progress(Double(index + 1) / Double(items.count), "\(index + 1) of \(items.count)")
            }
            do {
                try Export.writePlaylist(entries, to: destination, replace: replace)
                return .success(trn("Saved a playlist of %ld clip", "Saved a playlist of %ld clips", items.count, items.count))
            } catch {
                return .failure(StitchError(error.description))
            }
        case .copy:
            let report = Export.copy(items, to: destination, link: false,
                                     progress: { done, total in
                                         progress(Double(done) / Double(max(total, 1)), ByteCountFormatter.string(fromByteCount: done, countStyle: .file))
                                     },
                                     isCancelled: { cancel.isSet })
            if report.cancelled { return .failure(StitchError(tr("Cancelled after %ld of %ld clips; nothing partial was left.", report.moved.count, items.count))) }
            if !report.failures.isEmpty { return .failure(StitchError(report.failures.map { "• \($0)" }.joined(separator: "\n"))) }
            return .success(tr("Copied %@", Apply.summary(count: report.moved.count, bytes: report.movedBytes)))
        case .stitch:
            var clips: [Stitcher.Clip] = []
            for (item, result) in zip(videos, ClipDiscovery.discoverAll(paths: videos.map(\.absolutePath))) {
                switch result {
                case .success(let info): clips.append(Stitcher.Clip(path: item.absolutePath, info: info))
                case .failure(let error): return .failure(StitchError("\(error.description). Unlike it, or choose a playlist instead."))
                }
            }
            let (withPicture, soundOnly) = Stitcher.withPicture(clips)
            clips = withPicture
            do {
                let method = try Stitcher.run(clips, to: destination, replace: replace,
                                              progress: { progress($0, "\(Int($0 * 100)) %") },
                                              isCancelled: { cancel.isSet })
                let saved = method == .remux
                    ? trn("Saved one video of %ld clip (streams copied)", "Saved one video of %ld clips (streams copied)", clips.count, clips.count)
                    : trn("Saved one video of %ld clip (re-encoded)", "Saved one video of %ld clips (re-encoded)", clips.count, clips.count)
                return .success(([saved] + soundOnly.map(Stitcher.leftOutMessage)).joined(separator: "; "))
            } catch {
                return .failure(error)
            }
        }
    }
}

private extension FileItem {
    var kind: ClipKind { ClipKind(fileName: relativePath) ?? .video }
}

import FlickApp
import FlickCore
import Foundation

/// The window's side of the folder on screen: FlickApp's FolderLifecycle
/// decides (scan, "Reading…", follow or rescan, fail, close) and
/// RecentFolders which folder to reopen; the window passes the
/// preferences, words errors and says what a first load found.
extension MainWindow {
    /// Hands the folder's outcomes to the window's words and notes.
    func followFolders() {
        folders.describe = { ErrorText.describe($0) }
        folders.onOpened = { folder in Settings.shared.remember(folder: folder.url.path) }
        folders.onFirstLoad = { [unowned self] folder, sync in
            offerSidecarRejects(in: sync.clips, of: folder)
            sayUnmatchedDecisions(sync, of: folder)
        }
    }

    /// Opens `folder`, listed as `recursive` says, else as it was last
    /// opened, else as the preference says (FolderLifecycle.open).
    func open(folder url: URL, recursive choice: Bool?, order: DeckOrder) {
        let kinds: Set<ClipKind> = Settings.shared.includePhotos ? [.video, .photo] : [.video]
        folders.open(url, recursive: choice, order: order, kinds: kinds, fallback: Settings.shared.includeSubfolders)
    }

    /// Rescans the folder; the model keeps the top card.
    func reload() {
        folders.reload()
    }

    /// Without a folder: the last one opened when it is still there, else
    /// the start page (RecentFolders.toReopen).
    func openLast() {
        if let last = RecentFolders.toReopen(Settings.shared.recentFolders, problem: OpenOptions.problem(with:)) {
            open(folder: last, recursive: nil, order: .name)
        } else {
            showStart()
        }
    }

    /// Opens a recent folder as it was last opened. One that is gone or is
    /// no longer a folder says so in a toast and leaves the folder on
    /// screen; with none open, the failed page says it.
    func openRecent(path: String) {
        switch RecentFolders.choose(path, folderOpen: folder != nil, problem: OpenOptions.problem(with:)) {
        case .open(let url): open(folder: url, recursive: nil, order: .name)
        case .refuse(let problem): showToast(ErrorText.folder(problem))
        }
    }

    /// The start page: Open Folder, the recent folders, the sample clips.
    func showStart() {
        folders.closeFolder { updateRecentMenu() }
    }

    /// The failed page saying `message` (about the folder at `path`, when known).
    func showError(_ message: String, folder path: String? = nil) {
        folders.fail(message, folder: path)
    }
}

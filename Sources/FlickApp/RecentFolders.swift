import FlickCore
import Foundation

/// Which folder to open from the recent ones, decided without a window:
/// at start the last one when it is still there, and a recent folder that
/// is gone refused while another folder is on screen. `problem` says why a
/// path cannot be reviewed (gone, not a folder), nil when it can.
public enum RecentFolders {
    /// What choosing a recent folder does.
    public enum Choice: Equatable, Sendable {
        /// Open it (when it is gone with no folder on screen, its failed page says so).
        case open(URL)
        /// Leave the folder on screen and say why this one cannot open.
        case refuse(FolderError)
    }

    /// The folder to open at start: the last one opened when it is still
    /// a folder; nil (the start page) when there is none or it is gone.
    public static func toReopen(_ recent: [String], problem: (URL) -> FolderError?) -> URL? {
        guard let last = recent.first else { return nil }
        let url = URL(fileURLWithPath: last, isDirectory: true)
        return problem(url) == nil ? url : nil
    }

    /// A recent folder chosen from the menu or the start page: one that is
    /// gone or no longer a folder is refused while a folder is on screen
    /// (that folder stays); with none open it opens, and fails there.
    public static func choose(_ path: String, folderOpen: Bool, problem: (URL) -> FolderError?) -> Choice {
        let url = URL(fileURLWithPath: path, isDirectory: true)
        if folderOpen, let problem = problem(url) { return .refuse(problem) }
        return .open(url)
    }
}

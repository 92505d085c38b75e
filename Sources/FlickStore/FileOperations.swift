internal import CGio
import FlickCore
import Foundation

/// Why one file could not be moved or copied, named for the user.
public struct FileFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case gone
        case permissionDenied
        /// The file's filesystem has no Trash; "Flick Rejected" is the offer.
        case noTrash
        case outsideFolder
        case other(String)
    }

    /// Path relative to the reviewed folder (as the user sees it in the deck).
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .gone: "\(path): the file is no longer there"
        case .permissionDenied: "\(path): permission denied"
        case .noTrash: "\(path): its filesystem has no Trash"
        case .outsideFolder: "\(path): it lies outside the reviewed folder, so Flick will not move it"
        case .other(let text): "\(path): \(text)"
        }
    }
}

/// A file checked and ready to move: inside the folder, present, sized.
public struct FileItem: Sendable, Equatable {
    public let clipID: Int64
    public let relativePath: String
    /// Absolute path inside the folder (the link itself when it is a symlink).
    public let absolutePath: String
    public let size: Int64
}

/// The only place Flick moves, trashes or copies a user's files. Flick never
/// unlinks one: deletions go to the freedesktop Trash through GIO, or on
/// request into "Flick Rejected" inside the reviewed folder.
///
/// Safety: a stored path that is absolute or has a `..` part is refused
/// before anything moves; a file whose parent folder resolves outside the
/// reviewed folder is refused; a symlink is moved as the link, never its
/// target.
///
/// Threading: stateless; every function may run on any thread (the app
/// runs them off the main thread and reports progress back).
public enum FileOperations {
    /// Checks every stored path first: one tampered row (absolute, or with a
    /// `..` part) refuses the whole run, so nothing moves. Files gone or
    /// outside the folder come back as failures; the rest as items.
    public static func check(_ clips: [StoredClip], folder: String) throws(StoreError) -> (items: [FileItem], refused: [FileFailure]) {
        for clip in clips where !isSafeRelativePath(clip.relativePath) {
            throw StoreError("The decision store lists “\(clip.relativePath)” for “\(folder)”, which is not a path inside the folder; nothing was moved.")
        }
        let root = Store.canonicalPath(folder)
        var items: [FileItem] = []
        var refused: [FileFailure] = []
        for clip in clips {
            let path = root + "/" + clip.relativePath
            var info = stat()
            guard lstat(RawPath.c(path), &info) == 0 else {
                refused.append(FileFailure(path: clip.relativePath, reason: errno == EACCES ? .permissionDenied : .gone))
                continue
            }
            let parent = (path as NSString).deletingLastPathComponent
            let resolvedParent = Store.canonicalPath(parent)
            guard resolvedParent == root || resolvedParent.hasPrefix(root + "/") else {
                refused.append(FileFailure(path: clip.relativePath, reason: .outsideFolder))
                continue
            }
            items.append(FileItem(clipID: clip.id, relativePath: clip.relativePath,
                                  absolutePath: resolvedParent + "/" + (path as NSString).lastPathComponent,
                                  size: Int64(info.st_size)))
        }
        return (items, refused)
    }

    /// A relative path with no empty, `.` or `..` part.
    public static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// Moves `item` to the freedesktop Trash (`g_file_trash`): the Files app
    /// can restore it.
    public static func trash(_ item: FileItem) throws(FileFailure) {
        let file = g_file_new_for_path(RawPath.c(item.absolutePath))
        defer { g_object_unref(file.map { UnsafeMutableRawPointer($0) }) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_trash(file, nil, &error) != 0 else {
            let failure = failure(item.relativePath, error)
            g_error_free(error)
            throw failure
        }
    }

    private static func failure(_ path: String, _ error: UnsafeMutablePointer<GError>?) -> FileFailure {
        guard let error else { return FileFailure(path: path, reason: .other("unknown error")) }
        let message = String(cString: error.pointee.message)
        if error.pointee.domain == g_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(error.pointee.code)) {
            case G_IO_ERROR_NOT_FOUND: return FileFailure(path: path, reason: .gone)
            case G_IO_ERROR_PERMISSION_DENIED: return FileFailure(path: path, reason: .permissionDenied)
            case G_IO_ERROR_NOT_SUPPORTED: return FileFailure(path: path, reason: .noTrash)
            default: break
            }
        }
        return FileFailure(path: path, reason: .other(message))
    }

    /// Moves `item` into "Flick Rejected" inside `folder` (for filesystems
    /// with no Trash), keeping its name; a clash gets " (2)", " (3)"…
    /// Returns the new absolute path.
    @discardableResult
    public static func moveToRejected(_ item: FileItem, folder: String) throws(FileFailure) -> String {
        let directory = Store.canonicalPath(folder) + "/" + FolderScan.rejectedFolderName
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw posixFailure(item.relativePath, errno)
        }
        let target = freeName(in: directory, for: (item.relativePath as NSString).lastPathComponent)
        guard rename(RawPath.c(item.absolutePath), RawPath.c(target)) == 0 else { throw posixFailure(item.relativePath, errno) }
        return target
    }

    static func posixFailure(_ path: String, _ code: Int32) -> FileFailure {
        switch code {
        case ENOENT: FileFailure(path: path, reason: .gone)
        case EACCES, EPERM: FileFailure(path: path, reason: .permissionDenied)
        case EXDEV: FileFailure(path: path, reason: .other("it is on another filesystem than the reviewed folder"))
        default: FileFailure(path: path, reason: .other(String(cString: strerror(code)).lowercased()))
        }
    }

    /// `directory/name`, or `name (2).ext`, `name (3).ext`… when taken.
    static func freeName(in directory: String, for name: String) -> String {
        var info = stat()
        var candidate = directory + "/" + name
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        var counter = 2
        while lstat(RawPath.c(candidate), &info) == 0 {
            candidate = directory + "/" + base + " (\(counter))" + (ext.isEmpty ? "" : "." + ext)
            counter += 1
        }
        return candidate
    }
}

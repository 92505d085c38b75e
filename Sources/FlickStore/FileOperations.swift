import FlickCore
import Foundation

/// Why one file could not be moved or copied: the file and the facts. The
/// app words it (`ErrorText`); `description` is for logs.
public struct FileFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public indirect enum Reason: Error, Sendable, Equatable {
        case gone
        case permissionDenied
        /// The file's filesystem has no Trash; "Flick Rejected" is the offer.
        case noTrash
        /// The file's filesystem (mounted at the path) is read-only:
        /// nothing on it can move, so nothing is offered.
        case readOnly(String)
        /// The Trash folder at the path can't be written, for the reason given.
        case trashUnwritable(String, Unwritable)
        /// The filesystem's Trash folder at the path could not be created
        /// in its top folder, for the reason given.
        case trashUncreatable(String, Uncreatable)
        /// The Trash folder at the path is a link or not a folder.
        case trashNotAFolder(String)
        /// The Trash has no free name for the file.
        case trashFull
        /// "Flick Rejected" (named) in the folder is a link or not a folder.
        case rejectedNotAFolder(String)
        /// "Flick Rejected" has no free name for the file.
        case rejectedFull
        /// The folder at the path has no free name for an exported file.
        case noFreeName(String)
        case outsideFolder
        /// Another file has the name now (or the file was changed): not the
        /// file the user decided on.
        case changed
        /// Another file took its name while it was being moved (a program
        /// renamed one over it): what moved was not the file checked, and
        /// was put back as said; nothing was deleted.
        case changedWhileMoving(PutBack)
        /// Its decision changed (another window, the command line) since
        /// the move was confirmed.
        case notMarked
        /// The reviewed folder could not be opened: the errno.
        case folderUnopenable(Int32)
        /// Its filesystem is mounted read-only (found while moving it).
        case readOnlyFilesystem
        /// It is on another filesystem than the reviewed folder.
        case otherFilesystem
        /// It is not a regular file: its file type (`S_IFMT` bits).
        case notRegular(mode: UInt32)
        /// The folder at the path could not be created: the errno.
        case cannotCreateFolder(String, errno: Int32)
        /// The destination of an export refused it.
        case destination(ExportDestinationError)
        /// The decision store failed.
        case store(StoreError)
        case cancelled
        /// Any other failure of a system call: the errno.
        case errno(Int32)
    }

    /// Why a Trash folder can't be written.
    public enum Unwritable: Sendable, Equatable {
        /// It belongs to another user or disk.
        case foreign
        case errno(Int32)
    }

    /// Why a filesystem's Trash folder can't be created.
    public enum Uncreatable: Sendable, Equatable {
        /// The top folder (the path) is immutable (`chattr +i`).
        case immutable(String)
        case errno(Int32)
    }

    /// Where the file that moved in place of a changed one went back to.
    public enum PutBack: Sendable, Equatable {
        /// Back under the name it was moved from.
        case underItsName
        /// That name being taken again, beside it under this name.
        case beside(String)
        /// It could not be put back (the errno): it stays at the path, in
        /// the Trash (with its `.trashinfo`) or in "Flick Rejected".
        case stayed(String, Int32)
    }

    /// Path relative to the reviewed folder (as the user sees it in the deck).
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// For logs; the app words it for users.
    public var description: String { "\(RawPath.printable(path)): \(reason)" }
}

/// A file checked and ready to move: inside the folder, present, sized,
/// and still the file the user decided on.
public struct FileItem: Sendable, Equatable {
    public let clipID: Int64
    public let relativePath: String
    /// Absolute path inside the folder (the link itself when it is a symlink).
    public let absolutePath: String
    public let size: Int64
    /// The file as checked (device, inode, size, mtime).
    public let identity: FileIdentity

    public init(clipID: Int64, relativePath: String, absolutePath: String, size: Int64, identity: FileIdentity = FileIdentity()) {
        self.clipID = clipID
        self.relativePath = relativePath
        self.absolutePath = absolutePath
        self.size = size
        self.identity = identity
    }
}

/// The only place Flick moves, trashes or copies a user's files. Flick never
/// unlinks one: deletions go to the freedesktop Trash (`TrashCan`), or on
/// request into "Flick Rejected" inside the reviewed folder.
///
/// Safety: a stored path that is absolute or has a `..` part is refused
/// before anything moves; every path is walked from a descriptor of the
/// reviewed folder without following links (`NoFollowDirectory`), so a file
/// reached through a link is refused; a file that is not the one the user
/// decided on (its identity differs) is refused; a symlink is moved as the
/// link, never its target; nothing is ever overwritten.
///
/// Threading: stateless; every function may run on any thread (the app
/// runs them off the main thread and reports progress back).
public enum FileOperations {
    /// Checks every stored path first: one tampered row (absolute, or with a
    /// `..` part) refuses the whole run, so nothing moves. Files gone,
    /// reached through a link, or changed since the decision (when the clip
    /// carries its identity) come back as failures; the rest as items.
    public static func check(_ clips: [StoredClip], folder: String) throws(StoreError) -> (items: [FileItem], refused: [FileFailure]) {
        for clip in clips where !isSafeRelativePath(clip.relativePath) {
            throw StoreError(.pathOutsideFolder(path: clip.relativePath, folder: folder))
        }
        let root = Store.canonicalPath(folder)
        let handle: NoFollowDirectory
        do {
            handle = try NoFollowDirectory(path: root)
        } catch {
            throw StoreError(.folder(error))
        }
        var items: [FileItem] = []
        var refused: [FileFailure] = []
        for clip in clips {
            switch handle.lookup(clip.relativePath) {
            case .failure(let reason):
                refused.append(FileFailure(path: clip.relativePath, reason: reason))
            case .success(let entry):
                if let expected = clip.identity, !entry.identity.isSameFile(as: expected) {
                    refused.append(FileFailure(path: clip.relativePath, reason: .changed))
                    continue
                }
                if let expected = clip.fingerprint, Fingerprint.of(parent: entry.parent, name: entry.name, info: entry.info) != expected {
                    refused.append(FileFailure(path: clip.relativePath, reason: .changed))
                    continue
                }
                items.append(FileItem(clipID: clip.id, relativePath: clip.relativePath, absolutePath: root + "/" + clip.relativePath,
                                      size: Int64(entry.info.st_size), identity: entry.identity))
            }
        }
        return (items, refused)
    }

    /// A relative path with no empty, `.` or `..` part.
    /// Read from the String's UTF-8 in one pass: an escaped byte (see
    /// `RawPath`) is never a slash, a dot or NUL, so its three bytes
    /// judge a part as the one byte would.
    public static func isSafeRelativePath(_ path: String) -> Bool {
        isSafeRelativePath(bytes: path.utf8)
    }

    /// The same for a path's UTF-8 as the store holds it.
    static func isSafeRelativePath(bytes: some Sequence<UInt8>) -> Bool {
        var partLength = 0, dots = 0
        for byte in bytes {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                guard partLength > 0, dots < partLength || dots > 2 else { return false }
                partLength = 0
                dots = 0
            default:
                if byte == UInt8(ascii: ".") { dots += 1 }
                partLength += 1
            }
        }
        return partLength > 0 && (dots < partLength || dots > 2)
    }

    static func posixFailure(_ path: String, _ code: Int32) -> FileFailure {
        switch code {
        case ENOENT: FileFailure(path: path, reason: .gone)
        case EACCES, EPERM: FileFailure(path: path, reason: .permissionDenied)
        case EROFS: FileFailure(path: path, reason: .readOnlyFilesystem)
        case EXDEV: FileFailure(path: path, reason: .otherFilesystem)
        default: FileFailure(path: path, reason: .errno(code))
        }
    }
}

/// "Flick Rejected" inside the reviewed folder, for files whose filesystem
/// has no Trash: opened once from the folder's descriptor, refused if it is
/// a link (or not a folder); files move in with `RENAME_NOREPLACE`, a name
/// already taken gets " (2)", " (3)"…, so nothing is ever overwritten.
///
/// Threading: one per run, on the run's thread.
final class RejectedFolder {
    private let result: Result<Int32, FileFailure.Reason>
    private let folderPath: String

    init(in folder: NoFollowDirectory) {
        folderPath = folder.path
        let name = FolderScan.rejectedFolderName
        if mkdirat(folder.fd, name, 0o755) != 0 && errno != EEXIST {
            result = .failure(NoFollowDirectory.reason(errno))
            return
        }
        let fd = openat(folder.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 {
            result = .success(fd)
        } else if errno == ELOOP || errno == ENOTDIR {
            result = .failure(.rejectedNotAFolder(name))
        } else {
            result = .failure(NoFollowDirectory.reason(errno))
        }
    }

    deinit { if case .success(let fd) = result { close(fd) } }

    /// Moves `entry` in, then proves the entry moved is `held` (or puts
    /// it back: `HeldFile`).
    func move(_ entry: NoFollowDirectory.Entry, held: HeldFile, afterRename: () -> Void = {}) -> Result<Void, FileFailure.Reason> {
        if TrashCan.isReadOnly(entry.parent) {
            return .failure(.readOnly(TrashCan.mountTop(of: folderPath, device: UInt64(entry.info.st_dev))))
        }
        let directory: Int32
        switch result {
        case .success(let fd): directory = fd
        case .failure(let reason): return .failure(reason)
        }
        let name = entry.name.dropLast().map { UInt8(bitPattern: $0) }
        for attempt in 1...10_000 {
            let candidate = TrashCan.trashName(name, attempt: attempt, limit: 255).map { CChar(bitPattern: $0) } + [0]
            let code = FileSystem.renameNoReplace(entry.parent, entry.name, directory, candidate)
            if code == 0 {
                afterRename()
                if held.isAt(directory, candidate) { return .success(()) }
                let shown = FolderScan.rejectedFolderName + "/" + RawPath.decode(candidate.dropLast().map { UInt8(bitPattern: $0) })
                return .failure(HeldFile.changedWhileMoving(moved: directory, candidate, from: entry, shownDestination: shown))
            }
            if code == EEXIST { continue }
            return .failure(code == EXDEV ? .otherFilesystem : NoFollowDirectory.reason(code))
        }
        return .failure(.rejectedFull)
    }
}

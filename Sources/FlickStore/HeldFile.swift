import FlickCore
import Foundation

/// A file about to move, held open from its verified parent, so that what
/// is checked and what is moved can be proved to be one file.
///
///   hold     opens the entry once, from its parent's descriptor, without
///            following a link (a regular file for reading, without
///            blocking; a symlink as the link itself, `O_PATH`); its
///            identity is `fstat` of that descriptor and its fingerprint is
///            read from it, so a file renamed over the name meanwhile is
///            never what is checked.
///   isAt     after the move (a rename, by name), `fstatat` of the
///            destination compared with the held descriptor by device and
///            inode: the proof that the entry moved is the file checked.
///   putBack  when it is not (another program renamed a file over the
///            name between the open and the rename), the entry that moved
///            goes back next to where it was, under its own name or, if
///            that is taken now, a free one beside it; never replacing.
///
/// Threading: one per file, on the run's thread.
final class HeldFile {
    let fd: Int32
    /// The file as the held descriptor sees it.
    let info: stat
    var identity: FileIdentity { FileIdentity(info) }

    /// `O_PATH` of <fcntl.h>: a descriptor that names an inode (a symlink
    /// itself with `O_NOFOLLOW`) without opening it for reading.
    private static let pathOnlyFlag = Int32(0o10000000)

    private init(fd: Int32, info: stat) {
        self.fd = fd
        self.info = info
    }

    deinit { close(fd) }

    /// Opens `entry` as it is now: `.changed` when it is no longer the kind
    /// of file the lookup found (a file swapped for a link meanwhile).
    static func hold(_ entry: NoFollowDirectory.Entry) -> Result<HeldFile, FileFailure.Reason> {
        let kind = entry.info.st_mode & S_IFMT
        let flags = kind == S_IFREG ? O_RDONLY | O_NONBLOCK | O_NOCTTY : pathOnlyFlag
        var fd = openat(entry.parent, entry.name, flags | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 && kind == S_IFREG && (errno == EACCES || errno == EPERM) {
            // A file you may move but not read: held all the same (its
            // fingerprint then can't be read, as before).
            fd = openat(entry.parent, entry.name, pathOnlyFlag | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            return .failure(errno == ELOOP ? .changed : NoFollowDirectory.reason(errno))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            return .failure(.errno(code))
        }
        guard info.st_mode & S_IFMT == kind else {
            close(fd)
            return .failure(.changed)
        }
        return .success(HeldFile(fd: fd, info: info))
    }

    /// The fingerprint of the held file's bytes (a link's: its target text).
    var fingerprint: String? { Fingerprint.of(held: fd, info: info) }

    /// Whether `name` in the folder `directory` is the held file.
    func isAt(_ directory: Int32, _ name: [CChar]) -> Bool {
        var now = stat()
        return fstatat(directory, name, &now, AT_SYMLINK_NOFOLLOW) == 0 && now.st_dev == info.st_dev && now.st_ino == info.st_ino
    }

    /// Moves `name` in `directory` (an entry moved there that is not the
    /// held file) back into `parent` as `original`, or as `original (2)`…
    /// when that is taken. Returns the name it took, or nil and the errno.
    static func putBack(from directory: Int32, _ name: [CChar], to parent: Int32, as original: [CChar]) -> (taken: [CChar]?, code: Int32) {
        let bytes = original.dropLast().map { UInt8(bitPattern: $0) }
        for attempt in 1...putBackAttempts {
            let candidate = attempt == 1 ? original : TrashCan.trashName(bytes, attempt: attempt, limit: 255).map { CChar(bitPattern: $0) } + [0]
            let code = FileSystem.renameNoReplace(directory, name, parent, candidate)
            if code == 0 { return (candidate, 0) }
            if code != EEXIST { return (nil, code) }
        }
        return (nil, EEXIST)
    }

    /// Free names tried for a file put back (its own, then " (2)"…).
    private static let putBackAttempts = 1000

    /// The failure to report for a file that changed while being moved,
    /// after putting back what moved from `directory`/`name` (shown as
    /// `shownDestination` should it have to stay there).
    static func changedWhileMoving(moved directory: Int32, _ name: [CChar], from entry: NoFollowDirectory.Entry,
                                   shownDestination: String) -> FileFailure.Reason {
        let (taken, code) = putBack(from: directory, name, to: entry.parent, as: entry.name)
        guard let taken else { return .changedWhileMoving(.stayed(shownDestination, code)) }
        if taken == entry.name { return .changedWhileMoving(.underItsName) }
        return .changedWhileMoving(.beside(RawPath.decode(taken.dropLast().map { UInt8(bitPattern: $0) })))
    }
}

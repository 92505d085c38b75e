import FlickCore
import Foundation

/// The reviewed folder held open (`O_DIRECTORY|O_NOFOLLOW`), and lookups
/// below it that never follow a link: every folder on a clip's path is
/// opened with `openat(O_NOFOLLOW)` from the one before, and the clip
/// itself is `fstatat(AT_SYMLINK_NOFOLLOW)`'d in the last one. A move then
/// acts on that verified parent descriptor (`renameat`), so swapping a
/// folder on the path for a link between the check and the move changes
/// nothing: the descriptor still names the folder that was checked.
///
/// Threading: one handle per run, used on the thread that made it.
final class NoFollowDirectory {
    let fd: Int32
    /// The folder's canonical path (symlinks resolved), as the store has it.
    let path: String

    /// Opens `path` (a canonical folder path).
    init(path: String) throws(FileFailure) {
        self.path = path
        fd = open(RawPath.c(path), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            throw FileFailure(path: path, reason: .folderUnopenable(errno))
        }
    }

    deinit { close(fd) }

    /// One directory entry found below the folder: its verified parent
    /// (owned: closed with the entry), its name, and what it is now.
    final class Entry {
        let parent: Int32
        let name: [CChar]
        let info: stat
        var identity: FileIdentity { FileIdentity(info) }

        fileprivate init(parent: Int32, name: [CChar], info: stat) {
            self.parent = parent
            self.name = name
            self.info = info
        }

        deinit { close(parent) }
    }

    /// Walks `relativePath` (checked safe by the caller) below the folder.
    func lookup(_ relativePath: String) -> Result<Entry, FileFailure.Reason> {
        let parts = RawPath.bytes(relativePath).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard let last = parts.last, !last.isEmpty else { return .failure(.gone) }
        var current = dup(fd)
        guard current >= 0 else { return .failure(.errno(errno)) }
        for part in parts.dropLast() {
            let name = part.map { CChar(bitPattern: $0) } + [0]
            let next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                var info = stat()
                let isLink = fstatat(current, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
                close(current)
                if code == ELOOP || isLink { return .failure(.outsideFolder) }
                return .failure(Self.reason(code))
            }
            close(current)
            current = next
        }
        let name = last.map { CChar(bitPattern: $0) } + [0]
        var info = stat()
        guard fstatat(current, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            let code = errno
            close(current)
            return .failure(Self.reason(code))
        }
        return .success(Entry(parent: current, name: name, info: info))
    }

    static func reason(_ code: Int32) -> FileFailure.Reason {
        switch code {
        case ENOENT, ENOTDIR: .gone
        case EACCES, EPERM: .permissionDenied
        default: .errno(code)
        }
    }
}

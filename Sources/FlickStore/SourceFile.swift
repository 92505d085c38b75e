import FlickCore
import Foundation

/// Opens a clip to read it for a copy, safely whatever its name now holds.
///
/// The open never waits: with `O_NONBLOCK` a FIFO (or a device) that took
/// the clip's place cannot hold the process in `open(2)`, where no signal
/// reaches it. The descriptor is then checked to be a regular file before
/// anything is read, and blocking reads are restored.
///
/// Threading: stateless; any thread.
enum SourceFile {
    /// A read-only descriptor of the regular file `item` names (following
    /// a symlink), or a failure naming the file and why.
    static func open(_ item: FileItem) throws(FileFailure) -> Int32 {
        let fd = Glibc.open(RawPath.c(item.absolutePath), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw FileOperations.posixFailure(item.relativePath, errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw FileOperations.posixFailure(item.relativePath, code)
        }
        if !isRegular(info.st_mode) {
            close(fd)
            throw notRegularFailure(item, info.st_mode)
        }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let code = errno
            close(fd)
            throw FileOperations.posixFailure(item.relativePath, code)
        }
        return fd
    }

    /// Whether a file of `mode` is a regular file.
    static func isRegular(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFREG }

    static func notRegularFailure(_ item: FileItem, _ mode: mode_t) -> FileFailure {
        FileFailure(path: item.relativePath, reason: .notRegular(mode: UInt32(mode & S_IFMT)))
    }
}

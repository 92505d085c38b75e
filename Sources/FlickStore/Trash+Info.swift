import FlickCore
import Foundation

/// The `.trashinfo` half of a move to the Trash: each is complete or
/// absent, never empty, and it still reserves its name exclusively, as
/// the Trash specification asks.
///
///   reserve   writes the whole info into an unnamed file (`O_TMPFILE`),
///             fsyncs it, then links it in as NAME.trashinfo — `linkat`
///             never replaces, so a taken NAME fails with EEXIST and the
///             next name is tried. A kill at any moment leaves nothing.
///             Where the file system has no unnamed files (FAT, FUSE):
///             `O_EXCL` create, write, fsync; a kill between the create
///             and the write can leave an empty NAME.trashinfo, which
///   repair    removes on the next run: an empty `.trashinfo` at least
///             `abandonedAge` old with no `files/NAME` is a reservation
///             whose run died (another program's live reservation is
///             written at once, so it is never empty for that long).
///
/// Threading: as `TrashCan`, one per run, on the run's thread.
extension TrashCan {
    /// Seconds after which an empty `.trashinfo` is taken as abandoned.
    static let abandonedAge: time_t = 60

    /// `O_TMPFILE` of <fcntl.h> (with O_DIRECTORY, as the kernel wants it).
    private static let unnamedFileFlag = Int32(0o20000000) | O_DIRECTORY

    /// Creates `info/NAME.trashinfo` holding `text`, complete, only if the
    /// name is free. Returns 0, EEXIST when taken, or the errno.
    static func reserve(_ text: String, named name: [CChar], in info: Int32) -> Int32 {
        let bytes = Array(text.utf8)
        let unnamed = openat(info, ".", O_WRONLY | unnamedFileFlag | O_CLOEXEC, 0o600)
        if unnamed >= 0 {
            defer { close(unnamed) }
            guard writeAll(bytes, to: unnamed) else { return errno }
            if linkat(AT_FDCWD, "/proc/self/fd/\(unnamed)", info, name, AT_SYMLINK_FOLLOW) == 0 { return 0 }
            let code = errno
            if code != ENOENT && code != EXDEV && !FileSystem.cannotLink(code) { return code }
        }
        let fd = openat(info, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return errno }
        let written = writeAll(bytes, to: fd)
        let code = errno
        close(fd)
        if !written {
            unlinkat(info, name, 0)
            return code
        }
        return 0
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress?.advanced(by: done), bytes.count - done) }
            if n <= 0 { return false }
            done += n
        }
        return fsync(fd) == 0
    }

    /// Removes the empty `.trashinfo` files a killed run left (above).
    /// Returns how many.
    @discardableResult
    static func repair(info: Int32, files: Int32, now: time_t = time(nil)) -> Int {
        let fd = dup(info)
        guard fd >= 0, let dir = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            return 0
        }
        defer { closedir(dir) }
        let suffix = Array(".trashinfo".utf8)
        var removed = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard name.count > suffix.count, Array(name.suffix(suffix.count)) == suffix else { continue }
            let cName = name.map { CChar(bitPattern: $0) } + [0]
            let trashed = name.dropLast(suffix.count).map { CChar(bitPattern: $0) } + [0]
            var info = stat(), file = stat()
            guard fstatat(dirfd(dir), cName, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                  info.st_size == 0, now - info.st_mtim.tv_sec >= abandonedAge,
                  fstatat(files, trashed, &file, AT_SYMLINK_NOFOLLOW) != 0, errno == ENOENT else { continue }
            if unlinkat(dirfd(dir), cName, 0) == 0 { removed += 1 }
        }
        return removed
    }

    /// Whether the file system of the folder open at `fd` is mounted read-only.
    static func isReadOnly(_ fd: Int32) -> Bool {
        var info = statvfs()
        return fstatvfs(fd, &info) == 0 && info.f_flag & readOnlyFlag != 0
    }

    /// ST_RDONLY of <sys/statvfs.h>.
    private static let readOnlyFlag: UInt = 1
}

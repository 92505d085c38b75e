import Foundation

/// Flick's own temporary files and the renames that never overwrite.
///
/// An export is written under a short hidden name beside its destination,
/// `.flick-partial-PID-XXXXXXXX` (under 40 bytes, so any destination name
/// that fits NAME_MAX has a partial that fits too), and renamed into place
/// when complete. A run killed with SIGKILL cannot remove its partial; the
/// next export into that folder does (`removeStale(in:)`: the named process
/// is gone) — but only a file Flick marked as its own when it created it
/// (the extended attribute `user.flick.partial`): a user's file that merely
/// has such a name is never removed. Where the filesystem keeps no extended
/// attributes (some FAT or FUSE mounts) nothing is marked, so a killed run's
/// partial stays there for the user to remove.
///
/// Partials being written are remembered until committed or discarded, so
/// an interrupted command can remove them all (`discardAllInProgress`).
///
/// Threading: any thread; the set of partials in progress is locked.
public enum PartialFile {
    static let prefix = ".flick-partial-"
    /// The extended attribute that marks a file as Flick's partial.
    static let markName = "user.flick.partial"
    static let markValue: [UInt8] = Array("flick".utf8)

    /// Why a partial file could not be created: the errno of `open`.
    public struct CreateError: Error, Sendable {
        public let code: Int32
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var inProgress: Set<String> = []
    nonisolated(unsafe) private static var owner = getpid()

    /// The process a partial's name says is writing it: this one, or the
    /// process this one works for (`flick` supervising its worker, which
    /// is killed with it). Set once at start, before any partial.
    public static var ownerPID: pid_t {
        get { lock.withLock { owner } }
        set { lock.withLock { owner = newValue } }
    }

    /// A fresh partial path in `directory` (raw-byte String, see `RawPath`).
    public static func path(in directory: String) -> String {
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return (directory.isEmpty ? "." : directory) + "/" + prefix + "\(ownerPID)-" + tag
    }

    /// Creates a fresh partial file in `directory` (never over anything),
    /// marked as Flick's, and remembers it until `commit` or `discard`.
    /// Returns its path and a descriptor open for writing, or the errno.
    public static func create(in directory: String) -> Result<(path: String, fd: Int32), CreateError> {
        guard !OutputGate.isClosed else { return .failure(CreateError(code: ECANCELED)) }
        let partial = path(in: directory)
        lock.withLock { _ = inProgress.insert(partial) }
        let fd = open(RawPath.c(partial), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            lock.withLock { _ = inProgress.remove(partial) }
            return .failure(CreateError(code: code))
        }
        if system_fsetxattr(fd, markName, markValue, markValue.count, 0) != 0 {
            Log.debug("\(RawPath.printable(partial)) can’t be marked (\(String(cString: strerror(errno)))); a killed run leaves it", category: "partial")
        }
        return .success((partial, fd))
    }

    /// Removes `partial` (a failed or cancelled export) and forgets it.
    public static func discard(_ partial: String) {
        unlink(RawPath.c(partial))
        lock.withLock { _ = inProgress.remove(partial) }
    }

    /// Removes every partial this process is still writing: what an
    /// interrupted command does just before it exits. Returns how many.
    @discardableResult
    public static func discardAllInProgress() -> Int {
        let partials = lock.withLock { () -> Set<String> in
            defer { inProgress.removeAll() }
            return inProgress
        }
        return partials.filter { unlink(RawPath.c($0)) == 0 }.count
    }

    /// Removes the partial files in `directory` whose process has ended
    /// (killed mid-export). Only regular files owned by this user, named
    /// as Flick names them and carrying Flick's mark are touched. Returns
    /// how many were removed.
    @discardableResult
    public static func removeStale(in directory: String) -> Int {
        guard let dir = opendir(RawPath.c(directory)) else { return 0 }
        defer { closedir(dir) }
        var removed = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { RawPath.decode($0.prefix { $0 != 0 }) }
            guard name.hasPrefix(prefix),
                  let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            if removeIfMarked(RawPath.c(name), in: dirfd(dir)) { removed += 1 }
        }
        return removed
    }

    /// Opens `name` without following a link or waiting on a FIFO, checks
    /// it is a regular file of this user with Flick's mark, and unlinks it
    /// only if the name still holds that very file.
    private static func removeIfMarked(_ name: [CChar], in folder: Int32) -> Bool {
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var opened = stat(), named = stat()
        guard fstat(fd, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG, opened.st_uid == geteuid() else { return false }
        var mark = [UInt8](repeating: 0, count: 16)
        let length = system_fgetxattr(fd, markName, &mark, mark.count)
        guard length == markValue.count, Array(mark.prefix(length)) == markValue else { return false }
        guard fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0,
              named.st_dev == opened.st_dev, named.st_ino == opened.st_ino else { return false }
        return unlinkat(folder, name, 0) == 0
    }

    /// Renames the finished `partial` to `destination`: over an existing
    /// entry only with `replace`, otherwise never (not even in a race).
    /// Returns 0, or the errno (EEXIST when `destination` exists;
    /// ECANCELED once the command was stopped: see `OutputGate`). Once
    /// renamed, it is no longer a partial in progress.
    public static func commit(_ partial: String, to destination: String, replace: Bool) -> Int32 {
        let renamed = OutputGate.unlessClosed {
            replace ? (rename(RawPath.c(partial), RawPath.c(destination)) == 0 ? 0 : errno)
                : FileSystem.renameNoReplace(AT_FDCWD, RawPath.c(partial), AT_FDCWD, RawPath.c(destination))
        }
        let code = renamed ?? ECANCELED
        if code == 0 { lock.withLock { _ = inProgress.remove(partial) } }
        return code
    }
}

/// glibc's `fsetxattr` and `fgetxattr` (<sys/xattr.h>, not in Swift's Glibc module).
@_silgen_name("fsetxattr")
private func system_fsetxattr(_ fd: CInt, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer, _ size: Int, _ flags: CInt) -> CInt
@_silgen_name("fgetxattr")
private func system_fgetxattr(_ fd: CInt, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer, _ size: Int) -> Int

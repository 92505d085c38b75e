import Foundation

/// Flick's own temporary files and the renames that never overwrite.
///
/// An export is written under a short hidden name beside its destination,
/// `.flick-partial-PID-XXXXXXXX` (under 40 bytes, so any destination name
/// that fits NAME_MAX has a partial that fits too), and renamed into place
/// when complete. A run killed with SIGKILL cannot remove its partial; the
/// next export into that folder does (`removeStale(in:)`: the named process
/// is gone).
///
/// Threading: stateless; any thread.
public enum PartialFile {
    static let prefix = ".flick-partial-"

    /// A fresh partial path in `directory` (raw-byte String, see `RawPath`).
    public static func path(in directory: String) -> String {
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return (directory.isEmpty ? "." : directory) + "/" + prefix + "\(getpid())-" + tag
    }

    /// Whether `name` (a last path component) is one of Flick's partial files.
    public static func isPartialName(_ name: String) -> Bool { name.hasPrefix(prefix) }

    /// Removes the partial files in `directory` whose process has ended
    /// (killed mid-export). Only regular files owned by this user and named
    /// as Flick names them are touched. Returns how many were removed.
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
            var info = stat()
            guard fstatat(dirfd(dir), RawPath.c(name), &info, AT_SYMLINK_NOFOLLOW) == 0,
                  (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { continue }
            if unlinkat(dirfd(dir), RawPath.c(name), 0) == 0 { removed += 1 }
        }
        return removed
    }

    /// Renames the finished `partial` to `destination`: over an existing
    /// entry only with `replace`, otherwise never (not even in a race).
    /// Returns 0, or the errno (EEXIST when `destination` exists).
    public static func commit(_ partial: String, to destination: String, replace: Bool) -> Int32 {
        if replace {
            return rename(RawPath.c(partial), RawPath.c(destination)) == 0 ? 0 : errno
        }
        return FileSystem.renameNoReplace(AT_FDCWD, RawPath.c(partial), AT_FDCWD, RawPath.c(destination))
    }
}

/// Thin, typed wrappers over the few Linux calls Swift's Glibc module
/// leaves out.
public enum FileSystem {
    /// `renameat2(…, RENAME_NOREPLACE)`: moves an entry only if the target
    /// name is free, atomically. Returns 0 or the errno. Where the
    /// filesystem cannot do it (EINVAL), a hard link and an unlink give the
    /// same guarantee; where it can't hard-link either (FAT through FUSE),
    /// a rename over a placeholder Flick claimed with O_EXCL
    /// (`renameOverPlaceholder`, which says what that guarantees).
    public static func renameNoReplace(_ fromDirectory: Int32, _ from: [CChar], _ toDirectory: Int32, _ to: [CChar]) -> Int32 {
        if system_renameat2(fromDirectory, from, toDirectory, to, renameNoReplaceFlag) == 0 { return 0 }
        let code = errno
        guard code == EINVAL || code == ENOSYS else { return code }
        guard linkat(fromDirectory, from, toDirectory, to, 0) == 0 else {
            let linkError = errno
            return cannotLink(linkError) ? renameOverPlaceholder(fromDirectory, from, toDirectory, to) : linkError
        }
        guard unlinkat(fromDirectory, from, 0) == 0 else {
            let unlinkError = errno
            unlinkat(toDirectory, to, 0)
            return unlinkError
        }
        return 0
    }

    /// RENAME_NOREPLACE of <linux/fs.h>.
    static let renameNoReplaceFlag: UInt32 = 1
}

/// glibc's `renameat2` (since 2.28), declared here because Swift's Glibc
/// module is built without `_GNU_SOURCE`.
@_silgen_name("renameat2")
private func system_renameat2(_ oldDirectory: CInt, _ oldPath: UnsafePointer<CChar>, _ newDirectory: CInt,
                              _ newPath: UnsafePointer<CChar>, _ flags: CUnsignedInt) -> CInt

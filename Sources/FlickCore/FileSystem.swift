import Foundation

/// Thin, typed wrappers over the few Linux calls Swift's Glibc module
/// leaves out.
public enum FileSystem {
    /// `renameat2(…, RENAME_NOREPLACE)`: moves an entry only if the target
    /// name is free, atomically. Returns 0 or the errno. Where the
    /// filesystem cannot do it (EINVAL), a hard link and then the removal
    /// of the old name (`removeLinked`) give the same guarantee; on a FUSE
    /// file system, or where it can't hard-link (FAT through FUSE),
    /// a rename over a placeholder Flick claimed with O_EXCL
    /// (`renameOverPlaceholder`, which says what that guarantees).
    public static func renameNoReplace(_ fromDirectory: Int32, _ from: [CChar], _ toDirectory: Int32, _ to: [CChar]) -> Int32 {
        if system_renameat2(fromDirectory, from, toDirectory, to, renameNoReplaceFlag) == 0 { return 0 }
        let code = errno
        guard code == EINVAL || code == ENOSYS else { return code }
        // A FUSE file system (sshfs, fusefat) may number a hard link as
        // another file, so the move's proof by device and inode would
        // fail: there a plain rename over Flick's own placeholder keeps
        // the entry's number, as a rename does everywhere.
        if isFUSE(toDirectory) { return renameOverPlaceholder(fromDirectory, from, toDirectory, to) }
        guard linkat(fromDirectory, from, toDirectory, to, 0) == 0 else {
            let linkError = errno
            return cannotLink(linkError) ? renameOverPlaceholder(fromDirectory, from, toDirectory, to) : linkError
        }
        return removeLinked(fromDirectory, from, toDirectory, to)
    }

    /// Removes the name `from`, just hard-linked as `to`, only if it is
    /// still that entry: another program may have renamed a file over
    /// `from` since the link, and an unlink by name would delete it. So
    /// `from` is first renamed (atomically) to a private name beside it,
    /// compared there by device and inode with `to`, and unlinked only
    /// then; another file found there goes back to `from` (`linkat`, never
    /// replacing). Returns 0 when the entry linked is at `to` and `from`
    /// no longer names it, or the errno (the link undone when it is safe).
    static func removeLinked(_ fromDirectory: Int32, _ from: [CChar], _ toDirectory: Int32, _ to: [CChar]) -> Int32 {
        var linked = stat(), aside = stat()
        guard fstatat(toDirectory, to, &linked, AT_SYMLINK_NOFOLLOW) == 0 else { return errno }
        let privateName = Array(".flick-moving-\(getpid())-\(UInt64.random(in: 1...UInt64.max))".utf8CString)
        guard renameat(fromDirectory, from, fromDirectory, privateName) == 0 else {
            let code = errno
            // Gone from `from` already: moved. Else undo the link while
            // `from` still names the same file (so nothing is lost).
            if code == ENOENT { return 0 }
            if fstatat(fromDirectory, from, &aside, AT_SYMLINK_NOFOLLOW) == 0, aside.st_dev == linked.st_dev, aside.st_ino == linked.st_ino {
                unlinkat(toDirectory, to, 0)
            }
            return code
        }
        guard fstatat(fromDirectory, privateName, &aside, AT_SYMLINK_NOFOLLOW) == 0 else { return 0 }
        if aside.st_dev == linked.st_dev && aside.st_ino == linked.st_ino {
            unlinkat(fromDirectory, privateName, 0)
        } else if linkat(fromDirectory, privateName, fromDirectory, from, 0) == 0 {
            // Another file had taken the name: back under it.
            unlinkat(fromDirectory, privateName, 0)
        }
        return 0
    }

    /// Whether the folder `directory` is on a FUSE file system.
    static func isFUSE(_ directory: Int32) -> Bool {
        // struct statfs opens with f_type (a long) on every Linux ABI; the
        // buffer is larger than the whole struct (120 bytes on 64-bit).
        var buffer = [Int](repeating: 0, count: 32)
        return buffer.withUnsafeMutableBytes { system_fstatfs(directory, $0.baseAddress) } == 0
            && UInt64(truncatingIfNeeded: buffer[0]) == fuseMagic
    }

    /// FUSE_SUPER_MAGIC of <linux/magic.h>.
    static let fuseMagic: UInt64 = 0x6573_5546

    /// RENAME_NOREPLACE of <linux/fs.h>.
    static let renameNoReplaceFlag: UInt32 = 1
}

/// glibc's `renameat2` (since 2.28), declared here because Swift's Glibc
/// module is built without `_GNU_SOURCE`.
@_silgen_name("renameat2")
private func system_renameat2(_ oldDirectory: CInt, _ oldPath: UnsafePointer<CChar>, _ newDirectory: CInt,
                              _ newPath: UnsafePointer<CChar>, _ flags: CUnsignedInt) -> CInt

/// glibc's `fstatfs`, declared here because Swift's Glibc module leaves
/// out <sys/vfs.h>.
@_silgen_name("fstatfs")
private func system_fstatfs(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?) -> CInt

import Foundation

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

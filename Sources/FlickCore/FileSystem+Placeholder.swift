import Foundation

/// The last way `FileSystem.renameNoReplace` has of moving an entry
/// without ever replacing another file, for file systems that can neither
/// rename without replacing nor hard-link: a FAT card through FUSE
/// (fusefat answers `renameat2(RENAME_NOREPLACE)` with EINVAL and `link`
/// with EPERM, while a plain `rename` works — which is why `mv` works
/// there and Flick's moves used to fail as "permission denied").
///
/// How: the target name is claimed first by creating an empty file there
/// with `O_EXCL` (atomic everywhere, FAT included, where it also claims
/// every other spelling of the name in another case). Just before the
/// move, the name must still hold that placeholder (the same file, still
/// empty); then a plain `renameat` moves the entry over it.
///
/// What is guaranteed: the name was free when Flick claimed it, so the
/// only file the rename can replace is Flick's own empty placeholder —
/// unless, in the instant between the last check and the rename, another
/// process deleted or replaced that placeholder and put a file of its own
/// there (which no program does to a name another just created; a
/// freedesktop Trash name is also reserved by its `.trashinfo` first).
/// A kill between the two steps leaves the empty placeholder at the
/// target and the entry where it was. Only a file or a link moves this
/// way (a folder can't replace a file).
///
/// Threading: stateless; any thread.
extension FileSystem {
    /// `link` errors that mean "this file system can't hard-link".
    public static func cannotLink(_ code: Int32) -> Bool {
        code == EPERM || code == EOPNOTSUPP || code == ENOSYS || code == EMLINK
    }

    /// Moves `from` to the free name `to` through a placeholder (above).
    /// Returns 0 or the errno (EEXIST when the name is taken).
    static func renameOverPlaceholder(_ fromDirectory: Int32, _ from: [CChar], _ toDirectory: Int32, _ to: [CChar]) -> Int32 {
        var source = stat()
        guard fstatat(fromDirectory, from, &source, AT_SYMLINK_NOFOLLOW) == 0 else { return errno }
        let kind = source.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFLNK else { return EPERM }
        let placeholder = openat(toDirectory, to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard placeholder >= 0 else { return errno }
        defer { close(placeholder) }
        var claimed = stat(), now = stat()
        guard fstat(placeholder, &claimed) == 0 else { return errno }
        let stillOurs = fstatat(toDirectory, to, &now, AT_SYMLINK_NOFOLLOW) == 0
            && now.st_dev == claimed.st_dev && now.st_ino == claimed.st_ino && now.st_size == 0
        guard stillOurs else { return EEXIST }
        if renameat(fromDirectory, from, toDirectory, to) == 0 { return 0 }
        let code = errno
        // Remove the placeholder only while it is still Flick's, empty one.
        if fstatat(toDirectory, to, &now, AT_SYMLINK_NOFOLLOW) == 0, now.st_ino == claimed.st_ino, now.st_size == 0 {
            unlinkat(toDirectory, to, 0)
        }
        return code
    }
}

import FlickCore
import Foundation

/// The freedesktop Trash (Trash specification 1.0), written by Flick itself
/// so that a move acts on a verified directory descriptor and can never
/// follow a swapped path.
///
///   home Trash     `$XDG_DATA_HOME/Trash`, for files on its filesystem
///   $topdir/.Trash/$uid   when the filesystem's top has a sticky,
///                  non-link `.Trash` (shared, set up by an administrator)
///   $topdir/.Trash-$uid   otherwise (created 0700)
///
/// `$topdir` is the top of the mount the file is reached through (by mount
/// ID), so a bind mount's own; a file on the home Trash's filesystem whose
/// rename there fails across a mount boundary (EXDEV: a bind mount) goes to
/// its mount's `$topdir` Trash too. A top folder that refuses the Trash
/// folder (immutable, read-only, not writable) is named as the cause.
///
/// Every Trash folder (`Trash`, `files`, `info`, `.Trash-$uid`…) is opened
/// with `O_NOFOLLOW`: a Trash that is a link is refused, never followed.
/// A move first creates `info/NAME.trashinfo`, complete, only if the name
/// is free (which claims NAME; `Trash+Info.swift`), then
/// `renameat2(RENAME_NOREPLACE)`s the entry from its verified parent into
/// `files/NAME`; if that fails the info file is removed. Then the proof:
/// `files/NAME` must be the file held open and checked (`HeldFile`), else
/// it goes back and the info file is removed. A failure names
/// its real cause: the clip's file system read-only, or the Trash folder
/// that can't be written and why, never the clip for the Trash's fault.
///
/// Threading: one `TrashCan` per run, on the run's thread.
final class TrashCan {
    struct Directory {
        let files: Int32
        let info: Int32
        /// The Trash folder as the user finds it (for messages).
        let shown: String
        /// The filesystem's top folder for a `$topdir` Trash (Path= is then
        /// relative to it); nil for the home Trash (absolute Path=).
        let topdir: String?
    }

    private let dataHome: String?
    /// A filesystem as reached through one mount.
    private struct Key: Hashable {
        let device: UInt64
        let mount: UInt64?
    }

    private var byMount: [Key: Result<Directory, FileFailure.Reason>] = [:]
    private var opened: [Int32] = []
    private let uid = getuid()

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.local/share" }
    }

    deinit { for fd in opened { close(fd) } }

    /// Moves `entry` (found below a verified folder, and held open as
    /// `held`) to the Trash of the mount it is on, then proves that the
    /// entry moved is the held file (else puts it back: `HeldFile`).
    /// `originalPath` is the absolute path written to the `.trashinfo`
    /// (what the Files app restores to).
    func move(_ entry: NoFollowDirectory.Entry, held: HeldFile, originalPath: String,
              afterRename: () -> Void = {}) -> Result<Void, FileFailure.Reason> {
        let folder = (originalPath as NSString).deletingLastPathComponent
        // Nothing on a read-only filesystem can move, to any Trash or folder.
        if Self.isReadOnly(entry.parent) {
            return .failure(.readOnly(Self.mountTop(of: folder, device: UInt64(entry.info.st_dev))))
        }
        let mount = FileSystem.mountFacts(entry.parent, "")?.mountID
        let directory: Directory
        switch trash(for: UInt64(entry.info.st_dev), mount: mount, near: folder) {
        case .success(let found): directory = found
        case .failure(let reason): return .failure(reason)
        }
        let result = move(entry, held: held, originalPath: originalPath, into: directory, afterRename: afterRename)
        guard Self.crossesMounts(result) else { return result }
        // The home Trash's filesystem, but across a mount boundary (a bind
        // mount): the Trash of the mount the file is on, from now on.
        guard directory.topdir == nil else { return .failure(.noTrash) }
        let own = locateOnMount(device: UInt64(entry.info.st_dev), near: folder)
        if mount != nil { byMount[Key(device: UInt64(entry.info.st_dev), mount: mount)] = own }
        switch own {
        case .success(let own):
            let second = move(entry, held: held, originalPath: originalPath, into: own, afterRename: afterRename)
            return Self.crossesMounts(second) ? .failure(.noTrash) : second
        case .failure(let reason): return .failure(reason)
        }
    }

    private static func crossesMounts(_ result: Result<Void, FileFailure.Reason>) -> Bool {
        if case .failure(.otherFilesystem) = result { return true }
        return false
    }

    /// The move into one Trash; `.otherFilesystem` when that Trash is
    /// across a mount boundary (EXDEV).
    private func move(_ entry: NoFollowDirectory.Entry, held: HeldFile, originalPath: String,
                      into directory: Directory, afterRename: () -> Void) -> Result<Void, FileFailure.Reason> {
        var recorded = originalPath
        if let topdir = directory.topdir, RawPath.isInside(originalPath, root: topdir), !RawPath.same(originalPath, topdir) {
            recorded = String(originalPath.unicodeScalars.dropFirst(topdir.unicodeScalars.count + (topdir.hasSuffix("/") ? 0 : 1)))
        }
        let info = "[Trash Info]\nPath=\(RawPath.percentEncoded(recorded, keeping: "/"))\nDeletionDate=\(Self.deletionDate())\n"
        let name = RawPath.bytes((originalPath as NSString).lastPathComponent)
        for attempt in 1...10_000 {
            let candidate = Self.trashName(name, attempt: attempt)
            let infoName = (candidate + Array(".trashinfo".utf8)).map { CChar(bitPattern: $0) } + [0]
            let reserved = Self.reserve(info, named: infoName, in: directory.info)
            if reserved == EEXIST { continue }
            if reserved != 0 { return .failure(Self.unwritable(directory.shown + "/info", reserved)) }
            let target = candidate.map { CChar(bitPattern: $0) } + [0]
            let code = FileSystem.renameNoReplace(entry.parent, entry.name, directory.files, target)
            if code == 0 {
                afterRename()
                if held.isAt(directory.files, target) { return .success(()) }
                let reason = HeldFile.changedWhileMoving(moved: directory.files, target, from: entry,
                                                         shownDestination: directory.shown + "/files/" + RawPath.decode(candidate))
                if case .changedWhileMoving(.stayed) = reason {} else { unlinkat(directory.info, infoName, 0) }
                return .failure(reason)
            }
            unlinkat(directory.info, infoName, 0)
            if code == EEXIST { continue }
            if code == EXDEV { return .failure(.otherFilesystem) }
            // Whose fault: the Trash's `files` folder, or the clip's folder.
            if code == EROFS || ((code == EACCES || code == EPERM) && faccessat(directory.files, ".", W_OK, AT_EACCESS) != 0) {
                return .failure(Self.unwritable(directory.shown + "/files", code))
            }
            return .failure(NoFollowDirectory.reason(code))
        }
        return .failure(.trashFull)
    }

    /// `name`, or `name (2).ext`…, short enough that NAME.trashinfo fits
    /// NAME_MAX (255 bytes): a long name is cut at a character boundary,
    /// keeping its extension; the .trashinfo keeps the full original path.
    static func trashName(_ name: [UInt8], attempt: Int, limit: Int = 255 - ".trashinfo".utf8.count) -> [UInt8] {
        let dot = name.lastIndex(of: UInt8(ascii: "."))
        let splitAt = dot.flatMap { $0 > 0 && name.count - $0 <= 16 ? $0 : nil } ?? name.count
        var base = Array(name[..<splitAt])
        let ext = Array(name[splitAt...])
        let suffix = attempt == 1 ? [] : Array(" (\(attempt))".utf8)
        if attempt == 1 && name.count <= limit { return name }
        let room = limit - ext.count - suffix.count
        if base.count > room {
            var cut = room
            while cut > 0 && base[cut] & 0xC0 == 0x80 { cut -= 1 }
            base = Array(base[..<cut])
        }
        return base + suffix + ext
    }

    /// Local time, as the specification asks: 2026-11-14T18:05:09.
    static func deletionDate(_ now: time_t = time(nil)) -> String {
        var seconds = now
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The Trash for a file on `device`, reached through the mount
    /// `mount` (nil where the kernel gives no mount IDs), in `directory`.
    func trash(for device: UInt64, mount: UInt64?, near directory: String) -> Result<Directory, FileFailure.Reason> {
        let key = Key(device: device, mount: mount)
        if let known = byMount[key] { return known }
        let found = locate(device: device, near: directory)
        byMount[key] = found
        return found
    }

    private func locate(device: UInt64, near directory: String) -> Result<Directory, FileFailure.Reason> {
        // The home Trash's filesystem (as file managers tell it, by device):
        // the home Trash, unless a rename into it crosses a mount (`move`).
        guard let dataHome, Self.device(of: dataHome + "/Trash") == device else { return locateOnMount(device: device, near: directory) }
        guard Export.makeDirectories(dataHome) == nil else { return .failure(.noTrash) }
        let home = open(RawPath.c(dataHome), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard home >= 0 else { return .failure(.noTrash) }
        defer { close(home) }
        return folders(in: home, named: "Trash", shown: dataHome + "/Trash", device: device, topdir: nil)
    }

    /// The Trash at the top of the mount `directory` is on (a bind mount's
    /// own top, not its filesystem's): `.Trash/$uid` or `.Trash-$uid`.
    private func locateOnMount(device: UInt64, near directory: String) -> Result<Directory, FileFailure.Reason> {
        let topdir = FileSystem.mountTop(of: directory) ?? Self.mountTop(of: directory, device: device)
        let top = open(RawPath.c(topdir), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return .failure(.noTrash) }
        defer { close(top) }
        // A shared, sticky `.Trash` (never a link) holds one folder per user.
        var shared = stat()
        if fstatat(top, ".Trash", &shared, AT_SYMLINK_NOFOLLOW) == 0, (shared.st_mode & S_IFMT) == S_IFDIR, shared.st_mode & S_ISVTX != 0 {
            let sharedFD = openat(top, ".Trash", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if sharedFD >= 0 {
                defer { close(sharedFD) }
                if case .success(let found) = folders(in: sharedFD, named: "\(uid)", shown: topdir + "/.Trash/\(uid)", device: device, topdir: topdir) {
                    return .success(found)
                }
            }
        }
        return folders(in: top, named: ".Trash-\(uid)", shown: topdir + "/.Trash-\(uid)", device: device, topdir: topdir)
    }

    /// Opens (creating, 0700) `parent/name` with its `files` and `info`,
    /// none of them a link, owned by this user, on `device`.
    private func folders(in parent: Int32, named name: String, shown: String, device: UInt64,
                         topdir: String?) -> Result<Directory, FileFailure.Reason> {
        // The home Trash exists wherever the user can write: failing to make
        // or use it is the Trash's fault. A filesystem's own `.Trash-$uid`
        // that can't be made means that filesystem has no Trash for you.
        func cannotUse(_ path: String, _ code: Int32) -> FileFailure.Reason {
            topdir == nil || code == EROFS ? Self.unwritable(path, code) : .noTrash
        }
        // A top folder that refuses it (immutable, read-only, not yours to
        // write) is named as the cause: the file manager could not either.
        func cannotCreate(in parent: Int32, _ path: String, _ code: Int32) -> FileFailure.Reason {
            guard topdir != nil, code == EPERM || code == EACCES || code == EROFS else { return cannotUse(path, code) }
            if FileSystem.mountFacts(parent, "")?.isImmutable == true {
                return .trashUncreatable(path, .immutable((path as NSString).deletingLastPathComponent))
            }
            return .trashUncreatable(path, .errno(code))
        }
        func openOwned(_ parent: Int32, _ name: String, _ path: String) -> Result<Int32, FileFailure.Reason> {
            if mkdirat(parent, name, 0o700) != 0 && errno != EEXIST { return .failure(cannotCreate(in: parent, path, errno)) }
            let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else {
                return .failure(errno == ELOOP || errno == ENOTDIR
                    ? .trashNotAFolder(path)
                    : cannotUse(path, errno))
            }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_uid == uid, UInt64(info.st_dev) == device else {
                close(fd)
                return .failure(topdir == nil ? .trashUnwritable(path, .foreign) : .noTrash)
            }
            return .success(fd)
        }
        let root: Int32
        switch openOwned(parent, name, shown) {
        case .success(let fd): root = fd
        case .failure(let reason): return .failure(reason)
        }
        defer { close(root) }
        let files: Int32
        switch openOwned(root, "files", shown + "/files") {
        case .success(let fd): files = fd
        case .failure(let reason): return .failure(reason)
        }
        let info: Int32
        switch openOwned(root, "info", shown + "/info") {
        case .success(let fd): info = fd
        case .failure(let reason):
            close(files)
            return .failure(reason)
        }
        opened += [files, info]
        Self.repair(info: info, files: files)
        return .success(Directory(files: files, info: info, shown: shown, topdir: topdir))
    }

    /// The Trash folder at `path` can't be written: `code` says why.
    static func unwritable(_ path: String, _ code: Int32) -> FileFailure.Reason {
        .trashUnwritable(path, .errno(code))
    }

    /// The device `path` is on, or would be on once created (its nearest
    /// existing ancestor's); a link counts as itself.
    static func device(of path: String) -> UInt64? {
        var current = path
        var info = stat()
        while lstat(RawPath.c(current), &info) != 0 {
            guard current != "/" && !current.isEmpty else { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
        return UInt64(info.st_dev)
    }

    /// The top folder of the filesystem `directory` is on (its mount point).
    static func mountTop(of directory: String, device: UInt64) -> String {
        var current = directory
        while current != "/" && !current.isEmpty {
            let parent = (current as NSString).deletingLastPathComponent
            var info = stat()
            guard stat(RawPath.c(parent.isEmpty ? "/" : parent), &info) == 0, UInt64(info.st_dev) == device else { return current }
            current = parent.isEmpty ? "/" : parent
        }
        return "/"
    }
}

import FlickCore
import Foundation

/// Where an export may write: never inside the reviewed folder, never over
/// one of its files, never over anything without consent.
///
/// Threading: stateless; any thread.
extension Export {
    /// What an export writes: one file (playlist, stitched video) or a folder of copies.
    public enum DestinationKind: Sendable { case file, folder }

    /// A place an export was checked to write to. It holds the checked
    /// folder open: writers given `writingPath` write into that very
    /// folder, whatever happens meanwhile to the paths that lead to it (a
    /// folder on the way renamed, or swapped for a link into the deck).
    public final class Destination: Sendable {
        /// The destination as the user reads it: its deepest existing
        /// folder resolved (no links, no `..`), then the parts still to create.
        public let path: String
        /// The same place through the checked folder's descriptor
        /// (`/proc/self/fd/N/…`); `path` where /proc is not mounted.
        public let writingPath: String
        private let directory: Int32
        private let directoryPath: String
        private let shownDirectory: String

        init(directory: Int32, rest: [[UInt8]]) {
            self.directory = directory
            var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/fd/\(directory)", &resolved, resolved.count - 1)
            let shown = count > 0 ? RawPath.decode(resolved.prefix(count).map { UInt8(bitPattern: $0) }) : "/"
            let through = "/proc/self/fd/\(directory)"
            var viaProc = stat(), direct = stat()
            let usable = stat(through, &viaProc) == 0 && fstat(directory, &direct) == 0
                && viaProc.st_dev == direct.st_dev && viaProc.st_ino == direct.st_ino
            directoryPath = usable ? through : shown
            shownDirectory = shown
            let tail = rest.map { "/" + RawPath.decode($0) }.joined()
            path = (shown == "/" && !tail.isEmpty ? "" : shown) + tail
            writingPath = directoryPath + tail
        }

        deinit { close(directory) }

        /// `text` (a writer's message) with the writing path shown as the user's.
        public func shown(_ text: String) -> String {
            guard directoryPath.hasPrefix("/proc/") else { return text }
            return text.replacingOccurrences(of: RawPath.printable(writingPath), with: RawPath.printable(path))
                .replacingOccurrences(of: RawPath.printable(directoryPath), with: RawPath.printable(shownDirectory))
        }
    }

    /// Checks where an export would write, before anything is written, and
    /// returns the checked place to write to. Files are compared, not paths:
    ///
    /// - the destination's folder is reached as the kernel reaches it (links
    ///   followed, `..` the real parent; a missing folder followed by `..`
    ///   does not exist); nothing is created while checking;
    /// - a destination whose folder, or any folder above it, is the reviewed
    ///   `folder` or one of its subfolders (same `st_dev`/`st_ino`: through a
    ///   link, a bind mount, a `..`) is refused, forced or not; so is one
    ///   whose folder is another view of one of them that shows other
    ///   identities (a bindfs mirror, a FAT folder under another case
    ///   through fusefat): a probe file made there shows up in the deck;
    /// - an existing file that is one of the folder's files (a link to it,
    ///   a hard link of it) is refused, forced or not;
    /// - an existing file, or an existing folder that is not empty, is
    ///   refused unless `force` (a forced file is replaced once the export
    ///   is complete; forced copies go beside existing files, never over them).
    ///
    /// The window and the command line both call this.
    public static func checkDestination(_ destination: String, kind: DestinationKind, folder: String,
                                        force: Bool) throws(ExportDestinationError) -> Destination {
        let root = Store.canonicalPath(folder)
        let absolute = destination.hasPrefix("/") ? destination : FileManager.default.currentDirectoryPath + "/" + destination
        func refuse(_ reason: ExportDestinationError.Reason) -> ExportDestinationError {
            ExportDestinationError(destination: absolute, folder: root, reason: reason)
        }
        var parts = RawPath.bytes(absolute).split(separator: UInt8(ascii: "/")).map { Array($0) }
        let name = kind == .file ? parts.popLast() : nil
        if kind == .file && (name == nil || name == [0x2E] || name == [0x2E, 0x2E]) { throw refuse(.isAFolder) }
        let walked = try walk(parts, kind: kind, refuse: refuse)
        let directory = walked.fd
        let deck: DeckTree
        do {
            deck = try DeckTree(path: root)
        } catch {
            close(directory)
            throw refuse(.folderUnopenable(error.code))
        }
        let checked = Destination(directory: directory, rest: walked.missing + (name.map { [$0] } ?? []))
        var entry = stat(), target = stat()
        let cName = name.map { $0.map { CChar(bitPattern: $0) } + [0] }
        let exists = walked.missing.isEmpty && cName.map { fstatat(directory, $0, &entry, AT_SYMLINK_NOFOLLOW) == 0 } ?? true
        let follows = exists && cName.map { fstatat(directory, $0, &target, 0) == 0 } ?? false
        if follows && (target.st_mode & S_IFMT) == S_IFREG && deck.files.contains(DeckTree.Node(target)) {
            throw refuse(.clipOfFolder)
        }
        if deck.contains(folder: directory) || isMirror(of: deck, probedIn: directory) {
            throw refuse(kind == .file && exists ? .clipOfFolder : .insideFolder)
        }
        if follows && (target.st_mode & S_IFMT) == S_IFDIR {
            throw refuse(.isAFolder)
        }
        guard exists else { return checked }
        switch kind {
        case .file:
            if !force { throw refuse(.exists) }
        case .folder:
            if !force && !isEmptyFolder(checked.writingPath) { throw refuse(.exists) }
        }
        return checked
    }

    /// Opens `parts` from `/` one by one with `openat(O_DIRECTORY)`, as
    /// the kernel resolves a path. Returns the deepest existing folder and
    /// the names below it still to create (a folder destination only).
    private static func walk(_ parts: [[UInt8]], kind: DestinationKind,
                             refuse: (ExportDestinationError.Reason) -> ExportDestinationError) throws(ExportDestinationError) -> (fd: Int32, missing: [[UInt8]]) {
        var current = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw refuse(.unusable(errno)) }
        var missing: [[UInt8]] = []
        for (index, part) in parts.enumerated() {
            if part == [0x2E] { continue }
            if !missing.isEmpty {
                // "missing/..": the kernel stops at "missing"; so does Flick.
                if part == [0x2E, 0x2E] {
                    close(current)
                    throw refuse(.noParent)
                }
                missing.append(part)
                continue
            }
            let cPart = part.map { CChar(bitPattern: $0) } + [0]
            let next = openat(current, cPart, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if next >= 0 {
                close(current)
                current = next
                continue
            }
            let code = errno
            var info = stat()
            let dangling = fstatat(current, cPart, &info, AT_SYMLINK_NOFOLLOW) == 0
            if code == ENOENT && kind == .folder && !dangling {
                missing.append(part)
                continue
            }
            close(current)
            switch code {
            case ENOENT: throw refuse(.noParent)
            case ENOTDIR: throw refuse(kind == .folder && index == parts.count - 1 ? .notAFolder : .noParent)
            default: throw refuse(.unusable(code))
            }
        }
        return (current, missing)
    }

    /// Whether the folder open at `fd` shows the deck under other
    /// identities (a FUSE mirror, a FAT folder under another case): a
    /// probe file made there (named as Flick's partial files are, so a
    /// killed check leaves nothing the next export won't clean) appears in
    /// the reviewed folder or a subfolder. A folder Flick can't write is not
    /// probed: no export can write there either.
    private static func isMirror(of deck: DeckTree, probedIn fd: Int32) -> Bool {
        let name = RawPath.bytes((PartialFile.path(in: "") as NSString).lastPathComponent) + Array("-probe".utf8)
        let cName = name.map { CChar(bitPattern: $0) } + [0]
        let probe = openat(fd, cName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard probe >= 0 else { return false }
        close(probe)
        defer { unlinkat(fd, cName, 0) }
        return deck.holds(name)
    }

    static func isEmptyFolder(_ path: String) -> Bool {
        guard let dir = opendir(RawPath.c(path)) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { return false }
        }
        return true
    }
}

/// Why an export will not write where it was asked to.
public struct ExportDestinationError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Something is there already; `--force` (or the user's consent) replaces a file.
        case exists
        /// It is a file of the reviewed folder: never, forced or not.
        case clipOfFolder
        /// Inside the reviewed folder: what is written there would join the deck.
        case insideFolder
        /// The folder it would go in does not exist.
        case noParent
        /// A file was asked for, and it is a folder (or holds the reviewed folder).
        case isAFolder
        /// A folder was asked for, and it is a file.
        case notAFolder
        /// The way to it can't be used (permission denied…): the errno.
        case unusable(Int32)
        /// The reviewed folder could not be opened to compare against: the errno.
        case folderUnopenable(Int32)
    }

    public let destination: String
    public let folder: String
    public let reason: Reason

    /// Whether the user may choose to go ahead (replace, or add beside).
    public var canForce: Bool { reason == .exists }

    /// For logs; the app words it for users.
    public var description: String { "\(RawPath.printable(destination)): \(reason)" }
}

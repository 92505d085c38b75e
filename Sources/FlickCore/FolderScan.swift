import Foundation

/// One reviewable file found in a folder.
public struct ScannedClip: Sendable, Equatable {
    /// Path relative to the reviewed folder.
    public let relativePath: String
    public let kind: ClipKind
    public let modified: Date
    /// The file's identity on disk, which survives a rename.
    public let identity: FileIdentity
    /// Size in bytes of what the name holds when the scan saw it (what a
    /// symlink points to; `identity.size` is the link's own).
    public let contentSize: Int64

    public init(relativePath: String, kind: ClipKind, modified: Date, identity: FileIdentity = FileIdentity(), contentSize: Int64? = nil) {
        self.relativePath = relativePath
        self.kind = kind
        self.modified = modified
        self.identity = identity
        self.contentSize = contentSize ?? identity.size
    }
}

/// Why a folder cannot be reviewed: the folder and the facts. The app
/// words it (`ErrorText`); logs print the value.
public enum FolderError: Error, Equatable, Sendable {
    case notFound(path: String)
    case notAFolder(path: String)
    /// Opening it failed with `errno` (EACCES, EPERM: permission denied).
    case unreadable(path: String, errno: Int32)

    public var path: String {
        switch self {
        case .notFound(let path), .notAFolder(let path), .unreadable(let path, _): path
        }
    }


    /// Maps a POSIX error from opening `path` as a directory.
    public init(path: String, errno code: Int32) {
        switch code {
        case ENOENT: self = .notFound(path: path)
        case ENOTDIR: self = .notAFolder(path: path)
        default: self = .unreadable(path: path, errno: code)
        }
    }
}

/// How the deck is ordered.
public enum DeckOrder: String, Sendable, CaseIterable {
    /// Natural file-name order, as the Files app sorts.
    case name
    /// Modification time, oldest first.
    case date
    /// File size, biggest first (what frees the most space comes first);
    /// files of one size in natural name order.
    case size
}

/// Lists the clips and photos of a folder in deck order.
public enum FolderScan {
    /// Where Flick moves deleted clips when their filesystem has no Trash;
    /// never part of a deck.
    public static let rejectedFolderName = "Flick Rejected"

    /// Scans `folder` (its direct children, or every subfolder with
    /// `recursive`), keeping the files of `kinds`. Hidden files are skipped.
    /// A subfolder reached through a link is scanned too, but every folder
    /// (by device and inode) only once, under its own path when it lies in
    /// the tree, else under the first link to it in natural order: a link
    /// back up the tree (`ln -s . again`) adds nothing, and the scan ends.
    /// With `parallel`, a big folder's entries are looked up on every core
    /// (the command line's scan); the window scans on one thread, beside
    /// its own start-up.
    /// Throws `FolderError`.
    public static func scan(_ folder: URL, recursive: Bool = false, order: DeckOrder = .name,
                            kinds: Set<ClipKind> = Set(ClipKind.allCases), parallel: Bool = false) throws(FolderError) -> [ScannedClip] {
        let root = folder.standardizedFileURL.path
        var clips: [ScannedClip] = []
        try walk(root: root, recursive: recursive, parallel: parallel, into: &clips)
        if kinds.count < ClipKind.allCases.count { clips.removeAll { !kinds.contains($0.kind) } }
        switch order {
        case .name:
            clips = NaturalOrder.sorted(clips) { $0.relativePath }
        case .date:
            clips = clips.map { (NaturalOrder.Key($0.relativePath), $0) }
                .sorted { $0.1.modified != $1.1.modified ? $0.1.modified < $1.1.modified : NaturalOrder.less($0.0, $1.0) }
                .map(\.1)
        case .size:
            clips = clips.map { (NaturalOrder.Key($0.relativePath), $0) }
                .sorted { $0.1.contentSize != $1.1.contentSize ? $0.1.contentSize > $1.1.contentSize : NaturalOrder.less($0.0, $1.0) }
                .map(\.1)
        }
        return clips
    }

    /// The clip `name` (a direct child of `folder`) is now, or nil when it
    /// is gone, hidden, not a regular file or not of `kinds`: what `scan`
    /// would list for that one name, at the cost of one or two `lstat`s.
    /// A folder watch uses it to follow one file without a rescan.
    public static func entry(named name: String, in folder: URL,
                             kinds: Set<ClipKind> = Set(ClipKind.allCases)) -> ScannedClip? {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), let kind = ClipKind(fileName: name), kinds.contains(kind) else {
            return nil
        }
        let path = folder.standardizedFileURL.path + "/" + name
        var entryInfo = stat(), info = stat()
        guard lstat(RawPath.c(path), &entryInfo) == 0 else { return nil }
        if (entryInfo.st_mode & S_IFMT) == S_IFLNK {
            guard stat(RawPath.c(path), &info) == 0 else { return nil }
        } else {
            info = entryInfo
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        return ScannedClip(relativePath: name, kind: kind, modified: modified, identity: FileIdentity(entryInfo), contentSize: Int64(info.st_size))
    }

    /// Entries a folder needs before `scan(parallel:)` stats them on more
    /// than one thread (below it, starting threads costs more than it
    /// saves), and the slice each thread takes at a time: slices share the
    /// work out evenly even when the machine holds up one thread.
    static let parallelStatEntries = 4_096
    static let statSliceEntries = 1_024

    /// What `fstatat` found for one directory entry: the entry itself (its
    /// identity) and what a link points to (its kind, size, time).
    private struct Found {
        var exists = false
        var identity = FileIdentity()
        var mode: mode_t = 0
        var size: Int64 = 0
        var modified: TimeInterval = 0
        /// The entry is a symlink (`mode` is what it points to).
        var isLink = false
    }

    /// A folder as the file system knows it, whatever path reached it.
    private struct FolderID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The subfolders one folder holds, as paths relative to the root.
    private struct Subfolders {
        var real: [String] = []
        var linked: [String] = []
    }

    /// Lists the root, then (with `recursive`) the whole tree of real
    /// subfolders, depth first, and only then the folders reached through
    /// links, each with its own real subtree; a folder seen before is
    /// skipped. An unreadable subfolder is logged and skipped.
    private static func walk(root: String, recursive: Bool, parallel: Bool, into clips: inout [ScannedClip]) throws(FolderError) {
        var visited: Set<FolderID> = []
        var real: [String] = [""]
        var linked: [String] = []
        while true {
            let relative: String
            if let next = real.popLast() {
                relative = next
            } else if let first = linked.indices.min(by: { NaturalOrder.less(linked[$0], linked[$1]) }) {
                relative = linked.remove(at: first)
            } else {
                break
            }
            do throws(FolderError) {
                guard let found = try list(root: root, relative: relative, recursive: recursive, parallel: parallel,
                                           visited: &visited, into: &clips) else { continue }
                real += found.real.reversed()
                linked += found.linked
            } catch {
                // An unreadable subfolder must not hide the rest of the deck.
                if relative.isEmpty { throw error }
                Log.warning("can’t scan a subfolder: \(error)", category: "scan")
            }
        }
    }

    /// Adds the clips of one folder to `clips` and returns its subfolders
    /// (none unless `recursive`), or nil when the folder was listed before.
    private static func list(root: String, relative: String, recursive: Bool, parallel: Bool,
                             visited: inout Set<FolderID>, into clips: inout [ScannedClip]) throws(FolderError) -> Subfolders? {
        let path = relative.isEmpty ? root : root + "/" + relative
        guard let dir = opendir(RawPath.c(path)) else {
            throw FolderError(path: path, errno: errno)
        }
        defer { closedir(dir) }
        var folderInfo = stat()
        guard fstat(dirfd(dir), &folderInfo) == 0 else { throw FolderError(path: path, errno: errno) }
        guard visited.insert(FolderID(device: UInt64(folderInfo.st_dev), inode: UInt64(folderInfo.st_ino))).inserted else {
            Log.debug("\(RawPath.printable(path)) was listed already (a link leads back to it)", category: "scan")
            return nil
        }
        // 1. The names, with their raw bytes (NUL-terminated, one buffer)
        //    so names that are not UTF-8 are still found.
        var names: [String] = []
        var raw: [UInt8] = []
        var offsets: [Int] = []
        while let entry = readdir(dir) {
            let start = raw.count
            withUnsafeBytes(of: entry.pointee.d_name) { bytes in raw += bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)] }
            let name = RawPath.decode(raw[start...])
            // A plain file of no kind Flick reviews needs no stat.
            guard !name.hasPrefix("."), entry.pointee.d_type != DT_REG || ClipKind(fileName: name) != nil else {
                raw.removeSubrange(start...)
                continue
            }
            raw.append(0)
            names.append(name)
            offsets.append(start)
        }
        // 2. What each is, in slices on every core for a big folder.
        var found = [Found](repeating: Found(), count: names.count)
        let parts = parallel && names.count >= parallelStatEntries ? (names.count + statSliceEntries - 1) / statSliceEntries : 1
        let directory = dirfd(dir)
        raw.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { raw in
                found.withUnsafeMutableBufferPointer { found in
                    // Each part writes its own range of `found`; Dispatch
                    // hands the parts out to a thread per core.
                    nonisolated(unsafe) let found = found
                    nonisolated(unsafe) let raw = raw
                    DispatchQueue.concurrentPerform(iterations: parts) { [offsets] part in
                        for index in (part * offsets.count / parts)..<((part + 1) * offsets.count / parts) {
                            guard let name = raw.baseAddress.map({ $0 + offsets[index] }) else { continue }
                            found[index] = lookUp(name, in: directory)
                        }
                    }
                }
            }
        }
        // 3. Clips and subfolders, in directory order.
        var subfolders = Subfolders()
        for (name, found) in zip(names, found) where found.exists {
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            if (found.mode & S_IFMT) == S_IFDIR {
                guard recursive && name != rejectedFolderName else { continue }
                if found.isLink { subfolders.linked.append(childRelative) } else { subfolders.real.append(childRelative) }
            } else if (found.mode & S_IFMT) == S_IFREG, let kind = ClipKind(fileName: name) {
                clips.append(ScannedClip(relativePath: childRelative, kind: kind, modified: Date(timeIntervalSince1970: found.modified),
                                         identity: found.identity, contentSize: found.size))
            }
        }
        return subfolders
    }

    /// The entry `name` of `directory`, then what it points to if it is a link.
    private static func lookUp(_ name: UnsafePointer<CChar>, in directory: Int32) -> Found {
        var entryInfo = stat(), info = stat()
        guard fstatat(directory, name, &entryInfo, AT_SYMLINK_NOFOLLOW) == 0 else { return Found() }
        let isLink = (entryInfo.st_mode & S_IFMT) == S_IFLNK
        if isLink {
            guard fstatat(directory, name, &info, 0) == 0 else { return Found() }
        } else {
            info = entryInfo
        }
        return Found(exists: true, identity: FileIdentity(entryInfo), mode: info.st_mode, size: Int64(info.st_size),
                     modified: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9, isLink: isLink)
    }
}

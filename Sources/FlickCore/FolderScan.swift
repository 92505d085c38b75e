import Foundation

/// One reviewable file found in a folder.
public struct ScannedClip: Sendable, Equatable {
    /// Path relative to the reviewed folder.
    public let relativePath: String
    public let kind: ClipKind
    public let modified: Date
    /// The file's identity on disk, which survives a rename.
    public let identity: FileIdentity

    public init(relativePath: String, kind: ClipKind, modified: Date, identity: FileIdentity = FileIdentity()) {
        self.relativePath = relativePath
        self.kind = kind
        self.modified = modified
        self.identity = identity
    }
}

/// Device, inode and size of a file: a rename keeps all three, so a renamed
/// clip keeps its decision.
public struct FileIdentity: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64

    public init(device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0) {
        self.device = device
        self.inode = inode
        self.size = size
    }
}

/// Why a folder cannot be reviewed, with a message a user can act on.
public enum FolderError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case notAFolder(path: String)
    case unreadable(path: String, reason: String)

    public var path: String {
        switch self {
        case .notFound(let path), .notAFolder(let path), .unreadable(let path, _): path
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path): "Can’t open “\(path)”: there is no such folder."
        case .notAFolder(let path): "Can’t open “\(path)”: it is a file, not a folder."
        case .unreadable(let path, let reason): "Can’t open “\(path)”: \(reason)."
        }
    }

    /// Maps a POSIX error from opening `path` as a directory.
    public init(path: String, errno code: Int32) {
        switch code {
        case ENOENT: self = .notFound(path: path)
        case ENOTDIR: self = .notAFolder(path: path)
        case EACCES, EPERM: self = .unreadable(path: path, reason: "permission denied")
        default: self = .unreadable(path: path, reason: String(cString: strerror(code)).lowercased())
        }
    }
}

/// How the deck is ordered.
public enum DeckOrder: String, Sendable, CaseIterable {
    /// Natural file-name order, as the Files app sorts.
    case name
    /// Modification time, oldest first.
    case date
}

/// Lists the clips and photos of a folder in deck order.
public enum FolderScan {
    /// Where Flick moves deleted clips when their filesystem has no Trash;
    /// never part of a deck.
    public static let rejectedFolderName = "Flick Rejected"

    /// Scans `folder` (its direct children, or every subfolder with
    /// `recursive`), keeping the files of `kinds`. Hidden files are skipped.
    /// Throws `FolderError`.
    public static func scan(_ folder: URL, recursive: Bool = false, order: DeckOrder = .name,
                            kinds: Set<ClipKind> = Set(ClipKind.allCases)) throws(FolderError) -> [ScannedClip] {
        let root = folder.standardizedFileURL.path
        var clips: [ScannedClip] = []
        try list(root: root, relative: "", recursive: recursive, into: &clips)
        if kinds.count < ClipKind.allCases.count { clips.removeAll { !kinds.contains($0.kind) } }
        switch order {
        case .name:
            clips = NaturalOrder.sorted(clips) { $0.relativePath }
        case .date:
            clips = clips.map { (NaturalOrder.Key($0.relativePath), $0) }
                .sorted { $0.1.modified != $1.1.modified ? $0.1.modified < $1.1.modified : NaturalOrder.less($0.0, $1.0) }
                .map(\.1)
        }
        return clips
    }

    private static func list(root: String, relative: String, recursive: Bool, into clips: inout [ScannedClip]) throws(FolderError) {
        let path = relative.isEmpty ? root : root + "/" + relative
        guard let dir = opendir(RawPath.c(path)) else {
            throw FolderError(path: path, errno: errno)
        }
        defer { closedir(dir) }
        var subfolders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                RawPath.decode(raw.prefix { $0 != 0 })
            }
            guard !name.hasPrefix(".") else { continue }
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            // Stat by the raw directory entry so names that are not UTF-8 are still found.
            let found = withUnsafePointer(to: &entry.pointee.d_name) { raw in
                raw.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { fstatat(dirfd(dir), $0, &info, 0) == 0 }
            }
            guard found else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if recursive && name != rejectedFolderName { subfolders.append(childRelative) }
            } else if (info.st_mode & S_IFMT) == S_IFREG, let kind = ClipKind(fileName: name) {
                let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
                let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size))
                clips.append(ScannedClip(relativePath: childRelative, kind: kind, modified: modified, identity: identity))
            }
        }
        for sub in subfolders {
            // An unreadable subfolder must not hide the rest of the deck.
            do throws(FolderError) {
                try list(root: root, relative: sub, recursive: true, into: &clips)
            } catch {
                Log.warning(error.description, category: "scan")
            }
        }
    }
}

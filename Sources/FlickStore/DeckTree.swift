import FlickCore
import Foundation

/// The reviewed folder as a set of files, not paths: the identity
/// (`st_dev`, `st_ino`) of the folder and of every folder below it, and of
/// every file in them (a link's target too). An export destination is
/// compared against these, so a second path to the same folder (a symlink,
/// a bind mount, `..` after a link) is recognised whatever its spelling.
///
/// A FUSE mirror (bindfs) or a FAT card through fusefat may show one
/// folder under two identities; `holds(_:)` catches those by name: a probe
/// file made through the destination is looked for in every folder here.
///
/// Parts: `init` walks the tree from a descriptor of the folder, opening
/// each subfolder with `openat(O_NOFOLLOW)` (links inside the folder are
/// never walked into, and a folder met twice is walked once).
/// Called by `Export.checkDestination`.
///
/// Threading: one per check, on the checking thread.
final class DeckTree {
    /// A file or folder as the kernel knows it.
    struct Node: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        /// The node `fd` is open on, or nil.
        init?(fd: Int32) {
            var info = stat()
            guard fstat(fd, &info) == 0 else { return nil }
            self.init(info)
        }
    }

    /// The most folders walked: a deck deeper or wider than this is
    /// compared on what was walked (the folder itself always).
    static let folderLimit = 200_000

    private let root: Int32
    private(set) var folders: Set<Node> = []
    private(set) var files: Set<Node> = []
    /// Each folder's path below the root, as bytes ("" for the root).
    private var folderPaths: [[UInt8]] = []

    /// Walks `path` (the reviewed folder, canonical); throws the errno
    /// when it cannot be opened.
    init(path: String) throws(DeckTreeError) {
        root = open(RawPath.c(path), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { throw DeckTreeError(code: errno) }
        walk()
    }

    deinit { close(root) }

    private func walk() {
        var pending: [[UInt8]] = [[]]
        if let node = Node(fd: root) { folders.insert(node) }
        while let relative = pending.popLast(), folderPaths.count < Self.folderLimit {
            folderPaths.append(relative)
            let fd = relative.isEmpty ? dup(root) : openat(root, Self.c(relative), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0, let dir = fdopendir(fd) else {
                if fd >= 0 { close(fd) }
                continue
            }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name == [0x2E] || name == [0x2E, 0x2E] { continue }
                let cName = name.map { CChar(bitPattern: $0) } + [0]
                var info = stat()
                guard fstatat(dirfd(dir), cName, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if folders.insert(Node(info)).inserted { pending.append(relative.isEmpty ? name : relative + [0x2F] + name) }
                case S_IFREG:
                    files.insert(Node(info))
                case S_IFLNK:
                    // A clip may be a link: what it leads to is the clip's file.
                    var target = stat()
                    if fstatat(dirfd(dir), cName, &target, 0) == 0 && (target.st_mode & S_IFMT) == S_IFREG { files.insert(Node(target)) }
                default:
                    break
                }
            }
        }
    }

    /// Whether the folder open at `fd`, or any folder above it (its real
    /// parents, `..` as the kernel walks it), is the reviewed folder or one
    /// of its subfolders.
    func contains(folder fd: Int32) -> Bool {
        var current = dup(fd)
        guard current >= 0 else { return false }
        defer { close(current) }
        for _ in 0..<4096 {
            guard let node = Node(fd: current) else { return false }
            if folders.contains(node) { return true }
            let parent = openat(current, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else { return false }
            let reachedTop = Node(fd: parent) == node
            close(current)
            current = parent
            if reachedTop { return false }
        }
        return false
    }

    /// Whether an entry named `name` (a probe just made elsewhere) is in
    /// the reviewed folder or one of its subfolders.
    func holds(_ name: [UInt8]) -> Bool {
        folderPaths.contains { relative in
            var info = stat()
            return fstatat(root, Self.c(relative.isEmpty ? name : relative + [0x2F] + name), &info, AT_SYMLINK_NOFOLLOW) == 0
        }
    }

    private static func c(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }
}

/// The reviewed folder could not be opened to compare against.
struct DeckTreeError: Error {
    let code: Int32
}

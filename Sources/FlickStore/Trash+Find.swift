import FlickCore
import Foundation

/// Where a file another Flick moved went: the names a move gives it
/// (`NAME`, `NAME (2)`…) in the Trash of its mount and in "Flick
/// Rejected", compared by device and inode with the file this run checked.
///
/// Threading: as `TrashCan`, on the run's thread.
extension TrashCan {
    /// Taken names after which the search stops (names freed by a restore
    /// leave gaps, so it does not stop at the first free one).
    private static let freeNamesBeforeGivingUp = 3
    /// The most names looked at in one folder.
    private static let namesLookedAt = 1000

    /// Where `item` (moved out of the folder `handle` by another Flick) is now.
    func find(_ item: FileItem, handle: NoFollowDirectory) -> AlreadyMoved.Place {
        let name = RawPath.bytes((item.relativePath as NSString).lastPathComponent)
        let folder = (item.absolutePath as NSString).deletingLastPathComponent
        let mount = FileSystem.mountFacts(handle.fd, "")?.mountID
        if case .success(let directory) = trash(for: item.identity.device, mount: mount, near: folder),
           let found = Self.find(item.identity, named: name, in: directory.files, limit: 255 - ".trashinfo".utf8.count) {
            return .trash(directory.shown + "/files/" + found)
        }
        let rejected = openat(handle.fd, FolderScan.rejectedFolderName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if rejected >= 0 {
            defer { close(rejected) }
            if let found = Self.find(item.identity, named: name, in: rejected, limit: 255) {
                return .rejectedFolder(FolderScan.rejectedFolderName + "/" + found)
            }
        }
        return .unknown
    }

    /// The name in `directory` under which a move put the file `identity`.
    private static func find(_ identity: FileIdentity, named name: [UInt8], in directory: Int32, limit: Int) -> String? {
        var free = 0
        for attempt in 1...namesLookedAt where free < freeNamesBeforeGivingUp {
            let candidate = trashName(name, attempt: attempt, limit: limit)
            var info = stat()
            guard fstatat(directory, candidate.map { CChar(bitPattern: $0) } + [0], &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                free += 1
                continue
            }
            free = 0
            if UInt64(info.st_dev) == identity.device && UInt64(info.st_ino) == identity.inode { return RawPath.decode(candidate) }
        }
        return nil
    }
}

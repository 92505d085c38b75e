import FlickCore
import Foundation

/// What one run of moving files did.
public struct MoveReport: Sendable, Equatable {
    public var moved: [FileItem] = []
    public var failures: [FileFailure] = []
    /// Files moved whose move the store could not record (its disk full or
    /// read-only): moved all the same; each names why it was not recorded.
    /// The next sync finds them gone from the folder.
    public var unrecorded: [FileFailure] = []
    public var cancelled = false

    public init() {}

    public var movedBytes: Int64 { moved.reduce(0) { $0 + $1.size } }
    /// The failures whose filesystem has no Trash ("Flick Rejected" can take them).
    public var withoutTrash: [FileFailure] { failures.filter { $0.reason == .noTrash } }
}

/// Applies "delete" decisions: moves each file to the Trash (or into
/// "Flick Rejected"), one by one, so one failure never stops the rest.
///
/// For each file, in one store transaction (which holds the store's write
/// lock, so no decision can change meanwhile): re-read the clip's row (its
/// decision, path and identity), walk to the file from a descriptor of the
/// reviewed folder without following links, compare the identity, call
/// `afterCheck`, move the entry from its verified parent descriptor, and
/// record the move. A file that changed, was re-decided, or is reached
/// through a link is refused with its reason; the rest go on.
///
/// Threading: runs on the caller's thread with its own store connection
/// (the app calls it off the main thread; the window's connection waits
/// at most one file's move for the write lock).
public enum Apply {
    public enum Destination: Sendable { case trash, rejectedFolder }

    /// Moves `items` (from `FileOperations.check`) of `folder`, recording
    /// each move in the store at `storePath`. `progress(done, total)` runs
    /// after each file and `isCancelled` is asked before each one.
    /// `afterCheck` runs after a file is verified, just before it moves
    /// (tests use it to change the folder at the worst moment).
    /// `environment` gives `XDG_DATA_HOME`/`HOME` (the home Trash).
    public static func run(_ items: [FileItem], folder: FolderRecord, storePath: String, to destination: Destination = .trash,
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           progress: (Int, Int) -> Void = { _, _ in },
                           isCancelled: () -> Bool = { false },
                           afterCheck: (FileItem) -> Void = { _ in }) -> MoveReport {
        let store: Store
        do {
            store = try Store(path: storePath)
        } catch {
            var report = MoveReport()
            report.failures = items.map { FileFailure(path: $0.relativePath, reason: .store(error)) }
            return report
        }
        return store.apply(items, in: folder, to: destination, environment: environment,
                           progress: progress, isCancelled: isCancelled, afterCheck: afterCheck)
    }

    /// "3 files, 12.4 MB".
    public static func summary(count: Int, bytes: Int64) -> String {
        "\(count) \(count == 1 ? "file" : "files"), \(ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file))"
    }
}

extension Store {
    /// `Apply.run` on this connection.
    public func apply(_ items: [FileItem], in folder: FolderRecord, to destination: Apply.Destination = .trash,
                      environment: [String: String] = ProcessInfo.processInfo.environment,
                      progress: (Int, Int) -> Void = { _, _ in },
                      isCancelled: () -> Bool = { false },
                      afterCheck: (FileItem) -> Void = { _ in }) -> MoveReport {
        var report = MoveReport()
        let handle: NoFollowDirectory
        do {
            handle = try NoFollowDirectory(path: folder.path)
        } catch {
            report.failures = items.map { FileFailure(path: $0.relativePath, reason: error.reason) }
            return report
        }
        let trash = TrashCan(environment: environment)
        var rejected: RejectedFolder?
        for (index, item) in items.enumerated() {
            if isCancelled() {
                report.cancelled = true
                break
            }
            let outcome: Result<FileItem, FileFailure>
            var movedNow: FileItem?
            do {
                outcome = try db.transaction { () throws(StoreError) -> Result<FileItem, FileFailure> in
                    try moveOne(item, folder: folder, handle: handle, afterCheck: afterCheck, moved: { movedNow = $0 }) { entry, original in
                        switch destination {
                        case .trash:
                            return trash.move(entry, originalPath: original)
                        case .rejectedFolder:
                            let folder = rejected ?? RejectedFolder(in: handle)
                            rejected = folder
                            return folder.move(entry)
                        }
                    }
                }
            } catch {
                if let movedNow {
                    // The file is in the Trash: say so, and record it on its own if the store lets us now.
                    do {
                        try markApplied([movedNow.clipID], in: folder)
                        outcome = .success(movedNow)
                    } catch {
                        report.unrecorded.append(FileFailure(path: movedNow.relativePath, reason: .store(error)))
                        outcome = .success(movedNow)
                    }
                } else {
                    outcome = .failure(FileFailure(path: item.relativePath, reason: .store(error)))
                }
            }
            switch outcome {
            case .success(let moved): report.moved.append(moved)
            case .failure(let failure): report.failures.append(failure)
            }
            progress(index + 1, items.count)
        }
        return report
    }

    /// One file, inside the caller's transaction.
    /// `moved` learns of the move as soon as it is done, before it is recorded.
    private func moveOne(_ item: FileItem, folder: FolderRecord, handle: NoFollowDirectory, afterCheck: (FileItem) -> Void,
                         moved: (FileItem) -> Void,
                         move: (NoFollowDirectory.Entry, String) -> Result<Void, FileFailure.Reason>) throws(StoreError) -> Result<FileItem, FileFailure> {
        guard let row = try db.rows("SELECT \(Self.clipColumns), state FROM clip WHERE id = ? AND folder_id = ?", item.clipID, folder.id).first,
              let clip = Self.clip(row), let stored = clip.identity else {
            return .failure(FileFailure(path: item.relativePath, reason: .gone))
        }
        let path = clip.relativePath
        guard FileOperations.isSafeRelativePath(path) else { return .failure(FileFailure(path: path, reason: .outsideFolder)) }
        let entry: NoFollowDirectory.Entry
        switch handle.lookup(path) {
        case .success(let found): entry = found
        case .failure(let reason): return .failure(FileFailure(path: path, reason: reason))
        }
        // The file there now must be the one decided on, and the one the
        // user confirmed; and it must still be marked for deletion.
        guard row[10].string == "present", entry.identity.isSameFile(as: stored), item.identity.isSameFile(as: stored) else {
            return .failure(FileFailure(path: path, reason: .changed))
        }
        guard clip.decision == .delete else { return .failure(FileFailure(path: path, reason: .notMarked)) }
        // Its bytes, read again just before the move: a file rewritten in
        // place or another file under the old device and inode numbers.
        if let expected = clip.fingerprint, Fingerprint.of(parent: entry.parent, name: entry.name, info: entry.info) != expected {
            return .failure(FileFailure(path: path, reason: .changed))
        }
        afterCheck(item)
        if case .failure(let reason) = move(entry, folder.path + "/" + path) {
            return .failure(FileFailure(path: path, reason: reason))
        }
        let done = FileItem(clipID: clip.id, relativePath: path, absolutePath: folder.path + "/" + path,
                            size: Int64(entry.info.st_size), identity: entry.identity)
        moved(done)
        try db.run("UPDATE clip SET state = 'applied' WHERE id = ?", clip.id)
        try db.run("INSERT INTO action(folder_id, kind, clip_id, decision, at) VALUES (?, 'apply', ?, 'delete', ?)",
                   folder.id, clip.id, Date().timeIntervalSince1970)
        return .success(done)
    }
}

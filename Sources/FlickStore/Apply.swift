import FlickCore
import Foundation

/// Applies "delete" decisions: moves each file to the Trash (or into
/// "Flick Rejected"), one by one, so one failure never stops the rest.
///
/// For each file, in one store transaction (which holds the store's write
/// lock, so no decision can change meanwhile): re-read the clip's row (its
/// decision, path and identity), walk to the file from a descriptor of the
/// reviewed folder without following links, open it once (`HeldFile`) and
/// compare the identity and fingerprint read from that descriptor, call
/// `afterCheck`, move the entry from its verified parent descriptor, prove
/// the entry moved is the one held (device and inode at the destination;
/// else put it back), and record the move (`Apply+Move.swift`). A file
/// that changed, was re-decided, or is reached through a link is refused
/// with its reason; one another Flick already moved is reported as done;
/// the rest go on.
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
    /// `environment` gives `XDG_DATA_HOME`/`HOME` (the home Trash);
    /// `session`, the Trash already in use when one Apply calls this once
    /// a file (else a Trash of this call's own).
    /// `companions`: files not marked themselves that go with the file
    /// named (clip id → its partner's clip id: the other half of a Live
    /// Photo), each moved only if not liked and its partner was moved as
    /// marked for deletion.
    public static func run(_ items: [FileItem], folder: FolderRecord, storePath: String, to destination: Destination = .trash,
                           companions: [Int64: Int64] = [:],
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           trash session: TrashSession? = nil,
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
        return store.apply(items, in: folder, to: destination, companions: companions, environment: environment,
                           trash: session, progress: progress, isCancelled: isCancelled, afterCheck: afterCheck)
    }

    /// "3 files, 12.4 MB".
    public static func summary(count: Int, bytes: Int64) -> String {
        "\(count) \(count == 1 ? "file" : "files"), \(FileSize.words(bytes))"
    }
}

extension Store {
    /// `Apply.run` on this connection. `afterOpen` (the file just opened,
    /// before its checks) and `afterMove` (just renamed, before the proof)
    /// are, with `afterCheck`, the moments tests change the folder at.
    public func apply(_ items: [FileItem], in folder: FolderRecord, to destination: Apply.Destination = .trash,
                      companions: [Int64: Int64] = [:],
                      environment: [String: String] = ProcessInfo.processInfo.environment,
                      trash session: TrashSession? = nil,
                      progress: (Int, Int) -> Void = { _, _ in },
                      isCancelled: () -> Bool = { false },
                      afterOpen: (FileItem) -> Void = { _ in },
                      afterCheck: (FileItem) -> Void = { _ in },
                      afterMove: (FileItem) -> Void = { _ in }) -> MoveReport {
        var report = MoveReport()
        let handle: NoFollowDirectory
        do {
            handle = try NoFollowDirectory(path: folder.path)
        } catch {
            report.failures = items.map { FileFailure(path: $0.relativePath, reason: error.reason) }
            return report
        }
        let trash = session?.can ?? TrashCan(environment: environment)
        var rejected: RejectedFolder?
        for (index, item) in items.enumerated() {
            if isCancelled() {
                report.cancelled = true
                break
            }
            let outcome: MoveOutcome
            var movedNow: FileItem?
            do {
                outcome = try db.transaction { () throws(StoreError) -> MoveOutcome in
                    try moveOne(item, folder: folder, partner: companions[item.clipID], handle: handle, trash: trash, afterOpen: afterOpen, afterCheck: afterCheck,
                                moved: { movedNow = $0 }) { entry, held, original in
                        switch destination {
                        case .trash:
                            return trash.move(entry, held: held, originalPath: original, afterRename: { afterMove(item) })
                        case .rejectedFolder:
                            let folder = rejected ?? RejectedFolder(in: handle)
                            rejected = folder
                            return folder.move(entry, held: held, afterRename: { afterMove(item) })
                        }
                    }
                }
            } catch {
                if let movedNow {
                    // The file is in the Trash: say so, and record it on its own if the store lets us now.
                    do {
                        try markApplied([movedNow.clipID], in: folder)
                    } catch {
                        report.unrecorded.append(FileFailure(path: movedNow.relativePath, reason: .store(error)))
                    }
                    outcome = .moved(movedNow)
                } else {
                    outcome = .failed(FileFailure(path: item.relativePath, reason: .store(error)))
                }
            }
            switch outcome {
            case .moved(let moved): report.moved.append(moved)
            case .movedByAnother(let moved): report.alreadyMoved.append(moved)
            case .failed(let failure): report.failures.append(failure)
            }
            progress(index + 1, items.count)
        }
        return report
    }
}

import FlickCore
import FlickStore
import Foundation

/// Apply Deletions, for the window and `flick apply`: the files marked for
/// deletion are checked (`plan`), moved one at a time (`move`: a Cancel,
/// or a stop while a file system does not answer, still knows each file's
/// fate) and settled into an `ApplyResult` (`settle`), which says what was
/// moved, what another Flick had moved already, and each file left alone
/// with why.
///
///     let plan = try ApplyDeletions.plan(store: store, folder: record)
///     let apply = ApplyDeletions(folder: record, storePath: store.path)
///     let moves = apply.move(plan.items, isCancelled: { stop.isSet })
///     let result = apply.settle(moves, plan: plan, store: store)
///
/// Threading: `plan` and `move` block on the file system (call them off
/// the main thread); `move` opens a store connection of its own per file.
public struct ApplyDeletions: Sendable {
    /// What a run would move, and what it already refuses.
    public struct Plan: Sendable, Equatable {
        /// The clips marked for deletion that were checked.
        public let clips: [StoredClip]
        /// The files that may move, as the check found them.
        public let items: [FileItem]
        /// Files left alone, each with why (changed, gone, not a file…).
        public let refused: [FileFailure]

        public var bytes: Int64 { items.reduce(0) { $0 + $1.size } }

        public init(clips: [StoredClip], items: [FileItem], refused: [FileFailure]) {
            self.clips = clips
            self.items = items
            self.refused = refused
        }

        /// This plan for the files named in `failures` only ("Flick
        /// Rejected" takes those whose filesystem has no Trash).
        public func only(_ failures: [FileFailure]) -> Plan {
            let names = Set(failures.map { RawPath.key($0.path) })
            return Plan(clips: ApplyDeletions.named(clips, in: failures),
                        items: items.filter { names.contains(RawPath.key($0.relativePath)) }, refused: [])
        }
    }

    /// One step of a run, as it happens.
    public enum Progress: Sendable {
        /// `item` is about to move; `done` files are done of `total`.
        case starting(FileItem, done: Int, of: Int)
        /// `item`'s move ended as `report` says; `done` of `total` are done.
        case finished(FileItem, MoveReport, done: Int, of: Int)
    }

    public let folder: FolderRecord
    public let storePath: String
    private let environment: [String: String]
    private let between: any BetweenFiles

    /// `environment` gives `XDG_DATA_HOME`/`HOME` (the home Trash);
    /// `between` pauses between two files (tests).
    public init(folder: FolderRecord, storePath: String,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                between: any BetweenFiles = NoPause()) {
        self.folder = folder
        self.storePath = storePath
        self.environment = environment
        self.between = between
    }

    /// The clips of `folder` marked for deletion, from `store` (after its
    /// stored paths are checked): quick, no file is looked at.
    public static func marked(store: Store, folder: FolderRecord) throws(StoreError) -> [StoredClip] {
        try store.checkStoredPaths(folder)
        return try store.clipsToDelete(in: folder)
    }

    /// Looks at each of `clips` on disk (a stalled share never answers:
    /// call it off the main thread). `replaced`: decided files whose name
    /// now holds another file, refused before the rest.
    public static func check(_ clips: [StoredClip], folder: FolderRecord, replaced: [FileFailure] = []) throws(StoreError) -> Plan {
        let checked = try FileOperations.check(clips, folder: folder.path)
        return Plan(clips: clips, items: checked.items, refused: replaced + checked.refused)
    }

    /// Those of `clips` that `failures` name; names compared as bytes
    /// ("café" in NFC and NFD are two files).
    public static func named(_ clips: [StoredClip], in failures: [FileFailure]) -> [StoredClip] {
        let names = Set(failures.map { RawPath.key($0.path) })
        return clips.filter { names.contains(RawPath.key($0.relativePath)) }
    }

    /// `marked` then `check`.
    public static func plan(store: Store, folder: FolderRecord, replaced: [FileFailure] = []) throws(StoreError) -> Plan {
        try check(try marked(store: store, folder: folder), folder: folder, replaced: replaced)
    }

    /// Moves `items` to `destination`, one at a time, each recorded in the
    /// store as it moves. `isCancelled` is asked before each file and
    /// during it; `moves` holds what was done so far for a caller that
    /// stops waiting (a file system that does not answer).
    public func move(_ items: [FileItem], to destination: Apply.Destination = .trash, moves: MovesSoFar = MovesSoFar(),
                     progress: (Progress) -> Void = { _ in }, isCancelled: () -> Bool = { false }) -> MoveReport {
        var cancelled = false
        for (index, item) in items.enumerated() {
            if isCancelled() {
                cancelled = true
                break
            }
            moves.start(item)
            progress(.starting(item, done: index, of: items.count))
            let one = Apply.run([item], folder: folder, storePath: storePath, to: destination, environment: environment,
                                isCancelled: isCancelled)
            moves.add(one)
            progress(.finished(item, one, done: index + 1, of: items.count))
            if one.cancelled { break }
            if index + 1 < items.count { between.pause(after: index + 1, of: items.count) }
        }
        return moves.report(cancelled: cancelled)
    }

    /// After a move to the Trash, the files whose filesystem has none
    /// moved into "Flick Rejected" inside the folder: `first` with those
    /// files' outcome replaced by the second run's, and what that run put
    /// there. Nothing is tried after a cancelled run.
    public func moveWithoutTrash(after first: MoveReport, plan: Plan, progress: (Progress) -> Void = { _ in },
                                 isCancelled: () -> Bool = { false }) -> (report: MoveReport, intoRejected: [FileItem]) {
        guard !first.withoutTrash.isEmpty, !first.cancelled else { return (first, []) }
        let retry = plan.only(first.withoutTrash)
        let names = Set(first.withoutTrash.map { RawPath.key($0.path) })
        let second = move(retry.items, to: .rejectedFolder, progress: progress, isCancelled: isCancelled)
        var report = first
        report.failures.removeAll { names.contains(RawPath.key($0.path)) }
        report.add(second)
        return (report, second.moved)
    }

    /// What the run did, in full: files the check refused as gone that
    /// another Flick moved as decided meanwhile are done, not failures.
    /// `stuck`: the file under way when the caller stopped waiting.
    public func settle(_ moves: MoveReport, plan: Plan, store: Store, stuck: FileItem? = nil) -> ApplyResult {
        let settled = store.movedByAnother(plan.refused, of: plan.clips, in: folder, environment: environment)
        var report = moves
        report.alreadyMoved = settled.alreadyMoved + report.alreadyMoved
        return ApplyResult(moves: report, refused: settled.rest, planned: plan.items.count, stuck: stuck)
    }
}

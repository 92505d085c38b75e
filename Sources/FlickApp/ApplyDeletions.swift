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
        /// The Live Photos among `items`, both halves in it, the first
        /// followed by the second.
        public let pairs: [LivePhotoPair]
        /// Halves of Live Photos left alone because of their other half.
        public let held: [PairHold]

        public var bytes: Int64 { items.reduce(0) { $0 + $1.size } }

        public init(clips: [StoredClip], items: [FileItem], refused: [FileFailure], pairs: [LivePhotoPair] = [], held: [PairHold] = []) {
            self.clips = clips
            self.items = items
            self.refused = refused
            self.pairs = pairs
            self.held = held
        }

        /// This plan for the files named in `failures` only ("Flick
        /// Rejected" takes those whose filesystem has no Trash).
        /// A Live Photo comes whole: a named first half brings its second.
        public func only(_ failures: [FileFailure]) -> Plan {
            var names = Set(failures.map { RawPath.key($0.path) })
            let whole = pairs.filter { names.contains(RawPath.key($0.first == $0.stillID ? $0.still : $0.video)) }
            for pair in whole { names.formUnion([RawPath.key(pair.still), RawPath.key(pair.video)]) }
            return Plan(clips: clips.filter { names.contains(RawPath.key($0.relativePath)) },
                        items: items.filter { names.contains(RawPath.key($0.relativePath)) }, refused: [], pairs: whole)
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
    /// stored paths are checked), then the other halves of their Live
    /// Photos (`check` tells which go with them): quick, no file is
    /// looked at.
    public static func marked(store: Store, folder: FolderRecord) throws(StoreError) -> [StoredClip] {
        try store.checkStoredPaths(folder)
        let marked = try store.clipsToDelete(in: folder)
        guard !marked.isEmpty else { return [] }
        return marked + partners(of: marked, among: try store.presentClips(in: folder))
    }

    /// Looks at each of `clips` (from `marked`) on disk, with the Live
    /// Photos among them (a stalled share never answers: call it off the
    /// main thread). `replaced`: decided files whose name now holds
    /// another file, refused before the rest.
    public static func check(_ clips: [StoredClip], folder: FolderRecord, replaced: [FileFailure] = []) throws(StoreError) -> Plan {
        let paired = pair(clips, folder: folder.path)
        let checked = try FileOperations.check(paired.clips, folder: folder.path)
        let whole = whole(checked.items, refused: replaced + checked.refused, pairs: paired.pairs)
        return Plan(clips: paired.clips, items: whole.items, refused: replaced + checked.refused, pairs: whole.pairs,
                    held: paired.held + whole.held)
    }

    /// Those of `clips` (from `marked`) at `paths` (relative, as a
    /// failure names them), with the other halves of their Live Photos;
    /// names compared as bytes ("café" in NFC and NFD are two files).
    public static func named(_ clips: [StoredClip], in paths: [String]) -> [StoredClip] {
        let names = Set(paths.map { RawPath.key($0) })
        let named = clips.filter { names.contains(RawPath.key($0.relativePath)) }
        let keys = Set(named.filter { $0.decision == .delete }.map { LivePhotoPairs.key($0.relativePath) })
        return clips.filter {
            names.contains(RawPath.key($0.relativePath)) || $0.decision != .delete && keys.contains(LivePhotoPairs.key($0.relativePath))
        }
    }

    /// `marked` then `check`.
    public static func plan(store: Store, folder: FolderRecord, replaced: [FileFailure] = []) throws(StoreError) -> Plan {
        try check(try marked(store: store, folder: folder), folder: folder, replaced: replaced)
    }

    /// Moves `items` to `destination`, one at a time, each recorded in the
    /// store as it moves. `isCancelled` is asked before each file and
    /// during it; `moves` holds what was done so far for a caller that
    /// stops waiting (a file system that does not answer). `pairs` (the
    /// plan's) are the Live Photos among `items`: a second half moves only
    /// after its first did, and is not tried when it did not.
    public func move(_ items: [FileItem], pairs: [LivePhotoPair] = [], to destination: Apply.Destination = .trash,
                     moves: MovesSoFar = MovesSoFar(),
                     progress: (Progress) -> Void = { _ in }, isCancelled: () -> Bool = { false }) -> MoveReport {
        var cancelled = false
        let companions = Dictionary(pairs.compactMap { pair in pair.companion.map { ($0, pair.first) } }, uniquingKeysWith: { first, _ in first })
        let firstOf = Dictionary(pairs.map { ($0.second, $0.first) }, uniquingKeysWith: { first, _ in first })
        let planned = Set(items.map(\.clipID))
        var done: Set<Int64> = []
        // One Trash for every file: found, opened and repaired once.
        let trash = TrashSession(environment: environment)
        for (index, item) in items.enumerated() {
            if isCancelled() {
                cancelled = true
                break
            }
            // The second half of a Live Photo whose first did not move stays with it.
            if let first = firstOf[item.clipID], planned.contains(first), !done.contains(first) { continue }
            moves.start(item)
            progress(.starting(item, done: index, of: items.count))
            let one = Apply.run([item], folder: folder, storePath: storePath, to: destination, companions: companions,
                                environment: environment, trash: trash, isCancelled: isCancelled)
            done.formUnion(one.moved.map(\.clipID) + one.alreadyMoved.map(\.item.clipID))
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
        let second = move(retry.items, pairs: retry.pairs, to: .rejectedFolder, progress: progress, isCancelled: isCancelled)
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
        let heldInRun = Self.heldInRun(moves, plan: plan)
        return ApplyResult(moves: report, refused: settled.rest, planned: plan.items.count - heldInRun.count, stuck: stuck,
                           held: plan.held + heldInRun, pairs: plan.pairs)
    }
}

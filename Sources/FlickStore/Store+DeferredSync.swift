import FlickCore
import Foundation

/// A sync whose new rows are not written yet: what `Store.sync(_:with:deferringWrites:)`
/// left for later, so a window can show a big folder's first card before
/// 100,000 new rows reach the disk.
///
/// Nothing can read or write the store past it: the database runs the
/// rest of it before any other statement (`Database.pending`), so a
/// decision is never saved on a row that is not there yet. The sync
/// itself writes the moves and the last new row: that row holds the
/// highest planned id, and every Flick gives a new row the id after the
/// highest, so no other Flick can take a planned id meanwhile. The rest
/// is written in slices, each one transaction. When another connection
/// (another Flick, `flick status`) committed since the sync read the
/// store, a slice first reads the rows it added to this folder: a file it
/// gave a row keeps that row (and its decision), the deck's planned row
/// for it is not written, and its id is `superseded` (a decision on it is
/// refused) until a full sync reads the deck again (`needsFullSync`).
/// A crash between slices leaves a store a later sync completes: every
/// slice leaves present rows that stand for files under their names.
struct DeferredSync {
    /// The new rows still to write, with their planned ids.
    var added: [(id: Int64, clip: ScannedClip)]
    let folder: FolderRecord
    /// `PRAGMA data_version` when the store was last read for this plan.
    var dataVersion: Int64
    /// How many of `added` are written (or superseded).
    var written = 0
    /// Rows above this id were added by others since the plan was made
    /// (at first the plan's own highest row).
    var seenID: Int64
    /// Another connection committed since the sync: rows go in only where
    /// nothing holds their id or name (`insertPlanned`).
    var othersWrote = false
    /// Names and files of this folder other Flicks gave rows meanwhile.
    var othersNames = Set<[UInt8]>()
    var othersFiles = Set<FileKey>()

    /// A file by its device and inode.
    struct FileKey: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// Whether another Flick gave `clip`'s name or file a row of its own.
    func othersHave(_ clip: ScannedClip) -> Bool {
        guard !othersNames.isEmpty else { return false }  // a name and a file come in together
        return othersNames.contains(RawPath.key(clip.relativePath))
            || othersFiles.contains(FileKey(device: clip.identity.device, inode: clip.identity.inode))
    }
}

extension Store {
    /// Rows per slice: a few milliseconds of the main thread each.
    public static let deferredSliceRows = 2_000

    /// Whether a sync's rows are still to be written.
    public var hasDeferredSync: Bool { deferred != nil }

    /// Writes up to `rows` more rows of the deferred sync, in one
    /// transaction. Returns whether any remain. A row another Flick's row
    /// stands in for is left out (see `DeferredSync`). Throws only when
    /// the store fails (the rest is dropped; `needsFullSync` is set).
    @discardableResult
    public func writeDeferredSync(rows limit: Int = Store.deferredSliceRows) throws(StoreError) -> Bool {
        guard var plan = deferred else { return false }
        var left: [Int64] = []
        do {
            try db.holdingPending { () throws(StoreError) in
                try db.transaction { () throws(StoreError) in
                    let now = try dataVersion()
                    if now != plan.dataVersion {
                        try noteOthersRows(&plan)
                        plan.dataVersion = now
                    }
                    let end = plan.written + min(plan.added.count - plan.written, max(limit, 1))
                    for (id, clip) in plan.added[plan.written..<end] {
                        if !plan.othersWrote {
                            _ = try insertClip(clip, in: plan.folder, id: id)
                        } else if plan.othersHave(clip) {
                            left.append(id)
                        } else if !(try insertPlanned(clip, in: plan.folder, id: id)) {
                            left.append(id)
                        }
                    }
                    plan.written = end
                }
            }
        } catch {
            deferred = nil
            db.pending = nil
            needsFullSync = true
            throw error
        }
        if !left.isEmpty {
            superseded.formUnion(left)
            needsFullSync = true
            Log.info("\(left.count) new files of \(plan.folder.path) got their rows from another Flick; the folder is read again", category: "store")
        }
        let done = plan.written == plan.added.count
        deferred = done ? nil : plan
        if done { db.pending = nil }
        return !done
    }

    /// Reads the rows other Flicks added to the plan's folder since it
    /// last looked (ids above `seenID`: see `DeferredSync`), inside the
    /// slice's transaction.
    private func noteOthersRows(_ plan: inout DeferredSync) throws(StoreError) {
        plan.othersWrote = true
        // `+folder_id`: the few rows past `seenID` by their ids, not all the folder's by its index.
        try db.forEachRow("SELECT path, device, inode FROM clip WHERE id > ? AND +folder_id = ?", plan.seenID, plan.folder.id) { row in
            if let path = row.string(0) { plan.othersNames.insert(RawPath.key(path)) }
            if let device = row.int64(1), let inode = row.int64(2) {
                plan.othersFiles.insert(DeferredSync.FileKey(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode)))
            }
        }
        plan.seenID = max(plan.seenID, try nextClipID() - 1)
    }

    /// Inserts a planned row unless a row holds its id or its name
    /// already; returns whether it did.
    private func insertPlanned(_ clip: ScannedClip, in folder: FolderRecord, id: Int64) throws(StoreError) -> Bool {
        let identity = clip.identity
        try db.run(
            "INSERT OR IGNORE INTO clip(id, folder_id, path, kind, device, inode, size, mtime) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            id, folder.id, clip.relativePath, clip.kind.rawValue, identity.device, identity.inode, identity.size, identity.mtime)
        return db.changes == 1
    }

    /// Refuses an outcome on a clip whose planned row another Flick's row
    /// stands in for (`superseded`: that row and its decision stand), in
    /// the recording transaction, after the deferred rows ran.
    func refuseSuperseded(_ outcome: ActionOutcome, ids: [Int64], folder: FolderRecord) throws(StoreError) {
        guard !superseded.isEmpty else { return }
        let position: Int? = switch outcome {
        case .decided(let position, _), .wentBack(let position), .undid(.decide(let position, _, _), _): position
        case .undid(.previous, _): nil
        }
        guard let position, ids.indices.contains(position), superseded.contains(ids[position]) else { return }
        throw StoreError(.changedByOther(path: path, folder: folder.path))
    }

    /// Forgets the rows a deferred sync of `folder` has not written yet: the
    /// folder closed, and what it left must not run before (and fail) the
    /// next folder's first statement. Nothing is lost: a file without its
    /// row gets it again from the folder's next sync, and no decision can
    /// be on a row that was never written.
    public func dropDeferredSync(of folder: FolderRecord) {
        guard let plan = deferred, plan.folder.id == folder.id else { return }
        deferred = nil
        db.pending = nil
    }

    /// Writes whatever the deferred sync has left (nothing when none is deferred).
    public func finishDeferredSync() throws(StoreError) {
        while try writeDeferredSync(rows: .max) {}
    }

    /// Writes a sync's moves and its last new row now, inside the
    /// caller's transaction; returns the plan for the other new rows (see
    /// `DeferredSync`), to `leave` once that transaction is committed.
    func writeMovesDeferringRows(_ writes: SyncWrites, folder: FolderRecord) throws(StoreError) -> DeferredSync? {
        var now = writes
        now.added = writes.added.last.map { [$0] } ?? []
        try write(now, folder: folder)
        guard let last = writes.added.last, writes.added.count > 1 else { return nil }
        return DeferredSync(added: Array(writes.added.dropLast()), folder: folder, dataVersion: try dataVersion(), seenID: last.id)
    }

    /// Leaves `plan`'s rows for later: slices, or all of them before the
    /// next statement.
    func leave(_ plan: DeferredSync) {
        deferred = plan
        db.pending = { [unowned self] () throws(StoreError) in try finishDeferredSync() }
    }

    /// Writes a sync's rows, inside the caller's transaction: first the
    /// rows that free their name (the unique index covers present rows),
    /// then the moves, then the new rows.
    func write(_ writes: SyncWrites, folder: FolderRecord) throws(StoreError) {
        for id in writes.missing {
            try db.run("UPDATE clip SET state = 'missing' WHERE id = ?", id)
        }
        for (id, path) in writes.placed {
            try db.run("UPDATE clip SET path = ?, state = 'present' WHERE id = ?", path, id)
        }
        for (id, update) in writes.updated {
            try write(update, row: id)
        }
        for (id, clip) in writes.added {
            _ = try insertClip(clip, in: folder, id: id)
        }
        needsFullSync = false
        superseded = []
    }

    /// The id the next new clip row takes.
    func nextClipID() throws(StoreError) -> Int64 {
        (try db.rows("SELECT ifnull(max(id), 0) + 1 FROM clip").first?.first?.int64) ?? 1
    }

    /// The store's version as other processes (and other stores of this
    /// one) see it: it changes when they commit, never on this store's own
    /// commits. A window compares it to know a command line changed decisions.
    public func version() throws(StoreError) -> Int64 { try dataVersion() }

    /// Changes whenever another connection commits (SQLite's `data_version`),
    /// or another store of this process on the same connection does.
    func dataVersion() throws(StoreError) -> Int64 {
        (try db.rows("PRAGMA data_version").first?.first?.int64 ?? 0) + db.foreignCommits
    }
}

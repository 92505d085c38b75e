import FlickCore
import Foundation

/// A sync whose rows are not written yet: what `Store.sync(_:with:deferringWrites:)`
/// left for later, so a window can show a big folder's first card before
/// 100,000 new rows reach the disk.
///
/// Nothing can read or write the store past it: the database runs the
/// rest of it before any other statement (`Database.pending`), so a
/// decision is never saved on a row that is not there yet. It is written
/// in slices, each one transaction; a slice refuses to write when another
/// connection (another Flick, `flick status`) changed the store since the
/// sync read it, and the folder then needs a full sync (`needsFullSync`).
/// A crash between slices leaves a store a later sync completes: every
/// slice leaves present rows that stand for files under their names.
struct DeferredSync {
    var writes: SyncWrites
    let folder: FolderRecord
    /// `PRAGMA data_version` when the sync read the rows.
    let dataVersion: Int64
    /// How many of `writes.added` are written; the moves go with the first slice.
    var written = 0
    var movesWritten = false
}

extension Store {
    /// Rows per slice: a few milliseconds of the main thread each.
    public static let deferredSliceRows = 2_000

    /// Whether a sync's rows are still to be written.
    public var hasDeferredSync: Bool { deferred != nil }

    /// Writes up to `rows` more rows of the deferred sync, in one
    /// transaction. Returns whether any remain. Throws when the store
    /// changed under it (the rest is dropped; `needsFullSync` is set).
    @discardableResult
    public func writeDeferredSync(rows limit: Int = Store.deferredSliceRows) throws(StoreError) -> Bool {
        guard var plan = deferred else { return false }
        do {
            try db.holdingPending { () throws(StoreError) in
                try db.transaction { () throws(StoreError) in
                    guard try dataVersion() == plan.dataVersion else {
                        throw StoreError(.changedByOther(path: path, folder: plan.folder.path))
                    }
                    if !plan.movesWritten {
                        try write(SyncWrites(missing: plan.writes.missing, placed: plan.writes.placed, updated: plan.writes.updated),
                                  folder: plan.folder)
                        plan.movesWritten = true
                    }
                    let end = plan.written + min(plan.writes.added.count - plan.written, max(limit, 1))
                    for (id, clip) in plan.writes.added[plan.written..<end] {
                        _ = try insertClip(clip, in: plan.folder, id: id)
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
        let done = plan.written == plan.writes.added.count
        deferred = done ? nil : plan
        if done { db.pending = nil }
        return !done
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

    /// Leaves `writes` for later (see `DeferredSync`).
    func deferWrites(_ writes: SyncWrites, folder: FolderRecord, dataVersion: Int64) {
        deferred = DeferredSync(writes: writes, folder: folder, dataVersion: dataVersion)
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

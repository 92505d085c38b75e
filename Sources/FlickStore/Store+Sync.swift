import FlickCore
import Foundation

/// What reconciling the store with a folder scan found.
public struct SyncResult: Sendable, Equatable {
    /// The deck: the scanned clips in scan order, with their stored ids and decisions.
    public let clips: [StoredClip]
    public let added: Int
    public let removed: Int
    public let renamed: Int
    /// Decided clips whose name now holds a different file. Each keeps its
    /// decision with the file the user saw (it is missing from the deck,
    /// and comes back if that file reappears under any name); the file now
    /// under the name is a new, undecided clip. As stored before the sync.
    public let replaced: [StoredClip]
}

/// The rows a sync changes, worked out before any is written: rows that
/// leave their name, rows that take a new name or come back, and new rows
/// with the ids they will have.
struct SyncWrites: Sendable {
    var missing: [Int64] = []
    var placed: [(id: Int64, path: String)] = []
    var added: [(id: Int64, clip: ScannedClip)] = []

    var isEmpty: Bool { missing.isEmpty && placed.isEmpty && added.isEmpty }
}

extension Store {
    /// Reconciles `folder`'s clips with `scanned` in one transaction.
    ///
    /// A clip row is one file as the user saw it: its name and identity
    /// (device, inode, size, mtime). A scanned file is matched
    /// 1. to a row with the same name (bytes) and identity;
    /// 2. else to a row with the same identity under another name — a
    ///    rename, which keeps the decision;
    /// 3. else it is a new, undecided clip — even under a name a decided
    ///    clip had: that decision stays with the earlier file.
    /// Rows not found leave the deck (state `missing`); their history and
    /// decisions stay, and come back with their file.
    ///
    /// With `deferringWrites`, only the reading is done now: the result
    /// (new clips with the ids their rows will have) comes back at once
    /// and the rows are written later, a slice at a time by
    /// `writeDeferredSync(rows:)`, or all of them before anything else
    /// reads or writes the store (see `DeferredSync`).
    public func sync(_ folder: FolderRecord, with scanned: [ScannedClip], deferringWrites: Bool = false) throws(StoreError) -> SyncResult {
        guard deferringWrites else {
            return try db.transaction { () throws(StoreError) in
                let (result, writes) = try reconcile(folder, with: scanned)
                try write(writes, folder: folder)
                return result
            }
        }
        try finishDeferredSync()
        let (result, writes, version) = try db.transaction { () throws(StoreError) in
            let (result, writes) = try reconcile(folder, with: scanned)
            return (result, writes, try dataVersion())
        }
        if !writes.isEmpty { deferWrites(writes, folder: folder, dataVersion: version) }
        return result
    }

    /// Matches `scanned` with the stored rows (see `sync`) without writing:
    /// the deck, and the writes that make the store agree with it.
    private func reconcile(_ folder: FolderRecord, with scanned: [ScannedClip]) throws(StoreError) -> (SyncResult, SyncWrites) {
        struct Row {
            let clip: StoredClip
            let identity: FileIdentity
            let present: Bool
        }
        struct Inode: Hashable { let device: UInt64, inode: UInt64 }
        var rows: [Row] = []
        for value in try db.rows("SELECT \(Self.clipColumns), state FROM clip WHERE folder_id = ? AND state != 'applied'", folder.id) {
            guard let clip = Self.clip(value), let identity = clip.identity else { continue }
            rows.append(Row(clip: clip, identity: identity, present: value[9].string == "present"))
        }
        var byPath: [[UInt8]: [Int]] = [:]
        var byInode: [Inode: [Int]] = [:]
        for (index, row) in rows.enumerated() {
            byPath[RawPath.key(row.clip.relativePath), default: []].append(index)
            byInode[Inode(device: row.identity.device, inode: row.identity.inode), default: []].append(index)
        }
        var matched = [Int?](repeating: nil, count: scanned.count)
        var taken = [Bool](repeating: false, count: rows.count)
        /// The untaken candidate for `clip` among `indices`, present rows first.
        func pick(_ indices: [Int]?, for clip: ScannedClip) -> Int? {
            let fitting = (indices ?? []).filter { !taken[$0] && rows[$0].identity.isSameFile(as: clip.identity) }
            return fitting.first { rows[$0].present } ?? fitting.first
        }
        // 1. Same name, same file.
        for (index, clip) in scanned.enumerated() {
            guard let row = pick(byPath[RawPath.key(clip.relativePath)], for: clip) else { continue }
            matched[index] = row
            taken[row] = true
        }
        // 2. Same file under a new name: a rename.
        var renamed = 0
        for (index, clip) in scanned.enumerated() where matched[index] == nil {
            guard let row = pick(byInode[Inode(device: clip.identity.device, inode: clip.identity.inode)], for: clip) else { continue }
            matched[index] = row
            taken[row] = true
            renamed += 1
        }
        // 3. Everything else is new. A decided clip whose name now holds
        //    another file is reported: its decision stays with its file.
        var replaced: [StoredClip] = []
        for (index, clip) in scanned.enumerated() where matched[index] == nil {
            for row in byPath[RawPath.key(clip.relativePath)] ?? [] where rows[row].present && !taken[row] && rows[row].clip.decision != nil {
                replaced.append(rows[row].clip)
            }
        }

        // Rows leaving their present name are freed before any name is
        // taken (the unique index covers present rows).
        var writes = SyncWrites()
        var removed = 0
        for (index, row) in rows.enumerated() where row.present && !taken[index] {
            writes.missing.append(row.clip.id)
            removed += 1
        }
        for (index, clip) in scanned.enumerated() {
            guard let row = matched[index], rows[row].present, !RawPath.same(rows[row].clip.relativePath, clip.relativePath) else { continue }
            writes.missing.append(rows[row].clip.id)
        }
        var clips: [StoredClip] = []
        clips.reserveCapacity(scanned.count)
        var nextID = try nextClipID()
        for (index, clip) in scanned.enumerated() {
            if let rowIndex = matched[index] {
                let row = rows[rowIndex]
                if !row.present || !RawPath.same(row.clip.relativePath, clip.relativePath) {
                    writes.placed.append((row.clip.id, clip.relativePath))
                }
                clips.append(StoredClip(id: row.clip.id, relativePath: clip.relativePath, kind: row.clip.kind,
                                        decision: row.clip.decision, identity: row.identity, problem: row.clip.problem))
            } else {
                writes.added.append((nextID, clip))
                clips.append(StoredClip(id: nextID, relativePath: clip.relativePath, kind: clip.kind, decision: nil, identity: clip.identity))
                nextID += 1
            }
        }
        let result = SyncResult(clips: clips, added: writes.added.count, removed: removed, renamed: renamed, replaced: replaced)
        return (result, writes)
    }

    /// A new, undecided row for a file seen for the first time (both the
    /// full sync and the per-name one add rows this way); `id` as planned
    /// by a sync, or the next free one.
    func insertClip(_ clip: ScannedClip, in folder: FolderRecord, id: Int64? = nil) throws(StoreError) -> StoredClip {
        let identity = clip.identity
        let inserted = try db.run(
            "INSERT INTO clip(id, folder_id, path, kind, device, inode, size, mtime) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            id, folder.id, clip.relativePath, clip.kind.rawValue, identity.device, identity.inode, identity.size, identity.mtime)
        return StoredClip(id: inserted, relativePath: clip.relativePath, kind: clip.kind, decision: nil, identity: identity)
    }
}

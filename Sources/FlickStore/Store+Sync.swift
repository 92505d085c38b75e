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
    /// Decided rows that no file found now stands for, as stored: their
    /// file is gone, or holds other bytes. They keep their decisions (for
    /// when the file comes back) and are counted to the user
    /// (`unmatched(subfolders:)`), never dropped silently.
    public let unmatched: [StoredClip]

    /// How many decisions could not be matched to a file, among the clips
    /// the scan looked for: with `subfolders` false, a row in a subfolder
    /// was not looked for and does not count.
    public func unmatched(subfolders: Bool) -> Int {
        subfolders ? unmatched.count : unmatched.count(where: { !$0.relativePath.contains("/") })
    }
}

/// The rows a sync changes, worked out before any is written: rows that
/// leave their name, rows that take a new name or come back, and new rows
/// with the ids they will have.
struct SyncWrites: Sendable {
    var missing: [Int64] = []
    var placed: [(id: Int64, path: String)] = []
    var added: [(id: Int64, clip: ScannedClip)] = []
    /// Rows matched through their bytes: their new hint (and fingerprint).
    var updated: [(id: Int64, update: IdentityJudge.Update)] = []

    var isEmpty: Bool { missing.isEmpty && placed.isEmpty && added.isEmpty && updated.isEmpty }
}

extension Store {
    /// Reconciles `folder`'s clips with `scanned` in one transaction.
    ///
    /// A clip row is one file as the user saw it: its name and identity
    /// (device, inode, size, mtime as a hint, and the fingerprint of a
    /// decided file: see `IdentityJudge`). A scanned file is matched
    /// 1. to a row with the same name (bytes) and identity;
    /// 2. else to a row with the same identity under another name — a
    ///    rename, which keeps the decision;
    /// 3. else it is a new, undecided clip — even under a name a decided
    ///    clip had: that decision stays with the earlier file.
    /// Rows not found leave the deck (state `missing`); their history and
    /// decisions stay, and come back with their file.
    ///
    /// With `deferringWrites`, only the reading, the moves and the last
    /// new row are done now: the result (new clips with the ids their rows
    /// will have) comes back at once and the other new rows are written
    /// later, a slice at a time by
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
        let (result, plan) = try db.transaction { () throws(StoreError) in
            let (result, writes) = try reconcile(folder, with: scanned)
            return (result, writes.isEmpty ? nil : try writeMovesDeferringRows(writes, folder: folder))
        }
        if let plan { leave(plan) }
        return result
    }

    /// Matches `scanned` with the stored rows (see `sync`) without writing:
    /// the deck, and the writes that make the store agree with it.
    ///
    /// Rows are read in place. In id order, a deck the store already knows
    /// comes back in deck order (its rows were added in that order), so
    /// each scanned clip first tries the row after the last one matched;
    /// only the clips that are not there look their name up in an index
    /// (`RowChains`, built on first need; by inode only when some file is
    /// not under a name of its own). An unchanged folder of 100,000 clips
    /// costs no hashing and no array per row.
    private func reconcile(_ folder: FolderRecord, with scanned: [ScannedClip]) throws(StoreError) -> (SyncResult, SyncWrites) {
        struct Row {
            let clip: StoredClip
            let identity: FileIdentity
            let present: Bool
        }
        struct Inode: Hashable { let device: UInt64, inode: UInt64 }
        var rows: [Row] = []
        rows.reserveCapacity(scanned.count)
        try db.forEachRow("SELECT \(Self.clipColumns), state FROM clip WHERE folder_id = ? AND state != 'applied'", folder.id) { value in
            guard let clip = Self.clip(value), let identity = clip.identity else { return }
            rows.append(Row(clip: clip, identity: identity, present: value.string(10) == "present"))
        }
        // The rows in id order (SQLite reads them in the order of the
        // folder's index), and each row's place in it.
        let ids = rows.map(\.clip.id)
        let byID = zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 } ? Array(rows.indices) : rows.indices.sorted { ids[$0] < ids[$1] }
        var idRank = [Int](repeating: 0, count: rows.count)
        for (rank, row) in byID.enumerated() { idRank[row] = rank }
        var pathIndex: RowChains<PathKey>?
        func byPath() -> RowChains<PathKey> {
            if let pathIndex { return pathIndex }
            let index = RowChains(rows.count) { PathKey(rows[$0].clip.relativePath) }
            pathIndex = index
            return index
        }
        var matched = [Int?](repeating: nil, count: scanned.count)
        var taken = [Bool](repeating: false, count: rows.count)
        var judge = IdentityJudge(folderPath: folder.path)
        var updates: [Int: IdentityJudge.Update] = [:]
        /// The untaken candidate for `clip` among `indices`, present rows first.
        func pick(_ indices: some Sequence<Int>, for clip: ScannedClip) -> Int? {
            var firstFitting: (index: Int, update: IdentityJudge.Update?)?
            for index in indices where !taken[index] {
                guard case .same(let update) = judge.judge(rows[index].clip, stored: rows[index].identity,
                                                           found: clip.identity, path: clip.relativePath) else { continue }
                if rows[index].present {
                    updates[index] = update
                    return index
                }
                if firstFitting == nil { firstFitting = (index, update) }
            }
            if let firstFitting { updates[firstFitting.index] = firstFitting.update }
            return firstFitting?.index
        }
        /// Whether the row needs no judging: the same hint, and nothing to learn.
        func plainlySame(_ row: Row, _ clip: ScannedClip) -> Bool {
            (row.clip.decision == nil || row.clip.fingerprint != nil) && row.identity.isSameFile(as: clip.identity)
        }
        // 1. Same name, same file. The next row in id order, when present
        //    under this name, is the only present one (the path index is
        //    unique over present rows): the one `pick` would choose.
        var unmatched = 0
        var nextRank = 0
        for (index, clip) in scanned.enumerated() {
            let row: Int
            let next = nextRank < byID.count ? byID[nextRank] : nil
            if let next, rows[next].present, !taken[next],
               RawPath.same(rows[next].clip.relativePath, clip.relativePath), plainlySame(rows[next], clip) {
                row = next
            } else if let found = pick(byPath().rows(PathKey(clip.relativePath)), for: clip) {
                row = found
            } else {
                unmatched += 1
                continue
            }
            matched[index] = row
            taken[row] = true
            nextRank = idRank[row] + 1
        }
        // 2. Same file under a new name: a rename.
        var renamed = 0
        if unmatched > 0 {
            let byInode = RowChains(rows.count) { Inode(device: rows[$0].identity.device, inode: rows[$0].identity.inode) }
            for (index, clip) in scanned.enumerated() where matched[index] == nil {
                guard let row = pick(byInode.rows(Inode(device: clip.identity.device, inode: clip.identity.inode)), for: clip) else { continue }
                matched[index] = row
                taken[row] = true
                renamed += 1
            }
        }
        // 3. Everything else is new. A decided clip whose name now holds
        //    another file is reported: its decision stays with its file.
        var replaced: [StoredClip] = []
        for (index, clip) in scanned.enumerated() where matched[index] == nil {
            for row in byPath().rows(PathKey(clip.relativePath)) where rows[row].present && !taken[row] && rows[row].clip.decision != nil {
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
                let update = updates[rowIndex]
                if let update { writes.updated.append((row.clip.id, update)) }
                clips.append(StoredClip(id: row.clip.id, relativePath: clip.relativePath, kind: row.clip.kind,
                                        decision: row.clip.decision, identity: update?.identity ?? row.identity, problem: row.clip.problem,
                                        fingerprint: update?.fingerprint ?? row.clip.fingerprint))
            } else {
                writes.added.append((nextID, clip))
                clips.append(StoredClip(id: nextID, relativePath: clip.relativePath, kind: clip.kind, decision: nil, identity: clip.identity))
                nextID += 1
            }
        }
        let unmatchedRows = rows.indices.filter { !taken[$0] && rows[$0].clip.decision != nil }.map { rows[$0].clip }
        let result = SyncResult(clips: clips, added: writes.added.count, removed: removed, renamed: renamed, replaced: replaced,
                                unmatched: unmatchedRows)
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

/// Indices of rows (store order) by a key, with no array per key: the
/// first row of each key, then each row's next.
private struct RowChains<Key: Hashable> {
    private var first: [Key: Int] = [:]
    private var next: [Int]

    /// Indexes rows `0..<count` under `keys(row)`.
    init(_ count: Int, keys: (Int) -> Key) {
        next = [Int](repeating: -1, count: count)
        first.reserveCapacity(count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            if let head = first.updateValue(index, forKey: keys(index)) { next[index] = head }
        }
    }

    /// The rows under `key`, in store order.
    func rows(_ key: Key) -> UnfoldSequence<Int, Int> {
        sequence(state: first[key] ?? -1) { [next] index in
            guard index >= 0 else { return nil }
            defer { index = next[index] }
            return index
        }
    }
}

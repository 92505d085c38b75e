import FlickCore
import Foundation

/// What reconciling a few changed names with the store found: the deck's
/// change, without touching the rest of the folder.
public struct EntrySyncResult: Sendable, Equatable {
    /// Clip ids that left their place in the deck (gone, replaced by
    /// another file, or renamed away; a renamed clip is also in `placed`).
    public let removed: [Int64]
    /// Clips now in the deck under the changed names that were not there
    /// before: new files, renamed ones (same id, same decision), files
    /// that came back.
    public let placed: [StoredClip]
    public let added: Int
    public let renamed: Int
    /// As in `SyncResult`: decided clips whose name now holds another file.
    public let replaced: [StoredClip]

    /// Whether the deck is unchanged.
    public var isEmpty: Bool { removed.isEmpty && placed.isEmpty }
}

extension Store {
    /// Reconciles only the names in `names` (relative paths, compared as
    /// bytes): `found` is what each of them holds now (a name absent from
    /// `found` holds no clip). Every other clip of the deck is taken to be
    /// unchanged, so this costs a few indexed queries whatever the folder's
    /// size, and gives the same rows and decisions as `sync(_:with:)` on a
    /// full scan would:
    /// 1. a file under its own name with the same identity is unchanged;
    /// 2. else a row with the same identity (leaving one of `names`, or
    ///    missing) is a rename, which keeps the decision;
    /// 3. else it is a new, undecided clip: a decision never passes to
    ///    another file under the same name.
    public func sync(_ folder: FolderRecord, names: [String], found: [ScannedClip]) throws(StoreError) -> EntrySyncResult {
        var seen = Set<[UInt8]>()
        let found = found.filter { seen.insert(RawPath.key($0.relativePath)).inserted }  // a name holds one file
        return try db.transaction { () throws(StoreError) in
            let leaving = try presentRows(folder, names: names)
            var taken = Set<Int64>()
            var matched = [StoredClip?](repeating: nil, count: found.count)
            var judge = IdentityJudge(folderPath: folder.path)
            var updates: [Int64: IdentityJudge.Update] = [:]
            /// Whether `row` is the file `clip`, noting what the row learns.
            func same(_ row: StoredClip, _ clip: ScannedClip) -> Bool {
                guard !taken.contains(row.id), let stored = row.identity,
                      case .same(let update) = judge.judge(row, stored: stored, found: clip.identity, path: clip.relativePath) else { return false }
                updates[row.id] = update
                return true
            }
            // 1. Same name, same file.
            for (index, clip) in found.enumerated() {
                guard let row = leaving.first(where: { RawPath.same($0.relativePath, clip.relativePath) && same($0, clip) }) else { continue }
                matched[index] = row
                taken.insert(row.id)
            }
            // 2. Same file under a new name. Rows present under a name not
            //    in `names` keep their file and are never candidates.
            var renamed = 0
            for (index, clip) in found.enumerated() where matched[index] == nil {
                var row = leaving.first(where: { same($0, clip) })
                if row == nil { row = try missingRows(folder, clip.identity).first(where: { same($0, clip) }) }
                guard let row else { continue }
                matched[index] = row
                taken.insert(row.id)
                renamed += 1
            }
            for (id, update) in updates where taken.contains(id) {
                try write(update, row: id)
            }
            // 3. A decided clip whose name now holds another file is reported.
            let replaced = leaving.filter { row in
                !taken.contains(row.id) && row.decision != nil
                    && found.indices.contains { matched[$0] == nil && RawPath.same(found[$0].relativePath, row.relativePath) }
            }
            return try write(folder, found: found, matched: matched, leaving: leaving, renamed: renamed, replaced: replaced)
        }
    }

    /// Frees the names rows leave, then places matched and new clips.
    private func write(_ folder: FolderRecord, found: [ScannedClip], matched: [StoredClip?], leaving: [StoredClip],
                       renamed: Int, replaced: [StoredClip]) throws(StoreError) -> EntrySyncResult {
        var stays = Set<Int64>()
        for (index, clip) in found.enumerated() {
            if let row = matched[index], RawPath.same(row.relativePath, clip.relativePath), leaving.contains(where: { $0.id == row.id }) {
                stays.insert(row.id)
            }
        }
        var removed: [Int64] = []
        for row in leaving where !stays.contains(row.id) {
            try db.run("UPDATE clip SET state = 'missing' WHERE id = ?", row.id)
            removed.append(row.id)
        }
        var placed: [StoredClip] = []
        var added = 0
        for (index, clip) in found.enumerated() {
            if let row = matched[index] {
                guard !stays.contains(row.id) else { continue }
                try db.run("UPDATE clip SET path = ?, state = 'present' WHERE id = ?", clip.relativePath, row.id)
                placed.append(StoredClip(id: row.id, relativePath: clip.relativePath, kind: row.kind, decision: row.decision,
                                         identity: clip.identity, problem: row.problem, fingerprint: row.fingerprint))
            } else {
                placed.append(try insertClip(clip, in: folder))
                added += 1
            }
        }
        return EntrySyncResult(removed: removed, placed: placed, added: added, renamed: renamed, replaced: replaced)
    }

    /// The rows present under `names` (one each at most: the path index is unique).
    private func presentRows(_ folder: FolderRecord, names: [String]) throws(StoreError) -> [StoredClip] {
        var seen = Set<[UInt8]>()
        var rows: [StoredClip] = []
        for name in names where seen.insert(RawPath.key(name)).inserted {
            let found = try db.rows("SELECT \(Self.clipColumns) FROM clip WHERE folder_id = ? AND path = ? AND state = 'present'", folder.id, name)
            rows += found.compactMap(Self.clip)
        }
        return rows
    }

    /// The missing rows that stand for the file `identity`, in store order
    /// (present rows are not asked for: a folder of 100,000 hard links of
    /// one file would return them all).
    private func missingRows(_ folder: FolderRecord, _ identity: FileIdentity) throws(StoreError) -> [StoredClip] {
        try db.rows("SELECT \(Self.clipColumns) FROM clip WHERE folder_id = ? AND device = ? AND inode = ? AND state = 'missing' ORDER BY id",
                    folder.id, identity.device, identity.inode)
            .compactMap(Self.clip)
    }
}

import FlickCore
import Foundation

/// What reconciling the store with a folder scan found.
public struct SyncResult: Sendable, Equatable {
    /// The deck: the scanned clips in scan order, with their stored ids and decisions.
    public let clips: [StoredClip]
    public let added: Int
    public let removed: Int
    public let renamed: Int
}

extension Store {
    /// Reconciles `folder`'s clips with `scanned` in one transaction: new
    /// files join, files no longer there leave the deck (their rows and
    /// history stay, and come back if the file does), and a file found
    /// under a new name with the same device, inode, size and modification
    /// time keeps its row — and so its decision.
    public func sync(_ folder: FolderRecord, with scanned: [ScannedClip]) throws(StoreError) -> SyncResult {
        try db.transaction { () throws(StoreError) in
            struct Row {
                let id: Int64, path: String, identity: FileIdentity, mtime: Double, state: String
                let kind: ClipKind, decision: Decision?
            }
            var rows: [Row] = []
            for value in try db.rows(
                "SELECT id, path, device, inode, size, mtime, state, kind, decision FROM clip WHERE folder_id = ? AND state != 'applied'",
                folder.id)
            {
                guard let id = value[0].int64, let path = value[1].string else { continue }
                let identity = FileIdentity(device: UInt64(bitPattern: value[2].int64 ?? 0), inode: UInt64(bitPattern: value[3].int64 ?? 0),
                                            size: value[4].int64 ?? 0)
                rows.append(Row(id: id, path: path, identity: identity, mtime: value[5].double ?? 0, state: value[6].string ?? "present",
                                kind: value[7].string.flatMap(ClipKind.init(rawValue:)) ?? .video,
                                decision: value[8].string.flatMap(Decision.init(rawValue:))))
            }
            let byPath = Dictionary(rows.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { first, _ in first })
            var byIdentity: [FileIdentity: [Int]] = [:]
            for (index, row) in rows.enumerated() { byIdentity[row.identity, default: []].append(index) }

            var matched = [Int?](repeating: nil, count: scanned.count)
            var taken = [Bool](repeating: false, count: rows.count)
            // Same path: the same clip.
            for (index, clip) in scanned.enumerated() {
                if let row = byPath[clip.relativePath] {
                    matched[index] = row
                    taken[row] = true
                }
            }
            // Same identity under a new path, the old path gone: a rename.
            var renamed = 0
            for (index, clip) in scanned.enumerated() where matched[index] == nil {
                let mtime = clip.modified.timeIntervalSince1970
                guard let row = byIdentity[clip.identity]?.first(where: { !taken[$0] && abs(rows[$0].mtime - mtime) < 0.001 }) else { continue }
                matched[index] = row
                taken[row] = true
                renamed += 1
            }

            var clips: [StoredClip] = []
            clips.reserveCapacity(scanned.count)
            var added = 0
            for (index, clip) in scanned.enumerated() {
                let mtime = clip.modified.timeIntervalSince1970
                if let rowIndex = matched[index] {
                    let row = rows[rowIndex]
                    if row.path != clip.relativePath || row.identity != clip.identity || row.mtime != mtime || row.state != "present" {
                        try db.run("UPDATE clip SET path = ?, device = ?, inode = ?, size = ?, mtime = ?, state = 'present' WHERE id = ?",
                                   clip.relativePath, clip.identity.device, clip.identity.inode, clip.identity.size, mtime, row.id)
                    }
                    clips.append(StoredClip(id: row.id, relativePath: clip.relativePath, kind: row.kind, decision: row.decision))
                } else {
                    let id = try db.run(
                        "INSERT INTO clip(folder_id, path, kind, device, inode, size, mtime) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        folder.id, clip.relativePath, clip.kind.rawValue, clip.identity.device, clip.identity.inode, clip.identity.size, mtime)
                    clips.append(StoredClip(id: id, relativePath: clip.relativePath, kind: clip.kind, decision: nil))
                    added += 1
                }
            }
            var removed = 0
            for (index, row) in rows.enumerated() where !taken[index] && row.state == "present" {
                try db.run("UPDATE clip SET state = 'missing' WHERE id = ?", row.id)
                removed += 1
            }
            return SyncResult(clips: clips, added: added, removed: removed, renamed: renamed)
        }
    }
}

import FlickCore
import Foundation

/// Whether a stored row stands for a file found now, for both syncs.
///
/// A row's device, inode, size and mtime are a hint: when all four agree
/// the file is the same (a file rewritten in place with the same size and
/// its mtime put back is not noticed here; Apply reads its bytes again).
/// When the device or inode disagree — a card mounted on another device,
/// a FAT file system whose inode numbers follow lookup order — the row
/// keeps its file only under its own name, with the same size and mtime,
/// and:
/// - for a row with a fingerprint (every decided row), the same bytes;
/// - for a decided row from before fingerprints, the same inode;
/// - for an undecided row, nothing more (nothing is at stake but the row).
/// A copy put under the name (a new mtime) is another file, even with the
/// same bytes — unless the new mtime is one a FAT or exFAT card makes of
/// the old (`FileIdentity.isCardRewrite`: a time before 1980 or after
/// 2107 that it cannot store, its 2 s steps, a time zone it reads its
/// local times in): then a decided row's bytes decide alone. A row with a
/// fingerprint moves to another name (a rename) only with the same bytes
/// too, so a decision never passes to another file that took its inode
/// number.
///
/// Threading: the sync's thread.
struct IdentityJudge {
    /// What a match changes in the row: its hint, its fingerprint.
    struct Update: Sendable {
        let identity: FileIdentity
        /// A fingerprint to store (nil: keep the stored one).
        let fingerprint: String?
    }

    enum Verdict {
        case different
        /// The same file; `update` when the row must learn its hint or fingerprint.
        case same(update: Update?)
    }

    private let folderPath: String
    private var handle: NoFollowDirectory??

    init(folderPath: String) {
        self.folderPath = folderPath
    }

    /// Whether `row` (stored hint `stored`) is the file `found` under `path`.
    mutating func judge(_ row: StoredClip, stored: FileIdentity, found: FileIdentity, path: String) -> Verdict {
        let samePath = RawPath.same(row.relativePath, path)
        if stored.isSameFile(as: found) {
            if let expected = row.fingerprint {
                // A rename keeps the decision only with the same bytes.
                return samePath || fingerprint(path, found) == expected ? .same(update: nil) : .different
            }
            // A decision from before fingerprints learns its file's.
            guard row.decision != nil, samePath, let print = fingerprint(path, found) else { return .same(update: nil) }
            return .same(update: Update(identity: found, fingerprint: print))
        }
        guard samePath, stored.size == found.size else { return .different }
        let sameTime = abs(stored.mtime - found.mtime) < FileIdentity.mtimeTolerance
        if let expected = row.fingerprint {
            // A time a FAT or exFAT card could not keep as it was is no
            // sign of another file: the bytes decide.
            guard sameTime || FileIdentity.isCardRewrite(of: stored.mtime, as: found.mtime) else { return .different }
            return fingerprint(path, found) == expected ? .same(update: Update(identity: found, fingerprint: nil)) : .different
        }
        guard sameTime else { return .different }
        if row.decision != nil {
            guard stored.inode == found.inode, let print = fingerprint(path, found) else { return .different }
            return .same(update: Update(identity: found, fingerprint: print))
        }
        return .same(update: Update(identity: found, fingerprint: nil))
    }

    /// The fingerprint of the file at `path`, if it is still `found`.
    private mutating func fingerprint(_ path: String, _ found: FileIdentity) -> String? {
        if handle == nil { handle = .some(try? NoFollowDirectory(path: folderPath)) }
        guard let folder = handle ?? nil else { return nil }
        return Fingerprint.of(path, in: folder, ifStill: found)
    }
}

extension Store {
    /// Stores the fingerprint of the clip `id`'s file when it has none and
    /// the file is still the one its row stands for (inside the caller's
    /// transaction: a decision carries the bytes it was made on).
    func fillFingerprint(_ id: Int64, folder: FolderRecord, handle: inout NoFollowDirectory?) throws(StoreError) {
        guard let row = try db.rows("SELECT \(Self.clipColumns) FROM clip WHERE id = ?", id).first.flatMap(Self.clip),
              row.fingerprint == nil, let stored = row.identity else { return }
        if handle == nil { handle = try? NoFollowDirectory(path: folder.path) }
        guard let handle, let print = Fingerprint.of(row.relativePath, in: handle, ifStill: stored) else { return }
        try db.run("UPDATE clip SET fingerprint = ? WHERE id = ?", print, id)
    }

    /// Writes what matching taught a row: its current hint and fingerprint.
    func write(_ update: IdentityJudge.Update, row id: Int64) throws(StoreError) {
        let identity = update.identity
        try db.run("UPDATE clip SET device = ?, inode = ?, size = ?, mtime = ?, fingerprint = ifnull(?, fingerprint) WHERE id = ?",
                   identity.device, identity.inode, identity.size, identity.mtime, update.fingerprint, id)
    }
}

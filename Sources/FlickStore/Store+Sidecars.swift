import FlickCore

/// What Flick remembers of an XMP sidecar it rated: what to restore when
/// the decision goes, and the rating it wrote itself.
public struct SidecarRecord: Sendable, Equatable {
    /// The sidecar's `xmp:Rating` before Flick wrote one; nil when it had none.
    public let original: String?
    /// Whether the sidecar existed before Flick wrote it.
    public let existed: Bool
    /// The rating Flick wrote ("-1", "1"…).
    public let written: String

    public init(original: String?, existed: Bool, written: String) {
        self.original = original
        self.existed = existed
        self.written = written
    }
}

/// The `sidecar` table (schema 4). In the app, on `SidecarKeeper`'s queue
/// through a `Store` of its own (the process's one connection), and on the
/// main thread for Export Likes….
extension Store {
    /// Every sidecar record of `folder`, by the clip's relative path (bytes).
    public func sidecarRecords(_ folder: FolderRecord) throws(StoreError) -> [[UInt8]: SidecarRecord] {
        var records: [[UInt8]: SidecarRecord] = [:]
        for row in try db.rows("SELECT path, original, existed, written FROM sidecar WHERE folder_id = ?", folder.id) {
            guard let path = row[0].string, let written = row[3].string else { continue }
            records[RawPath.key(path)] = SidecarRecord(original: row[1].string, existed: row[2].int64 != 0, written: written)
        }
        return records
    }

    /// The record of the clip at `path` alone, or nil (one indexed row:
    /// what a decision's sidecar needs, whatever the folder's size).
    public func sidecarRecord(path: String, folder: FolderRecord) throws(StoreError) -> SidecarRecord? {
        guard let row = try db.rows("SELECT original, existed, written FROM sidecar WHERE folder_id = ? AND path = ?",
                                    folder.id, path).first,
              let written = row[2].string else { return nil }
        return SidecarRecord(original: row[0].string, existed: row[1].int64 != 0, written: written)
    }

    /// The clips of `folder` still in it whose sidecars may need a change:
    /// those liked or marked for deletion, and those with a record (their
    /// decision may be gone). In path order.
    public func clipsWithSidecars(_ folder: FolderRecord) throws(StoreError) -> [StoredClip] {
        let sql = """
            SELECT \(Self.clipColumns) FROM clip WHERE folder_id = ?1 AND state = 'present'
            AND (decision IN ('like', 'delete') OR path IN (SELECT path FROM sidecar WHERE folder_id = ?1))
            ORDER BY path
            """
        return try db.rows(sql, folder.id).compactMap(Self.clip)
    }

    /// Remembers `record` for the clip at `path`; durable when this returns.
    public func saveSidecar(_ record: SidecarRecord, path: String, folder: FolderRecord) throws(StoreError) {
        try db.transaction { () throws(StoreError) in
            _ = try db.run("INSERT OR REPLACE INTO sidecar(folder_id, path, original, existed, written) VALUES (?, ?, ?, ?, ?)",
                           folder.id, path, record.original, record.existed, record.written)
        }
    }

    /// Forgets the record of the clip at `path` (its sidecar was restored).
    public func forgetSidecar(path: String, folder: FolderRecord) throws(StoreError) {
        try db.transaction { () throws(StoreError) in
            _ = try db.run("DELETE FROM sidecar WHERE folder_id = ? AND path = ?", folder.id, path)
        }
    }
}

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

/// The `sidecar` table (schema 4). Main thread in the app, like every store call.
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

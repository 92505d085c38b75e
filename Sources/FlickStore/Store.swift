import FlickCore
import Foundation

/// A reviewed folder in the store.
public struct FolderRecord: Sendable, Equatable {
    public let id: Int64
    /// Absolute path with symlinks resolved.
    public let path: String
}

/// One clip of a folder as the store knows it.
public struct StoredClip: Sendable, Equatable {
    public let id: Int64
    /// Path relative to the folder, exactly as stored (not yet validated).
    public let relativePath: String
    public let kind: ClipKind
    public let decision: Decision?
}

/// Flick's decisions on disk: one SQLite database under
/// `$XDG_DATA_HOME/flick/`. Every write is one transaction, durable when the
/// call returns (see `Database`).
///
/// ```swift
/// let store = try Store.openDefault()
/// let folder = try store.folder(at: url)
/// let sync = try store.sync(folder, with: FolderScan.scan(url))
/// ```
public final class Store {
    let db: Database
    public var path: String { db.path }

    /// Opens (creating and migrating) the database at `path`.
    public init(path: String) throws(StoreError) {
        db = try Database(path: path)
        try Schema.migrate(db)
    }

    /// `$XDG_DATA_HOME/flick/flick.db` (default `~/.local/share/flick/flick.db`).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/flick/flick.db"
    }

    /// Opens the default store, creating its folder (mode 0700) if needed.
    public static func openDefault() throws(StoreError) -> Store {
        let path = defaultPath()
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError("Can’t create “\(directory)” for Flick’s decisions: \(error.localizedDescription)")
        }
        return try Store(path: path)
    }

    /// "ok" when the database is sound (crash tests check this).
    public func integrityCheck() throws(StoreError) -> String { try db.integrityCheck() }

    /// The folder's record, created on first use. `url` is resolved
    /// (symlinks too), so one folder has one record however it is reached.
    public func folder(at url: URL) throws(StoreError) -> FolderRecord {
        let path = Self.canonicalPath(url.path)
        if let id = try db.rows("SELECT id FROM folder WHERE path = ?", path).first?.first?.int64 {
            return FolderRecord(id: id, path: path)
        }
        let id = try db.run("INSERT INTO folder(path, created) VALUES (?, ?)", path, Date().timeIntervalSince1970)
        return FolderRecord(id: id, path: path)
    }

    static func canonicalPath(_ path: String) -> String {
        guard let resolved = realpath(RawPath.c(path), nil) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        defer { free(resolved) }
        return RawPath.decode(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// Refuses a folder whose stored clip paths are not plain paths inside it
    /// (absolute, or with a `..` part): the database cannot make Flick
    /// touch other files. Every command checks this before anything else.
    public func checkStoredPaths(_ folder: FolderRecord) throws(StoreError) {
        for row in try db.rows("SELECT path FROM clip WHERE folder_id = ? AND state != 'applied'", folder.id) {
            let path = row.first?.string ?? ""
            guard FileOperations.isSafeRelativePath(path) else {
                throw StoreError("The decision store lists “\(path)” for “\(folder.path)”, which is not a path inside the folder; nothing was moved.")
            }
        }
    }

    static func clip(_ row: [SQLValue]) -> StoredClip? {
        guard let id = row[0].int64, let path = row[1].string else { return nil }
        return StoredClip(id: id, relativePath: path, kind: row[2].string.flatMap(ClipKind.init(rawValue:)) ?? .video,
                          decision: row[3].string.flatMap(Decision.init(rawValue:)))
    }

    /// Clips decided "delete" and still in the deck, in path order.
    public func clipsToDelete(in folder: FolderRecord) throws(StoreError) -> [StoredClip] {
        NaturalOrder.sorted(
            try db.rows("SELECT id, path, kind, decision FROM clip WHERE folder_id = ? AND state = 'present' AND decision = 'delete'", folder.id)
                .compactMap(Self.clip)
        ) { $0.relativePath }
    }

    /// Records that `clips` were moved out of the folder (to the Trash or
    /// "Flick Rejected"): they leave the deck, their history stays.
    public func markApplied(_ clips: [Int64], in folder: FolderRecord) throws(StoreError) {
        guard !clips.isEmpty else { return }
        let now = Date().timeIntervalSince1970
        try db.transaction { () throws(StoreError) in
            for id in clips {
                try db.run("UPDATE clip SET state = 'applied' WHERE id = ? AND folder_id = ?", id, folder.id)
                try db.run("INSERT INTO action(folder_id, kind, clip_id, decision, at) VALUES (?, 'apply', ?, 'delete', ?)",
                           folder.id, id, now)
            }
        }
    }

    /// How many actions the folder's history holds (all kinds).
    public func historyCount(_ folder: FolderRecord) throws(StoreError) -> Int {
        Int(try db.rows("SELECT count(*) FROM action WHERE folder_id = ?", folder.id).first?.first?.int64 ?? 0)
    }
}

import FlickCore
import Foundation

/// A reviewed folder in the store.
public struct FolderRecord: Sendable, Equatable {
    public let id: Int64
    /// Absolute path with symlinks resolved.
    public let path: String
}

/// One clip of a folder as the store knows it: one file as the user saw
/// it. Compare paths with `RawPath.same`, never `==`.
public struct StoredClip: Sendable, Equatable {
    public let id: Int64
    /// Path relative to the folder, exactly as stored (not yet validated).
    public let relativePath: String
    public let kind: ClipKind
    public let decision: Decision?
    /// The file the decision belongs to (device, inode, size, mtime);
    /// nil only for clips made up outside the store (tests).
    public let identity: FileIdentity?
    /// What Flick learned about this very file that keeps it from playing
    /// ("not a video", "cut short"…), recorded with `Store.recordProblem`.
    public let problem: String?
    /// The file's bytes as the user decided on them (`Fingerprint`); nil
    /// until a decision is recorded.
    public let fingerprint: String?

    public init(id: Int64, relativePath: String, kind: ClipKind, decision: Decision?,
                identity: FileIdentity? = nil, problem: String? = nil, fingerprint: String? = nil) {
        self.id = id
        self.relativePath = relativePath
        self.kind = kind
        self.decision = decision
        self.identity = identity
        self.problem = problem
        self.fingerprint = fingerprint
    }
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
    /// A sync's rows not written yet (see `DeferredSync`).
    var deferred: DeferredSync?
    /// Set when a deferred sync could not write all its rows (another
    /// Flick gave some of its files rows of their own, or the store
    /// failed): the folder's deck must come from a new, full sync.
    public internal(set) var needsFullSync = false
    /// Ids the deck planned for new files whose rows another Flick wrote
    /// first (see `DeferredSync`): no row of this deck has them, so a
    /// decision or a problem on one is refused until a full sync.
    var superseded = Set<Int64>()
    public var path: String { db.path }

    /// Opens (creating and migrating) the database at `path`. A store that
    /// cannot be trusted — empty (0 bytes), unreadable, not a database —
    /// is refused (`.untrusted`; the app says how to start over); it is
    /// never replaced by an empty one.
    public init(path: String) throws(StoreError) {
        try Self.createIfMissing(path)
        // Checked only when this process does not have it open already:
        // closing a descriptor of the file would drop the locks its open
        // connection holds (see `Connection`).
        db = try Database(path: path) { () throws(StoreError) in try Self.checkTrustworthy(path) }
        try Schema.migrate(db)
    }

    /// Builds a new store under a temporary name and links it into place,
    /// so a crash mid-creation never leaves a half-made `flick.db`.
    private static func createIfMissing(_ path: String) throws(StoreError) {
        var info = stat()
        guard lstat(RawPath.c(path), &info) != 0 else { return }
        let code = errno
        guard code == ENOENT else { throw StoreError.untrusted(path, .errno(code)) }
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(RawPath.c(temporary)) }
        do {
            let fresh = try Database(path: temporary, create: true)
            try Schema.migrate(fresh)
        } catch {
            throw StoreError(.cannotCreate(path: path, errno: errno))
        }
        // EEXIST: another Flick created it meanwhile, which is as good.
        guard link(RawPath.c(temporary), RawPath.c(path)) == 0 || errno == EEXIST else {
            throw StoreError(.cannotCreate(path: path, errno: errno))
        }
    }

    /// Refuses an empty, unreadable or foreign file before SQLite sees it
    /// (SQLite would take a 0-byte file for a new, empty database).
    private static func checkTrustworthy(_ path: String) throws(StoreError) {
        var info = stat()
        guard stat(RawPath.c(path), &info) == 0 else {
            throw StoreError.untrusted(path, .errno(errno))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw StoreError.untrusted(path, .notRegular) }
        guard info.st_size > 0 else {
            throw StoreError.untrusted(path, .empty)
        }
        let fd = open(RawPath.c(path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError.untrusted(path, .errno(errno)) }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = header.withUnsafeMutableBytes { read(fd, $0.baseAddress, 16) }
        guard count >= 0 else { throw StoreError.untrusted(path, .errno(errno)) }
        guard count == 16, header == Array("SQLite format 3\0".utf8) else {
            throw StoreError.untrusted(path, .notSQLite)
        }
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
            throw StoreError(.cannotCreateDirectory(path: directory, detail: error.localizedDescription))
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

    /// Whether the window last opened the folder at `url` with its
    /// subfolders; nil when it never opened it (the folder's record is not
    /// created by asking).
    public func openedRecursively(at url: URL) throws(StoreError) -> Bool? {
        let path = Self.canonicalPath(url.path)
        guard let row = try db.rows("SELECT recursive FROM folder WHERE path = ?", path).first,
              let value = row.first?.int64 else { return nil }
        return value != 0
    }

    /// Remembers how the window opened `folder`: with its subfolders or not.
    public func rememberOpened(_ folder: FolderRecord, recursive: Bool) throws(StoreError) {
        try db.run("UPDATE folder SET recursive = ? WHERE id = ?", recursive ? Int64(1) : Int64(0), folder.id)
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
        var unsafe: String?
        try db.forEachRow("SELECT path FROM clip WHERE folder_id = ? AND state != 'applied'", folder.id) { row in
            guard unsafe == nil, row.withText(0, FileOperations.isSafeRelativePath(bytes:)) != true else { return }
            unsafe = row.string(0) ?? ""
        }
        if let path = unsafe {
            throw StoreError(.pathOutsideFolder(path: path, folder: folder.path))
        }
    }

    /// The columns `clip(_:)` reads, in order.
    static let clipColumns = "id, path, kind, decision, device, inode, size, mtime, problem, fingerprint"

    static func clip(_ row: [SQLValue]) -> StoredClip? {
        guard row.count >= 10, let id = row[0].int64, let path = row[1].string else { return nil }
        return StoredClip(id: id, relativePath: path, kind: row[2].string.flatMap(ClipKind.init(rawValue:)) ?? .video,
                          decision: row[3].string.flatMap(Decision.init(rawValue:)),
                          identity: identity(row[4], row[5], row[6], row[7]), problem: row[8].string, fingerprint: row[9].string)
    }

    /// `clip(_:)` for a row read in place.
    static func clip(_ row: SQLRow) -> StoredClip? {
        guard row.count >= 10, let id = row.int64(0), let path = row.string(1) else { return nil }
        let identity = FileIdentity(device: UInt64(bitPattern: row.int64(4) ?? 0), inode: UInt64(bitPattern: row.int64(5) ?? 0),
                                    size: row.int64(6) ?? 0, mtime: row.double(7) ?? 0)
        return StoredClip(id: id, relativePath: path, kind: row.string(2).flatMap(ClipKind.init(rawValue:)) ?? .video,
                          decision: row.string(3).flatMap(Decision.init(rawValue:)), identity: identity, problem: row.string(8),
                          fingerprint: row.string(9))
    }

    static func identity(_ device: SQLValue, _ inode: SQLValue, _ size: SQLValue, _ mtime: SQLValue) -> FileIdentity {
        FileIdentity(device: UInt64(bitPattern: device.int64 ?? 0), inode: UInt64(bitPattern: inode.int64 ?? 0),
                     size: size.int64 ?? 0, mtime: mtime.double ?? 0)
    }

    /// Clips decided "delete" and still in the deck, in path order.
    public func clipsToDelete(in folder: FolderRecord) throws(StoreError) -> [StoredClip] {
        NaturalOrder.sorted(
            try db.rows("SELECT \(Self.clipColumns) FROM clip WHERE folder_id = ? AND state = 'present' AND decision = 'delete'", folder.id)
                .compactMap(Self.clip)
        ) { $0.relativePath }
    }

    /// Every clip still in the deck of `folder` (Apply looks among them
    /// for the other half of a marked Live Photo), in no set order.
    public func presentClips(in folder: FolderRecord) throws(StoreError) -> [StoredClip] {
        try db.rows("SELECT \(Self.clipColumns) FROM clip WHERE folder_id = ? AND state = 'present'", folder.id).compactMap(Self.clip)
    }

    /// Records what the window learned about a clip's file: it cannot be
    /// played, and why (`reason`, for people: "not a video", "cut short").
    /// The reason belongs to the file the clip row stands for: when the
    /// file changes (a copy that was still arriving), the changed file is a
    /// new clip without it. `flick status --json` reports it in `error`.
    /// Durable when this returns. Main thread in the app.
    public func recordProblem(clipID: Int64, reason: String) throws(StoreError) {
        guard !superseded.contains(clipID) else { return }  // the deck is read again
        try db.transaction { () throws(StoreError) in
            _ = try db.run("UPDATE clip SET problem = ? WHERE id = ?", reason, clipID)
        }
    }

    /// Forgets a recorded problem (the clip played after all).
    public func clearProblem(clipID: Int64) throws(StoreError) {
        guard !superseded.contains(clipID) else { return }
        try db.transaction { () throws(StoreError) in
            _ = try db.run("UPDATE clip SET problem = NULL WHERE id = ?", clipID)
        }
    }

    /// One clip row as stored now (any state), or nil.
    public func clip(id: Int64) throws(StoreError) -> StoredClip? {
        try db.rows("SELECT \(Self.clipColumns) FROM clip WHERE id = ?", id).first.flatMap(Self.clip)
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

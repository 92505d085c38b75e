internal import CSQLite
import FlickCore
import Foundation
import Synchronization

/// The one SQLite connection a process holds on a database file.
///
/// SQLite's POSIX advisory locks belong to the process, not to the
/// connection or descriptor: closing *any* descriptor of `flick.db` drops
/// every lock the process holds on it. A second connection (or a plain
/// `open`/`close` to read the header) in a process that also has the store
/// open would let another Flick (`flick status` in a terminal) believe it
/// is the last user and delete the WAL the first connection still writes
/// into. So every `Database` on one file in one process shares this
/// connection, and the file is never opened any other way while it lives.
///
/// A connection notices, before each write transaction, when its database
/// file or WAL was removed or replaced under it (by a person, or a store
/// moved aside), and reopens the file at its path rather than writing into
/// a deleted one.
///
/// Threading: any thread. Every use holds `lock` (recursive), and a
/// transaction holds it from `BEGIN` to `COMMIT`, so the threads of one
/// process take turns as two processes would through SQLite's write lock.
final class Connection: @unchecked Sendable {
    /// The file as the path named it when opened (device, inode).
    private struct FileKey: Hashable { let device: UInt64, inode: UInt64 }

    /// A connection the registry knows without keeping it open.
    private struct Weak { weak var connection: Connection? }
    /// Open connections by file; weak, so a connection closes with its last user.
    private static let registry = Mutex<[FileKey: Weak]>([:])

    let path: String
    let lock = NSRecursiveLock()
    private(set) var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private var key: FileKey
    /// The WAL file as first seen by this connection.
    private var wal: FileKey?
    /// Commits made on this connection, by any `Database` sharing it.
    private(set) var commits: Int64 = 0

    /// The connection for the file at `path`: the process's existing one
    /// when it has it open, else a new one. `check` runs first for a file
    /// this process has not opened (it may open and close the file freely
    /// then: the process holds no lock on it to lose).
    static func shared(path: String, create: Bool, check: () throws(StoreError) -> Void) throws(StoreError) -> Connection {
        try registry.withLock { (open: inout [FileKey: Weak]) throws(StoreError) -> Connection in
            if let key = fileKey(path), let existing = open[key]?.connection { return existing }
            try check()
            let connection = try Connection(path: path, create: create)
            open = open.filter { $0.value.connection != nil }
            open[connection.key] = Weak(connection: connection)
            return connection
        }
    }

    private init(path: String, create: Bool) throws(StoreError) {
        self.path = path
        key = FileKey(device: 0, inode: 0)
        handle = try Self.openHandle(path: path, create: create)
        key = Self.fileKey(path) ?? key
    }

    deinit {
        closeHandle()
    }

    private static func fileKey(_ path: String) -> FileKey? {
        var info = stat()
        guard stat(RawPath.c(path), &info) == 0 else { return nil }
        return FileKey(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    private static func openHandle(path: String, create: Bool) throws(StoreError) -> OpaquePointer {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close(db)
            throw StoreError.untrusted(path, .sqlite(reason))
        }
        sqlite3_busy_timeout(db, 5000)
        for pragma in ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"] {
            let code = sqlite3_exec(db, pragma, nil, nil, nil)
            guard code == SQLITE_OK else {
                let reason = String(cString: sqlite3_errmsg(db))
                sqlite3_close_v2(db)
                throw openFailure(path, code: code, reason: reason)
            }
        }
        return db
    }

    /// Why a store that is sound could not be opened, or the store refused.
    private static func openFailure(_ path: String, code: Int32, reason: String) -> StoreError {
        switch code & 0xff {
        case SQLITE_FULL:
            return StoreError(.diskFull(path: path))
        case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
            return StoreError(.notWritable(path: path, detail: reason))
        case SQLITE_IOERR:
            return StoreError(.diskError(path: path, detail: reason))
        default:
            return StoreError.untrusted(path, .sqlite(reason))
        }
    }

    private func closeHandle() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// The last error SQLite reported on this connection.
    var errorMessage: String {
        handle.map { String(cString: sqlite3_errmsg($0)) } ?? "the database is closed"
    }

    /// A statement for `sql`, reset, with no bindings (kept for reuse).
    func prepared(_ sql: String) -> OpaquePointer? {
        if let statement = statements[sql] {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            return statement
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        statements[sql] = statement
        return statement
    }

    /// Counts a commit (any `Database` on this connection).
    func committed() { commits += 1 }

    /// Whether this connection is inside a transaction.
    var inTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Reopens the file at `path` when the database or its WAL this
    /// connection writes to is no longer the file there (removed, renamed,
    /// replaced). Outside transactions only; callers hold `lock`.
    func reopenIfMoved() throws(StoreError) {
        guard !inTransaction else { return }
        if let handle {
            var moved: Int32 = 0
            _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
            let walNow = Self.fileKey(path + "-wal")
            if moved == 0 {
                guard let wal else {
                    self.wal = walNow
                    return
                }
                if walNow == wal { return }
            }
            Log.warning("The decision store “\(RawPath.printable(path))” was moved or its journal removed while Flick had it open; reopening it.")
            closeHandle()
        }
        guard Self.fileKey(path) != nil else {
            throw StoreError(.movedWhileOpen(path: path))
        }
        let reopened = try Self.openHandle(path: path, create: false)
        self.handle = reopened
        let old = key, new = Self.fileKey(path) ?? key
        key = new
        Self.registry.withLock { open in
            open[old] = nil
            open[new] = Weak(connection: self)
        }
        // Read once so the WAL exists, then remember it.
        _ = sqlite3_exec(reopened, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
        wal = Self.fileKey(path + "-wal")
    }
}

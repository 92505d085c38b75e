// FlickStore — Flick's persisted decisions and its file operations.
//
//   Connection      the process's one SQLite connection per store file, reopened if moved
//   Database        statements and transactions on it (with Connection, the only sqlite3 callers)
//   Schema          versioned migrations (PRAGMA user_version)
//   Store           folders, clips, decisions and the append-only action history
//   Store+Sync      reconciles the store with a folder scan (new, removed, renamed)
//   Store+DeferredSync  a sync's rows written after the first card shows, in slices
//   Store+Session   rebuilds a ReviewSession (deck and undo history) after a restart
//   NoFollowDirectory    the reviewed folder held open; lookups that never follow a link
//   FileOperations  checks before a move (identity, links), "Flick Rejected"
//   Trash           the freedesktop Trash, written by Flick (renameat, .trashinfo)
//   Apply           moves decided files, one transaction per file with its decision re-read
//   Export          destination checks, M3U8 playlist, copies and hard links
//
// Threading contract: a `Store` (and its `Database`) belongs to the thread
// that opened it — the main thread in the app, the command's thread in the
// CLI. Stores of one process on one file share its one connection, which
// serializes them (an Apply on its own thread and the window's store).
// Nothing here starts threads or calls back later.
internal import CSQLite
import FlickCore
import Foundation

/// A store failure: what happened, to which file, with the facts a message
/// needs. The app words it (`ErrorText`); `description` is for logs.
public struct StoreError: Error, CustomStringConvertible, Equatable, Sendable {
    public indirect enum Kind: Sendable, Equatable {
        /// A decision on a clip that is no longer in the folder (`applied`:
        /// another Flick moved it out with Apply); nothing was recorded.
        case notInFolder(path: String, applied: Bool)
        /// A decision store Flick will not use; the user may move it aside.
        case untrusted(path: String, why: Untrusted)
        /// Written by a newer Flick (schema `found`, this one reads up to `reads`).
        case newerSchema(path: String, found: Int, reads: Int)
        /// The disk holding the store is full.
        case diskFull(path: String)
        /// The store's folder or file system is read-only (SQLite's words).
        case notWritable(path: String, detail: String)
        /// The disk reported an error (SQLite's words).
        case diskError(path: String, detail: String)
        /// The store file was moved or removed while open.
        case movedWhileOpen(path: String)
        /// A stored clip path that is not inside the folder (tampered store).
        case pathOutsideFolder(path: String, folder: String)
        /// The reviewed folder could not be opened.
        case folder(FileFailure)
        /// A decision that is not the session's last step (`inBatch`: of a batch).
        case notLastStep(position: Int, inBatch: Bool)
        /// SQLite failed during `operation` (prepare, step…; nil: a script).
        case sqlite(path: String, operation: String?, detail: String)
        /// A file (playlist, timeline) could not be written: the errno.
        case cannotWrite(path: String, errno: Int32)
        /// Another Flick changed the store while this one opened `folder`.
        case changedByOther(path: String, folder: String)
        /// A new store could not be created: the errno.
        case cannotCreate(path: String, errno: Int32)
        /// The store's folder could not be created (Foundation's words).
        case cannotCreateDirectory(path: String, detail: String)
        /// No folder is open, so a decision has nowhere to be saved.
        case noFolderOpen
    }

    /// Why a decision store is not trusted.
    public enum Untrusted: Sendable, Equatable {
        case errno(Int32)
        /// SQLite refused it, in SQLite's words.
        case sqlite(String)
        case notRegular
        case empty
        case notSQLite
    }

    public let kind: Kind

    /// The clip whose decision was asked for left the folder through
    /// another Flick (applied) or is gone: nothing was recorded.
    public let movedClipID: Int64?

    public init(_ kind: Kind, movedClipID: Int64? = nil) {
        self.kind = kind
        self.movedClipID = movedClipID
    }

    /// For logs; the app words it for users.
    public var description: String { "StoreError.\(kind)" }

    /// A decision on a clip that is no longer in the folder.
    static func notInFolder(clipID: Int64, path: String, applied: Bool) -> StoreError {
        StoreError(.notInFolder(path: path, applied: applied), movedClipID: clipID)
    }

    /// A decision store Flick will not use, with how to start over.
    static func untrusted(_ path: String, _ why: Untrusted) -> StoreError {
        StoreError(.untrusted(path: path, why: why))
    }
}

/// A value bound to a statement parameter or read from a column.
enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var int64: Int64? { if case .integer(let v) = self { v } else { nil } }
    var double: Double? {
        switch self {
        case .real(let v): v
        case .integer(let v): Double(v)
        default: nil
        }
    }
    var string: String? { if case .text(let v) = self { v } else { nil } }
}

/// The row a query has just stepped to, read column by column (valid only
/// inside `Database.forEachRow`'s body).
struct SQLRow {
    fileprivate let statement: OpaquePointer
    /// How many columns the query returns.
    let count: Int

    func value(_ column: Int) -> SQLValue {
        let index = Int32(column)
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return string(column).map(SQLValue.text) ?? .null
        default: return .null
        }
    }

    /// The column as an integer, or nil when it holds anything else.
    func int64(_ column: Int) -> Int64? {
        let index = Int32(column)
        return sqlite3_column_type(statement, index) == SQLITE_INTEGER ? sqlite3_column_int64(statement, index) : nil
    }

    /// The column as a number (an integer widened), or nil when it holds anything else.
    func double(_ column: Int) -> Double? {
        let index = Int32(column)
        switch sqlite3_column_type(statement, index) {
        case SQLITE_FLOAT: return sqlite3_column_double(statement, index)
        case SQLITE_INTEGER: return Double(sqlite3_column_int64(statement, index))
        default: return nil
        }
    }

    /// Calls `body` with the column's text as the bytes `string(_:)` reads
    /// (up to its first NUL), without making a String; nil when the
    /// column holds anything else.
    func withText<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        let index = Int32(column)
        guard sqlite3_column_type(statement, index) == SQLITE_TEXT, let text = sqlite3_column_text(statement, index) else { return nil }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index)))
        return body(UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)]))
    }

    /// The column as a text, or nil when it holds anything else.
    func string(_ column: Int) -> String? {
        let index = Int32(column)
        guard sqlite3_column_type(statement, index) == SQLITE_TEXT, let text = sqlite3_column_text(statement, index) else { return nil }
        return String(cString: text)
    }
}

protocol SQLBindable { var sqlValue: SQLValue { get } }
extension Int: SQLBindable { var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { var sqlValue: SQLValue { .integer(self) } }
extension UInt64: SQLBindable { var sqlValue: SQLValue { .integer(Int64(bitPattern: self)) } }
extension Double: SQLBindable { var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// A view of the process's one SQLite connection to a store file (see
/// `Connection`). WAL journal with `synchronous=FULL`: a committed
/// transaction is on disk when `commit` returns.
///
/// Every call holds the connection's lock; `transaction` holds it from
/// `BEGIN` to `COMMIT`, so two `Database`s of one process (the window's and
/// an Apply's on its own thread) take turns without a second connection.
final class Database {
    private let connection: Connection
    let path: String
    /// Work that must reach the database before any other statement runs
    /// (a sync's deferred rows); it removes itself when done.
    var pending: (() throws(StoreError) -> Void)?
    /// Set while `pending` runs, or is held back for reads it cannot change.
    private var holding = false
    /// Commits made through this view (see `foreignCommits`).
    private var ownCommits: Int64 = 0

    /// Opens the database at `path` (the process's connection to it when it
    /// has one). `create` makes a new file (the store builds a new database
    /// under a temporary name, so a half-made one is never found under the
    /// real name). `check` runs before a file this process does not have
    /// open yet is opened.
    init(path: String, create: Bool = false, check: () throws(StoreError) -> Void = {}) throws(StoreError) {
        self.path = path
        connection = try Connection.shared(path: path, create: create, check: check)
    }

    private var handle: OpaquePointer? { connection.handle }

    private var errorMessage: String { connection.errorMessage }

    /// Commits other views of this connection made (they do not change
    /// SQLite's `data_version`, which counts other connections' commits).
    var foreignCommits: Int64 {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        return connection.commits - ownCommits
    }

    private func failure(_ what: String) -> StoreError {
        StoreError(.sqlite(path: path, operation: what, detail: errorMessage))
    }

    /// Runs `pending` first, unless it is already running or held back.
    private func settle() throws(StoreError) {
        guard let pending, !holding else { return }
        holding = true
        defer { holding = false }
        try pending()
    }

    /// Runs `body` before `pending`: for `pending` itself, and for reads it
    /// cannot change (it writes clip rows only).
    func holdingPending<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let was = holding
        holding = true
        defer { holding = was }
        return try body()
    }

    /// Runs SQL without results (several statements allowed).
    func execute(_ sql: String) throws(StoreError) {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        try settle()
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? errorMessage
            sqlite3_free(message)
            throw StoreError(.sqlite(path: path, operation: nil, detail: reason))
        }
    }

    private func prepared(_ sql: String) throws(StoreError) -> OpaquePointer {
        guard let statement = connection.prepared(sql) else { throw failure("prepare") }
        return statement
    }

    private func bind(_ values: [SQLBindable], to statement: OpaquePointer) throws(StoreError) {
        for (index, value) in values.enumerated() {
            let slot = Int32(index + 1)
            let code: Int32
            switch value.sqlValue {
            case .null: code = sqlite3_bind_null(statement, slot)
            case .integer(let v): code = sqlite3_bind_int64(statement, slot, v)
            case .real(let v): code = sqlite3_bind_double(statement, slot, v)
            case .text(let v): code = sqlite3_bind_text(statement, slot, v, -1, flick_sqlite_transient())
            }
            guard code == SQLITE_OK else { throw failure("bind") }
        }
    }

    /// Runs one statement; returns the last inserted row id.
    @discardableResult
    func run(_ sql: String, _ values: SQLBindable...) throws(StoreError) -> Int64 {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        try settle()
        let statement = try prepared(sql)
        try bind(values, to: statement)
        defer { sqlite3_reset(statement) }
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW { code = sqlite3_step(statement) }
        guard code == SQLITE_DONE else { throw failure("write") }
        return sqlite3_last_insert_rowid(handle)
    }

    /// Rows the last statement changed.
    var changes: Int {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        return handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// Runs a query; each row is an array of column values.
    func rows(_ sql: String, _ values: SQLBindable...) throws(StoreError) -> [[SQLValue]] {
        var result: [[SQLValue]] = []
        try forEachRow(sql, values) { row in
            result.append((0..<row.count).map(row.value))
        }
        return result
    }

    /// Runs a query and hands `body` each row as it is read, with no
    /// arrays built per row (a sync reads 100,000 rows this way).
    func forEachRow(_ sql: String, _ values: SQLBindable..., body: (SQLRow) -> Void) throws(StoreError) {
        try forEachRow(sql, values, body: body)
    }

    private func forEachRow(_ sql: String, _ values: [SQLBindable], body: (SQLRow) -> Void) throws(StoreError) {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        try settle()
        let statement = try prepared(sql)
        try bind(values, to: statement)
        defer { sqlite3_reset(statement) }
        let row = SQLRow(statement: statement, count: Int(sqlite3_column_count(statement)))
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw failure("read") }
            body(row)
        }
    }

    /// Runs `body` in one transaction, committed (on disk) when this returns.
    /// A database file or WAL removed or replaced under the connection is
    /// reopened first (never a write into a deleted file).
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        try connection.reopenIfMoved()
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            connection.committed()
            ownCommits += 1
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// "ok" when the database file is sound.
    func integrityCheck() throws(StoreError) -> String {
        try rows("PRAGMA integrity_check").first?.first?.string ?? "no answer"
    }
}

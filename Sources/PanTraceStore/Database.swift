import CSQLite
import PanTraceModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One SQLite connection, through the raw C API.
///
/// A `Database` is used by one thread at a time (it is opened with
/// `SQLITE_OPEN_NOMUTEX`); open one per thread or process to write
/// concurrently: `busy_timeout` makes the writers wait for each other.
final class Database {
    /// How a connection opens its file.
    enum Access {
        /// `SQLITE_OPEN_READONLY`.
        case readOnly
        /// `SQLITE_OPEN_READWRITE` without `SQLITE_OPEN_CREATE`: the file must exist.
        case readWrite
        /// `SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE`.
        case readWriteCreate
        /// SQLite's `immutable=1`: read-only, without locks, and without a
        /// `-wal` or `-shm` created beside the file (``Store`` uses it for a
        /// file it cannot write that has no `-wal`: docs/safety.md).
        case immutable
    }

    /// The connection handle (`sqlite3*`), valid until ``close()`` or `deinit`.
    let handle: OpaquePointer
    /// The path the connection was opened with.
    let path: String
    /// Set by ``close()``.
    private(set) var isClosed = false
    /// The total time ``beginImmediate()`` waits for other writers (``setBusyTimeout(milliseconds:)``).
    private(set) var busyTimeoutMilliseconds: Int32 = 0

    /// Opens a connection with `sqlite3_open_v2`.
    ///
    /// - Parameters:
    ///   - path: a file path; `:memory:` for a private in-memory database.
    ///   - readOnly: open with `SQLITE_OPEN_READONLY` instead of read-write-create.
    /// - Throws: ``SQLiteError`` (typically `SQLITE_CANTOPEN`).
    convenience init(path: String, readOnly: Bool = false) throws {
        try self.init(path: path, access: readOnly ? .readOnly : .readWriteCreate)
    }

    /// Opens a connection with `sqlite3_open_v2` and the flags of `access`.
    ///
    /// `path` is a path, whatever it spells: SQLite's URIs (`file:x.db?mode=memory`)
    /// and its names for throwaway databases (`:memory:`, the empty string)
    /// never apply (docs/safety.md), because SQLite is given `./` before a
    /// relative path, or a URI that it decodes back to exactly `path`.
    /// A relative `path` is in the task's folder (`FileContext`); the connection keeps `path` as given, for messages.
    convenience init(path: String, access: Access) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let file = FileContext.location(of: path)
        var fileName = Database.fileName(for: file)
        switch access {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            fileName = Database.uri(for: file) + "?immutable=1"
        }
        try self.init(fileName: fileName, flags: flags, path: path)
    }

    /// A private, empty in-memory database (the reference schema of ``SchemaCheck``).
    convenience init(inMemory: Void) throws {
        try self.init(fileName: ":memory:", flags: SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READWRITE, path: ":memory:")
    }

    /// A private in-memory database holding a copy of `source`'s main
    /// database as it is now (SQLite's online backup: every committed
    /// transaction, its write-ahead log included). Named `source`'s path, for messages.
    convenience init(copyOf source: Database) throws {
        try self.init(fileName: ":memory:", flags: SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READWRITE, path: source.path)
        guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
            let error = SQLiteError(code: sqlite3_errcode(handle), connection: handle)
            close()
            throw error
        }
        // One step of every page: one read transaction, so one snapshot of the file.
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            let code = stepped == SQLITE_DONE ? finished : stepped
            let error = SQLiteError(code: code, connection: source.handle)
            close()
            throw error
        }
    }

    private init(fileName: String, flags: Int32, path: String) throws {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(fileName, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection)
            // SQLite allocates a handle even when opening fails.
            sqlite3_close_v2(connection)
            throw error
        }
        self.handle = connection
        self.path = path
    }

    deinit {
        close()
    }

    /// What SQLite must be given to open the file `path` and nothing else:
    /// an absolute path as it is, a relative one after `./` (then it cannot
    /// begin with `file:` or be `:memory:`, and the empty path is `./`, a
    /// folder, which fails to open).
    static func fileName(for path: String) -> String {
        path.hasPrefix("/") ? path : "./" + path
    }

    /// A `file:` URI whose path SQLite decodes back to exactly `path`: every
    /// byte but letters, digits, `-._~` and `/` percent-encoded (so `?`, `#`
    /// and `%` in a name are the name's), and never `file://` (an authority).
    static func uri(for path: String) -> String {
        var text = "file:"
        let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        let digits = Array("0123456789ABCDEF".utf8)
        let name = Array(fileName(for: path).utf8)
        for (index, byte) in name.enumerated() {
            // `//` at the start would be read as an authority.
            if plain.contains(byte), !(index == 1 && byte == UInt8(ascii: "/") && name[0] == UInt8(ascii: "/")) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return text
    }

    /// Closes the connection (when the last of its statements is finalized); nothing may use it afterwards.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        sqlite3_close_v2(handle)
    }

    /// Executes one or more SQL statements separated by semicolons (`sqlite3_exec`).
    func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) }
            sqlite3_free(errorMessage)
            var error = SQLiteError(code: code, connection: handle, sql: sql)
            if let message { error.message = message }
            throw error
        }
    }

    /// Compiles one statement.
    ///
    /// - Parameter persistent: hint that the statement is kept and reused many times.
    func prepare(_ sql: String, persistent: Bool = false) throws -> Statement {
        try Statement(database: self, sql: sql, persistent: persistent)
    }

    /// Runs a query and returns the first column of its first row as an integer (0 when no row).
    func integer(_ sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// The id for a new row of `table` (`trace`, `run` or `result`): one more
    /// than both its largest id and the largest id it ever had
    /// (`id_high_water`, kept by schema.sql's delete triggers), so that the id
    /// of a deleted row never comes back. Call it holding the write lock.
    func nextID(of table: String) throws -> Int64 {
        let statement = try prepare(
            """
            SELECT max(coalesce((SELECT max(id) FROM \(table)), 0),
                       coalesce((SELECT id FROM id_high_water WHERE tbl = ?), 0))
            """)
        try statement.bind(table, at: 1)
        let largest = try statement.step() ? statement.int64(at: 0) : 0
        guard largest < Int64.max else {
            throw SQLiteError(code: SQLITE_FULL, message: "no \(table) id left after \(largest)")
        }
        return largest + 1
    }

    /// The rowid of the most recent successful `INSERT`.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent `INSERT`, `UPDATE` or `DELETE`.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// True outside an explicit transaction.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// True when the main database was opened read-only (or the file is not writable).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Sets `busy_timeout`: how long a statement waits for another connection's lock,
    /// and the total that ``beginImmediate()`` waits.
    func setBusyTimeout(milliseconds: Int32) throws {
        let code = sqlite3_busy_timeout(handle, milliseconds)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
        busyTimeoutMilliseconds = milliseconds
    }

    /// Starts a write transaction with `BEGIN IMMEDIATE`, retrying while the database is busy.
    ///
    /// `busy_timeout` already waits inside SQLite; the retries cover the cases
    /// where SQLite returns `SQLITE_BUSY` without calling the busy handler.
    /// Together they wait at most the busy timeout (plus one short pause):
    /// then `SQLITE_BUSY` is thrown.
    func beginImmediate() throws {
        try retryingWhileBusy { try execute("BEGIN IMMEDIATE") }
    }

    /// Runs `body` again while it throws `SQLITE_BUSY`, for at most the busy timeout in all.
    func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        let deadline = Database.milliseconds() + Int64(busyTimeoutMilliseconds)
        var attempt = 0
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY {
                let left = deadline - Database.milliseconds()
                guard left > 0 else { throw error }
                attempt += 1
                sqlite3_sleep(Int32(min(Int64(min(10 * attempt, 200)), left)))
            }
        }
    }

    /// A monotonic clock, in milliseconds.
    private static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Commits the current transaction.
    func commit() throws {
        try execute("COMMIT")
    }

    /// Rolls the current transaction back; does nothing outside a transaction.
    func rollback() {
        guard !isAutocommit else { return }
        // A failed ROLLBACK leaves nothing to do: SQLite rolls back on close.
        _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back when it throws.
    func inWriteTransaction<T>(_ body: () throws -> T) throws -> T {
        try beginImmediate()
        do {
            let value = try body()
            try commit()
            return value
        } catch {
            rollback()
            throw error
        }
    }
}

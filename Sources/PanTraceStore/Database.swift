import CSQLite

/// One SQLite connection, through the raw C API.
///
/// A `Database` is used by one thread at a time (it is opened with
/// `SQLITE_OPEN_NOMUTEX`); open one per thread or process to write
/// concurrently: `busy_timeout` makes the writers wait for each other.
final class Database {
    /// The connection handle (`sqlite3*`), valid until `deinit`.
    let handle: OpaquePointer
    /// The path the connection was opened with.
    let path: String

    /// Opens a connection with `sqlite3_open_v2`.
    ///
    /// - Parameters:
    ///   - path: a file path; `:memory:` for a private in-memory database.
    ///   - readOnly: open with `SQLITE_OPEN_READONLY` instead of read-write-create.
    /// - Throws: ``SQLiteError`` (typically `SQLITE_CANTOPEN`).
    init(path: String, readOnly: Bool = false) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
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

    /// The rowid of the most recent successful `INSERT`.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent `INSERT`, `UPDATE` or `DELETE`.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// True outside an explicit transaction.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// True when the main database was opened read-only (or the file is not writable).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Sets `busy_timeout`: how long a statement waits for another connection's lock.
    func setBusyTimeout(milliseconds: Int32) throws {
        let code = sqlite3_busy_timeout(handle, milliseconds)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
    }

    /// Starts a write transaction with `BEGIN IMMEDIATE`, retrying while the database is busy.
    ///
    /// `busy_timeout` already waits inside SQLite; the retries cover the cases
    /// where SQLite returns `SQLITE_BUSY` without calling the busy handler.
    func beginImmediate(attempts: Int = 20) throws {
        var attempt = 0
        while true {
            do {
                try execute("BEGIN IMMEDIATE")
                return
            } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY && attempt + 1 < attempts {
                attempt += 1
                sqlite3_sleep(Int32(min(50 * attempt, 500)))
            }
        }
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

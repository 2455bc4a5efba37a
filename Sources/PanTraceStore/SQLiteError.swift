import CSQLite

/// A failed SQLite call: the result code, SQLite's message and the SQL.
///
/// Every non-OK result code of the C API becomes one of these. The public
/// ``Store`` API wraps it in ``StoreError/sqlite(_:)`` (or a more specific
/// ``StoreError`` case, such as ``StoreError/readOnly(path:)``).
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The (possibly extended) result code, e.g. `SQLITE_CONSTRAINT` (19).
    public var code: Int32
    /// SQLite's message (`sqlite3_errmsg`) or a description of the failure.
    public var message: String
    /// The statement that failed, when there is one.
    public var sql: String?
    /// The `errno` of the system call that failed under an I/O error
    /// (`sqlite3_system_errno`), 0 when unknown: ENOSPC, EFBIG …
    public var systemErrno: Int32 = 0

    /// Creates an error from its parts.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// Creates an error from the connection's last message.
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(code) {
            message = String(cString: text)
        } else {
            message = "SQLite error \(code)"
        }
        self.init(code: code, message: message, sql: sql)
        if let connection { systemErrno = sqlite3_system_errno(connection) }
    }

    /// The primary result code (`code & 0xFF`), e.g. `SQLITE_BUSY` for `SQLITE_BUSY_SNAPSHOT`.
    public var primaryCode: Int32 { code & 0xFF }

    /// `SQLite error CODE: MESSAGE (in SQL)`.
    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in \(sql.prefix(200)))" }
        return text
    }
}

import CSQLite
import Foundation

/// What the tests ask of a database file, in-process: typed rows and a
/// `.dump` of its content, through the same SQLite library the `sqlite3`
/// shell links (`/usr/bin/sqlite3` uses the system `libsqlite3`), on a
/// connection of its own with the shell's defaults (read-write, foreign keys
/// off, no busy timeout), closed at once, so that a WAL is checkpointed and
/// removed as when the shell exits. The pantrace code under test is not
/// involved. A spawned shell cost ~10 ms of CPU a query, and the tests ask
/// several hundred.
public enum SQLiteShell {
    /// A statement SQLite refused, with its message.
    public struct SQLError: Error, CustomStringConvertible {
        public var sql: String
        public var message: String
        public var description: String { "\(message) in \(sql)" }
    }

    /// Every row of every statement of `sql`, each value with its storage
    /// class; an error throws ``SQLError`` with SQLite's message.
    public static func rows(_ path: String, _ sql: String) throws(SQLError) -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        var failure: String?
        withConnection(path) { connection in
            forEachRow(connection, sql, error: &failure) { statement, columns in
                rows.append((0..<columns).map { typed(statement, $0) })
            }
        } failed: { failure = $0 }
        if let failure { throw SQLError(sql: sql, message: failure) }
        return rows
    }

    /// One value with its storage class.
    private static func typed(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .int(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        }
    }

    /// The whole logical content of the database, as `.dump` shows it: the
    /// schema, then every row of every table in storage order with its
    /// values' types, and the header's `user_version` and `application_id`.
    /// Read through a connection, so it includes what a WAL holds. A file
    /// that is no database gives its error. With `table`, as `.dump TABLE`:
    /// that table's schema (and its indexes and triggers) and rows only.
    public static func dump(_ path: String, table: String? = nil) -> String {
        var parts: [String] = []
        withConnection(path) { connection in
            var error: String?
            var tables: [String] = []
            let only = table.map { " WHERE tbl_name = '\($0.replacingOccurrences(of: "'", with: "''"))'" } ?? ""
            forEachRow(connection, "SELECT type, name, tbl_name, sql FROM sqlite_schema\(only) ORDER BY type, name", error: &error) {
                statement, _ in
                let row = (0..<4).map { sqlite3_column_text(statement, $0).map { String(cString: $0) } ?? "NULL" }
                parts.append(row.joined(separator: "|"))
                if row[0] == "table" { tables.append(row[1]) }
            }
            for pragma in ["user_version", "application_id"] where table == nil {
                forEachRow(connection, "PRAGMA \(pragma)", error: &error) { statement, _ in
                    parts.append("\(pragma)=\(sqlite3_column_int64(statement, 0))")
                }
            }
            for table in tables {
                parts.append("TABLE \(table)")
                let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                forEachRow(connection, "SELECT * FROM \(quoted)", error: &error) { statement, columns in
                    parts.append((0..<columns).map { value(statement, $0) }.joined(separator: ","))
                }
            }
            if let error { parts.append("Error: \(error)") }
        } failed: { parts.append("Error: \($0)") }
        return parts.joined(separator: "\n")
    }

    /// One value as SQL's `quote()` writes it: its type shows.
    private static func value(_ statement: OpaquePointer, _ column: Int32) -> String {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return "NULL"
        case SQLITE_INTEGER: return String(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return String(sqlite3_column_double(statement, column).bitPattern, radix: 16) + "r"
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return "X''" }
            return "X'" + Data(bytes: bytes, count: count).base64EncodedString() + "'"
        default:
            let text = sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
    }

    /// Opens `path` read-write (creating it, as the shell does when it writes), runs `body`, closes.
    private static func withConnection(_ path: String, _ body: (OpaquePointer) -> Void, failed: (String) -> Void) {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        defer { sqlite3_close_v2(connection) }
        guard code == SQLITE_OK, let connection else {
            failed(connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path) (\(code))")
            return
        }
        body(connection)
    }

    /// Prepares and steps every statement of `sql`, calling `row` for each row;
    /// stops at the first error, which it leaves in `error`.
    private static func forEachRow(
        _ connection: OpaquePointer, _ sql: String, error: inout String?, _ row: (OpaquePointer, Int32) -> Void
    ) {
        guard error == nil else { return }
        let bytes = Array(sql.utf8CString)
        bytes.withUnsafeBufferPointer { buffer in
            guard var rest = buffer.baseAddress else { return }
            while rest.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                guard sqlite3_prepare_v2(connection, rest, -1, &statement, &tail) == SQLITE_OK else {
                    error = String(cString: sqlite3_errmsg(connection))
                    return
                }
                defer { sqlite3_finalize(statement) }
                guard let tail else { return }
                rest = tail
                // Whitespace or a comment after the last `;` prepares to nothing.
                guard let statement else { continue }
                let columns = sqlite3_column_count(statement)
                while true {
                    let step = sqlite3_step(statement)
                    if step == SQLITE_ROW {
                        row(statement, columns)
                    } else if step == SQLITE_DONE {
                        break
                    } else {
                        error = String(cString: sqlite3_errmsg(connection))
                        return
                    }
                }
            }
        }
    }
}

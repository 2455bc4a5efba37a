import CSQLite

/// One compiled SQL statement (`sqlite3_stmt`), finalized in `deinit`.
///
/// Prepare a statement once and reuse it for every row: bind, ``step()``,
/// ``reset()``. Parameter and column indexes follow SQLite: parameters from
/// 1, columns from 0.
final class Statement {
    let handle: OpaquePointer
    /// Keeps the connection open while the statement lives.
    let database: Database
    /// The statement's SQL, for error messages.
    let sql: String
    /// What a column reader keeps from row to row of this statement (the
    /// detents last decoded, ``Swift/Array/init(column:of:)``); `nil` until one does.
    var columnMemo: AnyObject?

    init(database: Database, sql: String, persistent: Bool) throws {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(database.handle, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(
                code: code == SQLITE_OK ? SQLITE_MISUSE : code,
                connection: database.handle, sql: sql)
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    @inline(__always)
    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, connection: database.handle, sql: sql)
        }
    }

    // MARK: Binding

    /// Binds a double to parameter `index` (1-based).
    @inline(__always)
    func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds a 64-bit integer to parameter `index`.
    @inline(__always)
    func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds an integer to parameter `index`.
    @inline(__always)
    func bind(_ value: Int, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    /// Binds a Boolean as 0 or 1.
    @inline(__always)
    func bind(_ value: Bool, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value ? 1 : 0))
    }

    /// Binds text, or NULL for `nil`.
    ///
    /// Bound by its UTF-8 bytes and their explicit length, so that a NUL
    /// inside the text is stored, not a cut. A native Swift string is passed
    /// to SQLite without an intermediate copy; SQLite copies it
    /// (`SQLITE_TRANSIENT`) into the statement's own buffer, which it reuses
    /// from row to row.
    func bind(_ value: String?, at index: Int32) throws {
        guard var value else { return try bindNull(at: index) }
        let code = value.withUTF8 { bytes in
            // An empty buffer may have no address, and a NULL pointer would bind NULL.
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, pantrace_sqlite_transient())
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
                sqlite3_bind_text(handle, index, text, Int32(truncatingIfNeeded: bytes.count), pantrace_sqlite_transient())
            }
        }
        try check(code)
    }

    /// Binds `count` bytes at `text` as TEXT without copying them (`SQLITE_STATIC`): they must outlive the statement.
    @inline(__always)
    func bind(staticText text: UnsafePointer<UInt8>, count: Int, at index: Int32) throws {
        let code = text.withMemoryRebound(to: CChar.self, capacity: count) { text in
            sqlite3_bind_text(handle, index, text, Int32(truncatingIfNeeded: count), pantrace_sqlite_static())
        }
        try check(code)
    }

    /// Binds `bytes` as a BLOB without copying them (`SQLITE_STATIC`).
    ///
    /// The bytes must stay valid and unchanged until the statement has been
    /// stepped and reset, or bound again: bind and ``execute()`` inside the
    /// closure that lends the buffer.
    func bind(staticBlob bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        // A NULL pointer would bind NULL, not an empty blob.
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return try check(sqlite3_bind_zeroblob(handle, index, 0)) }
        try check(sqlite3_bind_blob(handle, index, start, Int32(truncatingIfNeeded: bytes.count), pantrace_sqlite_static()))
    }

    /// Binds NULL to parameter `index`.
    @inline(__always)
    func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(handle, index))
    }

    // MARK: Stepping

    /// Advances the statement: true when a row is available, false when done.
    @discardableResult
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            throw SQLiteError(code: code, connection: database.handle, sql: sql)
        }
    }

    /// Runs a statement that returns no rows to completion and resets it for reuse.
    func execute() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Resets the statement to run again; the bindings are kept.
    func reset() throws {
        try check(sqlite3_reset(handle))
    }

    // MARK: Columns

    /// True when column `index` (0-based) of the current row is NULL.
    func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as a double.
    func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` as a double, `nil` when NULL.
    func optionalDouble(at index: Int32) -> Double? {
        isNull(at: index) ? nil : double(at: index)
    }

    /// Column `index` as a 64-bit integer.
    func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` as an integer.
    func int(at index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    /// Column `index` as an integer, `nil` when NULL.
    func optionalInt(at index: Int32) -> Int? {
        isNull(at: index) ? nil : int(at: index)
    }

    /// The bytes of column `index` read as a BLOB, `nil` when NULL.
    ///
    /// The bytes belong to SQLite: valid until the statement steps, is reset or is finalized.
    func blob(at index: Int32) -> UnsafeRawBufferPointer? {
        // No pointer: NULL, or an empty BLOB.
        guard let bytes = sqlite3_column_blob(handle, index) else {
            return isNull(at: index) ? nil : UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Column `index`'s text as UTF-8 bytes, valid until the next step or reset; empty when NULL.
    func bytes(at index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Column `index` as text, `nil` when NULL.
    func string(at index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` as a stored word, compared byte by byte (no `String`); `nil` when NULL.
    ///
    /// - Throws: ``SQLiteError`` with
    ///   `SQLITE_CORRUPT` for a word the enumeration does not know (the CHECK
    ///   constraints prevent it: the file was damaged or edited around them).
    @inline(__always)
    func word<Word: StoredWord>(_ type: Word.Type, at index: Int32) throws -> Word? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let word = Word.wordTable.matching(text, count: count) else { throw unexpectedWord(at: index) }
        return word
    }

    /// Column `index` as a double, which must be stored as a number (NULL reads as 0).
    ///
    /// - Throws: ``SQLiteError`` with `SQLITE_CORRUPT` for text or a BLOB
    ///   (`UPDATE sample SET x = 'abc'` passes the REAL column's affinity as
    ///   text, which `sqlite3_column_double` would read as 0).
    @inline(__always)
    func number(at index: Int32) throws -> Double {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_FLOAT, SQLITE_INTEGER, SQLITE_NULL: return sqlite3_column_double(handle, index)
        default: throw notANumber(at: index)
        }
    }

    /// Column `index` as an integer, which must be stored as an integer or a whole REAL (NULL reads as 0).
    ///
    /// - Throws: ``SQLiteError`` with `SQLITE_CORRUPT` for text, a BLOB or a fraction.
    @inline(__always)
    func wholeNumber(at index: Int32) throws -> Int64 {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER, SQLITE_NULL: return sqlite3_column_int64(handle, index)
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(handle, index)
            guard let whole = Int64(exactly: value) else { throw notANumber(at: index) }
            return whole
        default: throw notANumber(at: index)
        }
    }

    private func notANumber(at index: Int32) -> SQLiteError {
        let text = "'\(string(at: index) ?? "")'"
        let column = sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "\(index)"
        return SQLiteError(code: SQLITE_CORRUPT, message: "column \(column) holds \(text), not a number", sql: sql)
    }

    private func unexpectedWord(at index: Int32) -> SQLiteError {
        let text = string(at: index) ?? ""
        let column = sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "\(index)"
        return SQLiteError(code: SQLITE_CORRUPT, message: "unexpected value '\(text)' in column \(column)", sql: sql)
    }
}

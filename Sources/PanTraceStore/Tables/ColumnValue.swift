import CSQLite

/// A Swift value stored in one SQLite column: how it is bound and how it is read.
protocol ColumnValue {
    /// Binds the value to parameter `index` (1-based) of `statement`.
    func bind(to statement: Statement, at index: Int32) throws
    /// Reads column `index` (0-based) of the current row of `statement`.
    init(column index: Int32, of statement: Statement) throws
    /// Reads column `index`, `nil` when NULL (``Optional`` reads through this).
    static func readOptional(column index: Int32, of statement: Statement) throws -> Self?
    /// The words a CHECK constraint allows in the column, for an enumeration; `nil` otherwise.
    static var storedWords: [String]? { get }
}

extension ColumnValue {
    @inline(__always)
    static func readOptional(column index: Int32, of statement: Statement) throws -> Self? {
        statement.isNull(at: index) ? nil : try Self(column: index, of: statement)
    }

    static var storedWords: [String]? { nil }
}

extension Int64: ColumnValue {
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
    @inline(__always)
    init(column index: Int32, of statement: Statement) { self = statement.int64(at: index) }
}

extension Int: ColumnValue {
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
    @inline(__always)
    init(column index: Int32, of statement: Statement) throws { self = Int(try statement.wholeNumber(at: index)) }
}

extension Double: ColumnValue {
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
    @inline(__always)
    init(column index: Int32, of statement: Statement) throws { self = try statement.number(at: index) }
}

/// 0 or 1 (`CHECK (column IN (0, 1))` in schema.sql).
extension Bool: ColumnValue {
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
    @inline(__always)
    init(column index: Int32, of statement: Statement) { self = statement.int64(at: index) != 0 }
}

/// Text; a NULL column reads as the empty string (the columns read so are `NOT NULL`).
extension String: ColumnValue {
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
    @inline(__always)
    init(column index: Int32, of statement: Statement) { self = statement.string(at: index) ?? "" }
    /// One call: `sqlite3_column_text` is NULL for NULL.
    @inline(__always)
    static func readOptional(column index: Int32, of statement: Statement) -> String? { statement.string(at: index) }
}

/// NULL for `nil`.
extension Optional: ColumnValue where Wrapped: ColumnValue {
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws {
        guard let self else { return try statement.bindNull(at: index) }
        try self.bind(to: statement, at: index)
    }

    @inline(__always)
    init(column index: Int32, of statement: Statement) throws {
        self = try Wrapped.readOptional(column: index, of: statement)
    }

    static var storedWords: [String]? { Wrapped.storedWords }
}

/// A BLOB column whose bytes are not copied: bound with `SQLITE_STATIC`, read as SQLite's own buffer.
///
/// Written, the bytes must stay valid until the statement has been executed;
/// read, they are valid until the statement steps or is reset. `nil` is NULL.
struct BorrowedBlob: ColumnValue {
    var bytes: UnsafeRawBufferPointer?

    init(_ bytes: UnsafeRawBufferPointer?) {
        self.bytes = bytes
    }

    func bind(to statement: Statement, at index: Int32) throws {
        guard let bytes else { return try statement.bindNull(at: index) }
        try statement.bind(staticBlob: bytes, at: index)
    }

    init(column index: Int32, of statement: Statement) {
        bytes = statement.blob(at: index)
    }
}

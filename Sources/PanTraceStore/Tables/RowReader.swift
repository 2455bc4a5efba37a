/// Reads a description's columns, generated ones included, from consecutive columns of the current row.
struct RowReader: ColumnVisitor {
    let statement: Statement
    /// The next column to read (0-based).
    var column: Int32

    init(_ statement: Statement, from column: Int32 = 0) {
        self.statement = statement
        self.column = column
    }

    @inline(__always)
    mutating func visit<Value: ColumnValue>(_ name: StaticString, _ value: inout Value, _ role: ColumnRole) throws {
        value = try Value(column: column, of: statement)
        column += 1
    }

    /// The value of the next column.
    @inline(__always)
    mutating func next<Value: ColumnValue>(_ type: Value.Type = Value.self) throws -> Value {
        defer { column += 1 }
        return try Value(column: column, of: statement)
    }
}

/// Binds a description's written columns to consecutive parameters of a statement.
struct RowBinder: ColumnVisitor {
    let statement: Statement
    /// The next parameter to bind (1-based).
    var parameter: Int32

    init(_ statement: Statement, from parameter: Int32 = 1) {
        self.statement = statement
        self.parameter = parameter
    }

    @inline(__always)
    mutating func visit<Value: ColumnValue>(_ name: StaticString, _ value: inout Value, _ role: ColumnRole) throws {
        guard role == .written else { return }
        try value.bind(to: statement, at: parameter)
        parameter += 1
    }
}

/// `INSERT INTO table (columns) VALUES (…), (…), …`: up to ``maximumRows`` rows of `Row` per execution.
///
/// Every execution of a statement costs SQLite a fixed amount (opening its
/// cursors, the statement transaction, closing them); inserting the samples
/// of a trace 16 at a time instead of one at a time saves about a fifth of
/// the work per row (docs/performance.md). The statement for each row count
/// is prepared on first use and kept; its SQL and bindings come from
/// `Row`'s description (``TableRow``).
final class MultiRowInsert<Row: TableRow> {
    /// The most rows one execution inserts.
    let maximumRows: Int
    private let database: Database
    private let prefix: String
    private let row: String
    private var statements: [Statement?]

    init(_ database: Database, maximumRows: Int = 16) {
        self.database = database
        self.maximumRows = max(1, maximumRows)
        let columns = Row.columnNames(includingGenerated: false)
        prefix = "INSERT INTO \(Row.table) (\(columns.joined(separator: ", "))) VALUES "
        row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        statements = Array(repeating: nil, count: self.maximumRows + 1)
    }

    /// The statement inserting exactly `rows` rows (1 ... ``maximumRows``); parameters are numbered row after row.
    func statement(rows: Int) throws -> Statement {
        if let statement = statements[rows] { return statement }
        let sql = prefix + Array(repeating: row, count: rows).joined(separator: ", ")
        let statement = try database.prepare(sql, persistent: true)
        statements[rows] = statement
        return statement
    }

    /// Inserts `count` rows, up to ``maximumRows`` per execution; `row` gives row `index` of them.
    @inline(__always)
    func insert(count: Int, _ row: (_ index: Int) throws -> Row) throws {
        var start = 0
        while start < count {
            let rows = min(maximumRows, count - start)
            let statement = try statement(rows: rows)
            var binder = RowBinder(statement)
            for index in start..<start + rows {
                try row(index).bind(&binder)
            }
            try statement.execute()
            start += rows
        }
    }
}

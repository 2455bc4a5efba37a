/// `INSERT INTO table (columns) VALUES (…), (…), …`: up to ``maximumRows`` rows of `Row` per execution.
///
/// Every execution of a statement costs SQLite a fixed amount (opening its
/// cursors, the statement transaction, closing them); inserting the samples
/// of a trace 16 at a time instead of one at a time saves about a fifth of
/// the work per row (docs/performance.md). The statement for each row count
/// is prepared on first use and kept; its SQL and bindings come from
/// `Row`'s description (``TableRow``).
///
/// A struct over a non-generic class: a generic class's metadata would be
/// built at run time from its mangled name, with a search of every protocol
/// conformance of the program (docs/performance.md).
struct MultiRowInsert<Row: TableRow> {
    private let statements: InsertStatements

    /// The most rows one execution inserts.
    var maximumRows: Int { statements.maximumRows }

    init(_ database: Database, maximumRows: Int = 16) {
        statements = InsertStatements(
            database, table: Row.table, columns: Row.columnNames(includingGenerated: false), maximumRows: maximumRows)
    }

    /// The statement inserting exactly `rows` rows (1 ... ``maximumRows``); parameters are numbered row after row.
    func statement(rows: Int) throws -> Statement {
        try statements.statement(rows: rows)
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

/// The prepared statements of a ``MultiRowInsert``, one per row count, prepared on first use.
final class InsertStatements {
    let maximumRows: Int
    private let database: Database
    private let prefix: String
    private let row: String
    private var statements: [Statement?]

    init(_ database: Database, table: String, columns: [String], maximumRows: Int) {
        self.database = database
        self.maximumRows = max(1, maximumRows)
        prefix = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        statements = Array(repeating: nil, count: self.maximumRows + 1)
    }

    /// The statement inserting exactly `rows` rows.
    func statement(rows: Int) throws -> Statement {
        if let statement = statements[rows] { return statement }
        let sql = prefix + Array(repeating: row, count: rows).joined(separator: ", ")
        let statement = try database.prepare(sql, persistent: true)
        statements[rows] = statement
        return statement
    }
}

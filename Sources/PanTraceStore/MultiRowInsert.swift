/// `INSERT INTO table (columns) VALUES (…), (…), …`: up to ``maximumRows`` rows per execution.
///
/// Every execution of a statement costs SQLite a fixed amount (opening its
/// cursors, the statement transaction, closing them); inserting the samples
/// of a trace 16 at a time instead of one at a time saves about a fifth of
/// the work per row (docs/performance.md). The statement for each row count
/// is prepared on first use and kept.
final class MultiRowInsert {
    /// The most rows one execution inserts.
    let maximumRows: Int
    /// Parameters per row.
    let columnCount: Int32
    private let database: Database
    private let prefix: String
    private let row: String
    private var statements: [Statement?]

    init(_ database: Database, table: String, columns: [String], maximumRows: Int = 16) {
        self.database = database
        self.maximumRows = max(1, maximumRows)
        self.columnCount = Int32(columns.count)
        prefix = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
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

    /// Inserts `count` rows, up to ``maximumRows`` per execution; `bind` binds
    /// row `index` of them from parameter `first` on (``columnCount`` parameters).
    @inline(__always)
    func insert(count: Int, _ bind: (_ statement: Statement, _ index: Int, _ first: Int32) throws -> Void) throws {
        var start = 0
        while start < count {
            let rows = min(maximumRows, count - start)
            let statement = try statement(rows: rows)
            var parameter: Int32 = 1
            for index in start..<start + rows {
                try bind(statement, index, parameter)
                parameter += columnCount
            }
            try statement.execute()
            start += rows
        }
    }
}

/// Columns described together, in the order of a `SELECT` list or of an `INSERT`'s parameters.
protocol ColumnGroup {
    /// A value to read a row into: every column is overwritten.
    static var blank: Self { get }

    /// Calls `visitor` with each column in order: the one description of these columns.
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws
}

/// The description of a table the program writes.
protocol TableRow: ColumnGroup {
    /// The table's name in schema.sql.
    static var table: String { get }
}

extension ColumnGroup {
    /// The names of the group's columns, generated ones included (a `SELECT` list) or not (an `INSERT`'s).
    static func columnNames(includingGenerated: Bool = true) -> [String] {
        var names = ColumnNames(includingGenerated: includingGenerated)
        var blank = Self.blank
        // ColumnNames never throws.
        try? blank.visitColumns(&names)
        return names.names
    }

    /// `alias.a, alias.b, …`: every column, for a `SELECT` read by ``read(from:)``.
    static func selection(_ alias: String) -> String {
        columnNames().map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// Binds the written columns from parameter `binder.parameter` on.
    @inline(__always)
    func bind(_ binder: inout RowBinder) throws {
        var row = self
        try row.visitColumns(&binder)
    }

    /// Overwrites every column from the reader's current column on.
    @inline(__always)
    mutating func read(_ reader: inout RowReader) throws {
        try visitColumns(&reader)
    }

    /// A value read from the reader's current column on.
    @inline(__always)
    static func read(_ reader: inout RowReader) throws -> Self {
        var value = Self.blank
        try value.read(&reader)
        return value
    }
}

extension TableRow {
    /// `INSERT INTO table (written columns) VALUES (?, …)`.
    static var insertSQL: String {
        let names = columnNames(includingGenerated: false)
        let row = "(" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES \(row)"
    }

    /// `INSERT INTO table (id, written columns) VALUES (?, ?, …)`: the id, assigned by
    /// the writer (``Database/nextID(of:)``), is parameter 1, the row's columns follow.
    static var insertWithIDSQL: String {
        let names = ["id"] + columnNames(includingGenerated: false)
        let row = "(" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES \(row)"
    }
}

/// Collects the names of a description's columns.
struct ColumnNames: ColumnVisitor {
    let includingGenerated: Bool
    private(set) var names: [String] = []

    init(includingGenerated: Bool) {
        self.includingGenerated = includingGenerated
    }

    mutating func visit<Value: ColumnValue>(_ name: StaticString, _ value: inout Value, _ role: ColumnRole) {
        if role == .written || includingGenerated { names.append(name.description) }
    }
}

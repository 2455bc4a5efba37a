/// Whether the program writes a column or SQLite fills it in.
enum ColumnRole: Equatable, Sendable {
    /// Bound by every `INSERT` of the table.
    case written
    /// Filled in by SQLite (a rowid it assigns, a `DEFAULT`): read, never inserted.
    case generated
}

/// What a column description is walked with: its columns in order, each with its name and value.
///
/// A table is described once, by ``ColumnGroup/visitColumns(_:)``; the
/// visitors derive from it the column lists of the SQL (``ColumnNames``),
/// the bindings of an `INSERT` (``RowBinder``) and the reading of a row
/// (``RowReader``), so that no index is counted by hand (GRDB derives a
/// record's SQL, bindings and reads from one description the same way).
/// The visitors are generic parameters: in a release build each walk is
/// specialized and inlined into the straight-line code one would write by
/// hand.
protocol ColumnVisitor {
    /// Visits the column `name`, whose value in the row is `value`.
    mutating func visit<Value: ColumnValue>(_ name: StaticString, _ value: inout Value, _ role: ColumnRole) throws
}

extension ColumnVisitor {
    /// Visits a column the program writes.
    @inline(__always)
    mutating func visit<Value: ColumnValue>(_ name: StaticString, _ value: inout Value) throws {
        try visit(name, &value, .written)
    }
}

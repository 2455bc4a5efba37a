/// One row of the `decisions` view (docs/sqlite.md): every column, by the view's
/// names and in its order, with the values as stored.
///
/// The view is the one list of the columns: a column added to it in
/// schema.sql appears here (and in `export decisions`) without a change to
/// the code. ``Store/forEachDecision(ofRun:_:)`` reuses one row value, its
/// ``columns`` the same array for every row.
public struct DecisionRow: Equatable, Hashable, Sendable {
    /// The view's column names, in its order (`run`, `kind`, `config`, `trace`, …).
    public var columns: [String]
    /// The values of the row, one per column.
    public var values: [StoredValue]

    /// A row with these columns and values (the same number of each).
    public init(columns: [String], values: [StoredValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the column named `column`, or `nil` when the view has no such column.
    public subscript(column: String) -> StoredValue? {
        columns.firstIndex(of: column).map { values[$0] }
    }
}

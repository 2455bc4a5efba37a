import PanTraceModel

extension Store {
    /// One query over the `decisions` view for one run (`?1`), by trace name.
    ///
    /// The view is joined to the name index (`CROSS JOIN` keeps `trace` the
    /// outer loop): SQLite then reads the rows in name order and looks each
    /// result up by (run, trace), instead of sorting the whole run in a
    /// temporary b-tree, whose memory grows with the run.
    static let decisionsByTraceName =
        "SELECT d.* FROM trace AS t CROSS JOIN decisions AS d ON d.trace = t.name WHERE d.run = ?1 ORDER BY t.name"

    /// Calls `body` with every row of the `decisions` view for `run`, ordered
    /// by trace name (UTF-8 byte order, as ``TraceOrder/name``), streaming.
    ///
    /// `body` gets one reused ``DecisionRow``: every column of the view with
    /// its stored value (SQL NULL as ``StoredValue/null``).
    ///
    /// - Throws: ``StoreError/runNotFound(_:)`` when there is no such run;
    ///   errors of `body` as they are.
    public func forEachDecision(ofRun run: RunID, _ body: (DecisionRow) throws -> Void) throws {
        try guarded(readingResults: true) {
            try requireRun(run)
            let rows = try database.prepare(Store.decisionsByTraceName)
            try rows.bind(run, at: 1)
            let count = rows.columnCount
            var row = DecisionRow(columns: (0..<count).map(rows.columnName), values: [])
            row.values.reserveCapacity(Int(count))
            while try rows.step() {
                row.values.removeAll(keepingCapacity: true)
                for column in 0..<count { row.values.append(rows.value(at: column)) }
                try body(row)
            }
        }
    }
}

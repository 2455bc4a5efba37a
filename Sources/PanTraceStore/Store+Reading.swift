import CSQLite
import PanTraceModel

extension Store {
    /// Calls `body` with every selected trace, in id order (or by name), streaming: memory stays flat as the corpus grows.
    ///
    /// One query reads the `trace` rows, each with its samples packed in one
    /// BLOB (`trace.packed`); a trace whose `packed` is NULL (its samples
    /// were edited by hand) is read from its `sample` rows. The `Trace`
    /// passed to `body` reuses one sample buffer (keep a copy if you need it
    /// later). `body` may write through an open ``RunSession`` of this store
    /// (replay reads the traces while it inserts results in the same
    /// transaction).
    ///
    /// By ``TraceOrder/name`` the traces are read in the order of the name
    /// index, so that no sort holds the corpus (`export traces`).
    ///
    /// - Throws: ``StoreError/traceNotFound(name:)`` for a name in
    ///   ``TraceFilter/names(_:)`` or ``TraceFilter/namesOrFamilies(names:families:)``
    ///   that is not stored; errors of `body` as they are.
    public func forEachTrace(
        _ filter: TraceFilter = .all, orderedBy order: TraceOrder = .id, _ body: (TraceID, Trace) throws -> Void
    ) throws {
        try forEachRow(filter, orderedBy: order, keepingPacked: false) { row, _ in try body(row.id, row.trace) }
    }

    /// Calls `body` with each selected row, its packed samples' bytes when `keepingPacked` left them undecoded.
    private func forEachRow(
        _ filter: TraceFilter, orderedBy order: TraceOrder, keepingPacked: Bool,
        _ body: (TraceRow, [UInt8]?) throws -> Void
    ) throws {
        try guarded {
            let traces = try database.prepare(Store.traceQuery(selected: try select(filter), orderedBy: order))
            var rows = SampleRows(database)
            var row = TraceRow.blank
            while try traces.step() {
                let packed = try row.read(from: traces, samples: &rows, keepingPacked: keepingPacked)
                try body(row, packed)
            }
        }
    }

    /// Calls `body` with every selected trace and its stored outcome in `run`, in id order, streaming.
    ///
    /// The outcome is `nil` for a trace that `run` did not simulate. This is
    /// what replay needs to compare as it goes: the baseline's outcome of
    /// each trace beside the trace itself, without a second pass over the
    /// results. Like ``forEachTrace(_:orderedBy:_:)``, `body` may write through an open
    /// ``RunSession`` of this store.
    ///
    /// - Throws: ``StoreError/traceNotFound(name:)`` as ``forEachTrace(_:orderedBy:_:)``; errors of `body` as they are.
    public func forEachTrace(
        _ filter: TraceFilter = .all, withOutcomesOf run: RunID, _ body: (TraceID, Trace, Outcome?) throws -> Void
    ) throws {
        try forEachRow(filter, withOutcomesOf: run, keepingPacked: false) { row, _, outcome in
            try body(row.id, row.trace, outcome)
        }
    }

    /// ``forEachTrace(_:withOutcomesOf:_:)`` with each trace's samples still
    /// packed: ``StoredTrace/unpacked()`` decodes them, on any thread.
    ///
    /// Replay reads and stores on one thread and decodes and simulates the
    /// next traces on another (docs/performance.md). Each ``StoredTrace`` owns
    /// its bytes: keep it as long as you like.
    public func forEachStoredTrace(
        _ filter: TraceFilter = .all, withOutcomesOf run: RunID, _ body: (StoredTrace, Outcome?) throws -> Void
    ) throws {
        try forEachRow(filter, withOutcomesOf: run, keepingPacked: true) { row, packed, outcome in
            try body(StoredTrace(row, packed: packed, store: path, session: readingSession), outcome)
        }
    }

    /// ``forEachTrace(_:orderedBy:_:)`` with each trace's samples still packed,
    /// for a reader that decodes them on another thread (`export actions`).
    public func forEachStoredTrace(
        _ filter: TraceFilter = .all, orderedBy order: TraceOrder, _ body: (StoredTrace) throws -> Void
    ) throws {
        try forEachRow(filter, orderedBy: order, keepingPacked: true) { row, packed in
            try body(StoredTrace(row, packed: packed, store: path, session: readingSession))
        }
    }

    private func forEachRow(
        _ filter: TraceFilter, withOutcomesOf run: RunID, keepingPacked: Bool,
        _ body: (TraceRow, [UInt8]?, Outcome?) throws -> Void
    ) throws {
        try guarded(readingResults: true) {
            guard filter == .all else {
                // A few traces: look each one's outcome up.
                let outcome = try database.prepare(
                    "SELECT \(Outcome.selection("result")) FROM result WHERE run_id = ? AND trace_id = ?")
                try outcome.bind(run, at: 1)
                try forEachRow(filter, orderedBy: .id, keepingPacked: keepingPacked) { row, packed in
                    try outcome.reset()
                    try outcome.bind(row.id, at: 2)
                    var reader = RowReader(outcome)
                    try body(row, packed, try outcome.step() ? try Outcome.read(&reader) : nil)
                }
                return
            }
            // The whole corpus: the run's results in trace order, merged with
            // the traces as they go (one pass over the (run_id, trace_id) index).
            let outcomes = try database.prepare(
                "SELECT result.trace_id, \(Outcome.selection("result")) FROM result WHERE run_id = ? ORDER BY trace_id")
            try outcomes.bind(run, at: 1)
            var hasOutcome = try outcomes.step()
            try forEachRow(.all, orderedBy: .id, keepingPacked: keepingPacked) { row, packed in
                var outcome: Outcome?
                while hasOutcome {
                    var reader = RowReader(outcomes)
                    let owner: TraceID = try reader.next()
                    if owner > row.id { break }
                    if owner == row.id { outcome = try Outcome.read(&reader) }
                    hasOutcome = try outcomes.step()
                }
                try body(row, packed, outcome)
            }
        }
    }

    /// The query of ``forEachTrace(_:orderedBy:_:)``: every trace, or those in `temp.selected_trace`.
    static func traceQuery(selected: Bool, orderedBy order: TraceOrder) -> String {
        var sql = "SELECT \(TraceRow.selection("trace")) FROM trace"
        if selected {
            // By name, `+id` keeps SQLite from finding the selected rows by id
            // and sorting them, packed samples and all: it walks the name index.
            sql += order == .name ? " WHERE +id IN temp.selected_trace" : " WHERE id IN temp.selected_trace"
        }
        return sql + (order == .name ? " ORDER BY name" : " ORDER BY id")
    }

    /// The stored trace named `name` and its id, or `nil`.
    public func trace(named name: String) throws -> (id: TraceID, trace: Trace)? {
        try guarded {
            let traces = try database.prepare("SELECT \(TraceRow.selection("trace")) FROM trace WHERE name = ?")
            try traces.bind(name, at: 1)
            guard try traces.step() else { return nil }
            var row = TraceRow.blank
            var rows = SampleRows(database)
            try row.read(from: traces, samples: &rows)
            return (row.id, row.trace)
        }
    }

    /// The number of stored traces.
    public func traceCount() throws -> Int {
        try guarded { Int(try database.integer("SELECT count(*) FROM trace")) }
    }

    /// Fills `temp.selected_trace` with the ids `filter` selects; false for ``TraceFilter/all``.
    private func select(_ filter: TraceFilter) throws -> Bool {
        let names: [String]
        let families: [String]
        switch filter {
        case .all:
            return false
        case .names(let list):
            (names, families) = (list, [])
        case .families(let list):
            (names, families) = ([], list)
        case .namesOrFamilies(let nameList, let familyList):
            (names, families) = (nameList, familyList)
        }
        // A read-only store opened read-write (to clean up at close) runs with
        // query_only, which refuses temp tables too; the selection writes
        // nothing but the connection's own temp table.
        let queryOnly = try database.integer("PRAGMA query_only") == 1
        if queryOnly { try database.execute("PRAGMA query_only = OFF") }
        defer { if queryOnly { try? database.execute("PRAGMA query_only = ON") } }
        try database.execute(
            "CREATE TEMP TABLE IF NOT EXISTS selected_trace (id INTEGER PRIMARY KEY); DELETE FROM temp.selected_trace")
        let byName = try database.prepare("INSERT OR IGNORE INTO temp.selected_trace (id) SELECT id FROM trace WHERE name = ?")
        for name in names {
            try byName.bind(name, at: 1)
            try byName.execute()
            if database.changes == 0 {
                // Either missing or named twice in the filter.
                let lookup = try database.prepare("SELECT 1 FROM trace WHERE name = ?")
                try lookup.bind(name, at: 1)
                guard try lookup.step() else { throw StoreError.traceNotFound(name: name) }
            }
        }
        let byFamily = try database.prepare(
            "INSERT OR IGNORE INTO temp.selected_trace (id) SELECT id FROM trace WHERE family = ?")
        for family in families {
            try byFamily.bind(family, at: 1)
            try byFamily.execute()
        }
        return true
    }
}

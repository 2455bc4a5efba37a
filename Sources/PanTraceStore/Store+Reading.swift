import CSQLite
import PanTraceCore

extension Store {
    /// Calls `body` with every selected trace, in id order, streaming: memory stays flat as the corpus grows.
    ///
    /// One query reads the `trace` rows and one the `sample` rows, both in
    /// trace order, merged as they go; the `Trace` passed to `body` reuses
    /// one sample buffer (keep a copy if you need it later). `body` may
    /// write through an open ``RunSession`` of this store (replay reads the
    /// samples while it inserts results in the same transaction).
    ///
    /// - Throws: ``StoreError/traceNotFound(name:)`` for a name in
    ///   ``TraceFilter/names(_:)`` or ``TraceFilter/namesOrFamilies(names:families:)``
    ///   that is not stored; errors of `body` as they are.
    public func forEachTrace(_ filter: TraceFilter = .all, _ body: (TraceID, Trace) throws -> Void) throws {
        try forEachTrace(filter, reading: .automatic, body)
    }

    /// ``forEachTrace(_:_:)`` with the threads to read the whole corpus chosen by the caller (tests).
    func forEachTrace(
        _ filter: TraceFilter, reading: ParallelReading, _ body: (TraceID, Trace) throws -> Void
    ) throws {
        try guarded {
            // The whole corpus is read by reader threads while `body` runs
            // here: the scan is most of a replay's work (docs/performance.md).
            if filter == .all, try forEachTraceInParallel(reading, outcomesOf: nil, { id, trace, _ in try body(id, trace) }) { return }
            let traces: Statement
            let samples: Statement
            if try select(filter) {
                traces = try database.prepare(
                    "SELECT \(TraceRow.columns) FROM trace WHERE id IN temp.selected_trace ORDER BY id")
                // CROSS JOIN keeps the selected ids as the outer loop: one
                // primary-key range of `sample` per selected trace.
                samples = try database.prepare(
                    """
                    SELECT s.trace_id, s.seq, s.t, s.x, s.y, s.phase, s.touches
                    FROM temp.selected_trace AS selected CROSS JOIN sample AS s ON s.trace_id = selected.id
                    ORDER BY selected.id, s.seq
                    """)
            } else {
                traces = try database.prepare("SELECT \(TraceRow.columns) FROM trace ORDER BY id")
                samples = try database.prepare(
                    "SELECT trace_id, seq, t, x, y, phase, touches FROM sample ORDER BY trace_id, seq")
            }
            var trace = Trace(name: "", width: 1, height: 1, samples: [])
            var hasSample = try samples.step()
            while try traces.step() {
                let id = try TraceRow.read(traces, into: &trace)
                while hasSample {
                    let owner = samples.int64(at: 0)
                    if owner > id { break }
                    if owner == id { trace.samples.append(try TraceRow.readSample(samples, offset: 2)) }
                    hasSample = try samples.step()
                }
                try TraceRow.checkSampleCount(trace, expected: traces.int(at: 9))
                try body(id, trace)
            }
        }
    }

    /// Calls `body` with every selected trace and its stored outcome in `run`, in id order, streaming.
    ///
    /// The outcome is `nil` for a trace that `run` did not simulate. This is
    /// what replay needs to compare as it goes: the baseline's outcome of
    /// each trace beside the trace itself, without a second pass over the
    /// results. Like ``forEachTrace(_:_:)``, `body` may write through an open
    /// ``RunSession`` of this store.
    ///
    /// - Throws: ``StoreError/traceNotFound(name:)`` as ``forEachTrace(_:_:)``; errors of `body` as they are.
    public func forEachTrace(
        _ filter: TraceFilter = .all, withOutcomesOf run: RunID, _ body: (TraceID, Trace, Outcome?) throws -> Void
    ) throws {
        try forEachTrace(filter, withOutcomesOf: run, reading: .automatic, body)
    }

    /// ``forEachTrace(_:withOutcomesOf:_:)`` with the reader threads chosen by the caller (tests).
    func forEachTrace(
        _ filter: TraceFilter, withOutcomesOf run: RunID, reading: ParallelReading,
        _ body: (TraceID, Trace, Outcome?) throws -> Void
    ) throws {
        try guarded {
            if filter == .all, try forEachTraceInParallel(reading, outcomesOf: run, body) { return }
            let outcomes = try database.prepare(
                "SELECT \(Store.outcomeColumns("result")) FROM result WHERE run_id = ? AND trace_id = ?")
            try outcomes.bind(run, at: 1)
            try forEachTrace(filter, reading: ParallelReading(readers: 0)) { id, trace in
                try outcomes.reset()
                try outcomes.bind(id, at: 2)
                let outcome = try outcomes.step() ? try Store.readOutcome(outcomes, at: 0) : nil
                try body(id, trace, outcome)
            }
        }
    }

    /// The stored trace named `name` and its id, or `nil`.
    public func trace(named name: String) throws -> (id: TraceID, trace: Trace)? {
        try guarded {
            let traces = try database.prepare("SELECT \(TraceRow.columns) FROM trace WHERE name = ?")
            try traces.bind(name, at: 1)
            guard try traces.step() else { return nil }
            var trace = Trace(name: "", width: 1, height: 1, samples: [])
            let id = try TraceRow.read(traces, into: &trace)
            let samples = try database.prepare(
                "SELECT t, x, y, phase, touches FROM sample WHERE trace_id = ? ORDER BY seq")
            try samples.bind(id, at: 1)
            while try samples.step() {
                trace.samples.append(try TraceRow.readSample(samples, offset: 0))
            }
            try TraceRow.checkSampleCount(trace, expected: traces.int(at: 9))
            return (id, trace)
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

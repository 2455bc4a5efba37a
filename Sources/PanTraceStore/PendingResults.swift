import CSQLite
import PanTraceCore

/// The results of a run session on their way to the `result` table, 16 rows per `INSERT`.
///
/// Every execution of a statement costs SQLite a fixed amount (cursors,
/// the statement transaction, halting); a replay inserts one result per
/// trace and nothing else, so results are batched like samples and frames
/// (``MultiRowInsert``). The ids are assigned here, from `max(id) + 1` on,
/// as SQLite would assign them: the session holds the write lock, and
/// ``RunSession/addResult(traceID:outcome:frames:)`` can return the id (and
/// write the frames) before the row is inserted. ``flush()`` writes what is
/// pending: when 16 rows are ready, before the session commits, and before
/// any ``Store`` method reads the database.
struct PendingResults {
    private struct Row {
        var id: ResultID
        var traceID: TraceID
        var outcome: Outcome
    }

    private let database: Database
    private let runID: RunID
    private let insert: MultiRowInsert
    private var rows: [Row] = []
    private var nextID: ResultID?

    init(database: Database, runID: RunID) {
        self.database = database
        self.runID = runID
        insert = MultiRowInsert(
            database, table: "result",
            columns: [
                "id", "run_id", "trace_id", "decision", "reason", "percent", "peak_percent", "velocity", "projected",
                "settle", "overscroll", "tracking_error", "attempted", "began_seq", "start_seq",
            ])
        rows.reserveCapacity(insert.maximumRows)
    }

    /// Queues the result of `traceID`; returns the id its row will have.
    mutating func add(traceID: TraceID, outcome: Outcome) throws -> ResultID {
        let id = try nextID ?? database.integer("SELECT coalesce(max(id), 0) + 1 FROM result")
        guard id < Int64.max else {
            throw SQLiteError(code: SQLITE_FULL, message: "no result id left after \(id)")
        }
        nextID = id + 1
        rows.append(Row(id: id, traceID: traceID, outcome: outcome))
        if rows.count == insert.maximumRows { try flush() }
        return id
    }

    /// Inserts every queued result.
    ///
    /// A constraint a row breaks (a second result for one trace in the run)
    /// is reported here, by the call that flushes.
    mutating func flush() throws {
        guard !rows.isEmpty else { return }
        // Emptied whatever happens: a failing batch is not retried by a later flush.
        defer { rows.removeAll(keepingCapacity: true) }
        let runID = runID
        try insert.insert(count: rows.count) { statement, index, parameter in
            let row = rows[index]
            let outcome = row.outcome
            try statement.bind(row.id, at: parameter)
            try statement.bind(runID, at: parameter + 1)
            try statement.bind(row.traceID, at: parameter + 2)
            try statement.bind(outcome.decision, at: parameter + 3)
            try statement.bind(outcome.reason, at: parameter + 4)
            try statement.bind(outcome.percent, at: parameter + 5)
            try statement.bind(outcome.peakPercent, at: parameter + 6)
            try statement.bind(outcome.velocity, at: parameter + 7)
            try statement.bind(outcome.projected, at: parameter + 8)
            try statement.bind(outcome.settle, at: parameter + 9)
            try statement.bind(outcome.overscroll, at: parameter + 10)
            try statement.bind(outcome.trackingError, at: parameter + 11)
            try statement.bind(outcome.attempted, at: parameter + 12)
            try statement.bind(outcome.beganSeq, at: parameter + 13)
            try statement.bind(outcome.startSeq, at: parameter + 14)
        }
    }

    /// Forgets the queued results (the session rolled back).
    mutating func discard() {
        rows.removeAll()
    }
}

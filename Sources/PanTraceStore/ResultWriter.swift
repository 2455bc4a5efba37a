import CSQLite
import PanTraceModel

/// Writes the results of a run session, 16 rows per `INSERT`, and their frames.
///
/// Every execution of a statement costs SQLite a fixed amount (cursors,
/// the statement transaction, halting); a replay inserts one result per
/// trace and nothing else, so results are batched like samples and frames
/// (``MultiRowInsert``). The ids are assigned here, from
/// ``Database/nextID(of:)`` on (never a deleted result's id): the session holds the write lock, and
/// ``add(traceID:outcome:frames:traceIsKnown:)`` returns the id (and writes
/// the frames) before the row is inserted. ``flush()`` writes what is
/// pending: when 16 rows are ready, before the session commits, and before
/// a ``Store`` method reads results.
struct ResultWriter {
    private let database: Database
    private let runID: RunID
    private let insert: MultiRowInsert<ResultRow>
    private let insertFrames: MultiRowInsert<FrameRow>
    private let traceExists: Statement
    private var pending: [ResultRow] = []
    private var nextID: ResultID?
    /// Whether this writer dropped `result_words_insert` (``restoreTriggers()`` creates it again).
    private var droppedWordsTrigger = false
    /// The results added, pending ones included.
    private(set) var count = 0

    init(_ database: Database, runID: RunID) throws {
        self.database = database
        self.runID = runID
        insert = MultiRowInsert(database)
        insertFrames = MultiRowInsert(database)
        traceExists = try database.prepare("SELECT 1 FROM trace WHERE id = ?", persistent: true)
        pending.reserveCapacity(insert.maximumRows)
    }

    /// Queues the result of `traceID` and writes its frames; returns the id its row will have.
    ///
    /// - Parameter traceIsKnown: the trace was just written by the session;
    ///   otherwise it is looked up, as the foreign key on `result.trace_id` would.
    mutating func add(traceID: TraceID, outcome: Outcome, frames: [Frame], traceIsKnown: Bool) throws -> ResultID {
        if !traceIsKnown { try requireTrace(traceID) }
        let id = try nextID ?? database.nextID(of: ResultRow.table)
        guard id < Int64.max else {
            throw SQLiteError(code: SQLITE_FULL, message: "no result id left after \(id)")
        }
        nextID = id + 1
        pending.append(ResultRow(id: id, runID: runID, traceID: traceID, outcome: outcome))
        count += 1
        if pending.count == insert.maximumRows { try flush() }
        try insertFrames.insert(count: frames.count) { index in FrameRow(resultID: id, frame: frames[index]) }
        return id
    }

    /// Inserts every queued result.
    ///
    /// A constraint a row breaks (a second result for one trace in the run)
    /// is reported here, by the call that flushes.
    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        // Emptied whatever happens: a failing batch is not retried by a later flush.
        defer { pending.removeAll(keepingCapacity: true) }
        if !droppedWordsTrigger {
            // The trigger looks up a hand-written result's decision and reason
            // in `word`; the session's own are `Decision` and `Reason` values,
            // words of `word` by migration (SchemaWordTests), and the trigger's
            // two lookups per row cost a replay about a sixth of its time
            // (docs/performance.md). Dropped inside the transaction, it exists
            // for every other connection throughout.
            try database.execute("DROP TRIGGER IF EXISTS result_words_insert")
            droppedWordsTrigger = true
        }
        try insert.insert(count: pending.count) { pending[$0] }
    }

    /// Creates the trigger this writer dropped again (before the session commits).
    mutating func restoreTriggers() throws {
        guard droppedWordsTrigger else { return }
        try database.execute(Schema.resultWordsInsertTrigger)
        droppedWordsTrigger = false
    }

    /// Forgets the queued results (the session rolled back, the trigger with it).
    mutating func discard() {
        pending.removeAll()
        droppedWordsTrigger = false
    }

    private func requireTrace(_ traceID: TraceID) throws {
        try traceExists.reset()
        try traceExists.bind(traceID, at: 1)
        guard try traceExists.step() else {
            throw SQLiteError(
                code: SQLITE_CONSTRAINT | (3 << 8), message: "FOREIGN KEY constraint failed: no trace \(traceID)")
        }
    }
}

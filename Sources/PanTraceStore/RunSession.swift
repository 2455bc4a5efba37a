import CSQLite
import PanTraceModel

/// One run being written: the whole of it is one `BEGIN IMMEDIATE` transaction (docs/commands.md §7.1).
///
/// Create it with ``Store/beginRun(_:configName:configJSON:)``; add traces
/// (record) and results; then ``commit()``. Until then nothing is visible to
/// other connections; ``rollback()``, an error thrown by any method, or
/// releasing the session without committing leaves the database exactly as
/// it was. Reading the store (``Store/forEachTrace(_:orderedBy:_:)``) while the session
/// is open is allowed and sees the session's own writes.
///
/// The work is shared by three parts: the transaction, with SQLite's
/// foreign-key checks off while it lasts (`WriteTransaction`; the
/// references are kept by construction); the traces, with their digests and
/// packed samples (`TraceWriter`); the results, 16 rows per `INSERT` with
/// ids assigned here, and their frames (`ResultWriter`).
public final class RunSession {
    /// The run being written (its row exists only inside the transaction until ``commit()``).
    public let runID: RunID
    /// The run's kind.
    public let kind: RunKind
    /// The config row the run uses (`config.id`).
    public let configID: Int64

    /// Marks the traces read while this session is open (``StoredTrace``):
    /// random, so that no other session, of this store or another, shares it.
    let token = UInt64.random(in: .min ... .max)

    let store: Store
    private let transaction: WriteTransaction
    private var traces: TraceWriter
    private var results: ResultWriter

    init(store: Store, kind: RunKind, configName: String, configJSON: String) throws {
        let database = store.database
        transaction = try WriteTransaction(database)
        // An error from here on releases the transaction, which rolls back.
        let config = ConfigRow(name: configName, settings: configJSON)
        let upsert = try database.prepare(ConfigRow.insertSQL + " ON CONFLICT (settings) DO NOTHING")
        var binder = RowBinder(upsert)
        try config.bind(&binder)
        try upsert.execute()
        let select = try database.prepare("SELECT id FROM config WHERE settings = ?")
        try select.bind(configJSON, at: 1)
        guard try select.step() else {
            throw SQLiteError(code: SQLITE_ERROR, message: "config row missing after insert")
        }
        configID = select.int64(at: 0)
        // The id is given here, not by SQLite: a deleted run's id never comes back.
        runID = try database.nextID(of: RunRow.table)
        let insertRun = try database.prepare(RunRow.insertWithIDSQL)
        try insertRun.bind(runID, at: 1)
        binder = RowBinder(insertRun, from: 2)
        try RunRow(configID: configID, kind: kind).bind(&binder)
        try insertRun.execute()
        traces = try TraceWriter(database)
        results = try ResultWriter(database, runID: runID)
        self.store = store
        self.kind = kind
        store.openSession = self
    }

    /// A session that adds to the committed run `runID` (``Store/continueRun(_:)``).
    init(store: Store, continuing runID: RunID) throws {
        let database = store.database
        transaction = try WriteTransaction(database)
        let select = try database.prepare("SELECT config_id, kind FROM run WHERE id = ?")
        try select.bind(runID, at: 1)
        guard try select.step() else { throw StoreError.runNotFound(runID) }
        configID = select.int64(at: 0)
        guard let word = select.string(at: 1), let kind = RunKind(rawValue: word) else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "run \(runID) has an unknown kind")
        }
        self.kind = kind
        self.runID = runID
        traces = try TraceWriter(database)
        results = try ResultWriter(database, runID: runID)
        self.store = store
        store.openSession = self
    }

    /// Stores `trace` and its samples, or finds it stored already; returns its id.
    ///
    /// The samples are written twice in the same transaction: as rows of
    /// `sample`, and packed in `trace.packed` (`PackedSamples`), which
    /// replay reads.
    ///
    /// - Throws: ``StoreError/traceConflict(name:)`` when a trace of that name
    ///   is stored with other content; ``StoreError/duplicateTrace(name:)`` when
    ///   this session added the name already. Any error rolls the session back.
    @discardableResult
    public func add(_ trace: Trace) throws -> TraceID {
        try writing { try traces.add(trace) }
    }

    /// Stores the result of the trace `traceID` in this run, with its frames (possibly none).
    ///
    /// The row itself may be inserted later, with the next 15 results or
    /// before the next read of results (`ResultWriter`): a second result for
    /// the same trace is reported by the call that inserts it.
    ///
    /// - Returns: the result's id (`result.id`).
    @discardableResult
    public func addResult(traceID: TraceID, outcome: Outcome, frames: [Frame] = []) throws -> ResultID {
        try writing {
            try results.add(
                traceID: traceID, outcome: outcome, frames: frames, traceIsKnown: traceID == traces.lastTraceID)
        }
    }

    /// Stores the result of `trace`, as ``addResult(traceID:outcome:frames:)``.
    ///
    /// A trace read by ``Store/forEachStoredTrace(_:withOutcomesOf:_:)``
    /// while this session was open exists: the session has held the write
    /// lock since before it was read. Its result skips the lookup that
    /// stands in for the foreign key on `result.trace_id` (a twentieth of a
    /// replay's work, docs/performance.md).
    @discardableResult
    public func addResult(for trace: StoredTrace, outcome: Outcome, frames: [Frame] = []) throws -> ResultID {
        try writing {
            try results.add(
                traceID: trace.id, outcome: outcome, frames: frames,
                traceIsKnown: trace.readInSession == token || trace.id == traces.lastTraceID)
        }
    }

    /// Makes this run the baseline (as ``Store/setBaseline(_:)`` does), unmarking the previous
    /// one, in the session's transaction: the run and the mark are committed
    /// together or not at all.
    public func markAsBaseline() throws {
        try writing {
            let database = store.database
            try database.execute("UPDATE run SET baseline = 0 WHERE baseline = 1")
            let mark = try database.prepare("UPDATE run SET baseline = 1 WHERE id = ?")
            try mark.bind(runID, at: 1)
            try mark.execute()
        }
    }

    /// Makes the run and everything added durable and visible; returns the run's id.
    @discardableResult
    public func commit() throws -> RunID {
        try writing {
            try results.flush()
            try results.restoreTriggers()
            try traces.restoreTriggers()
            let update = try store.database.prepare("UPDATE run SET trace_count = trace_count + ? WHERE id = ?")
            try update.bind(results.count, at: 1)
            try update.bind(runID, at: 2)
            try update.execute()
            try transaction.commit()
            store.hasCommitted = true
            store.openSession = nil
            return runID
        }
    }

    /// Discards the run and everything added; the database is as before ``Store/beginRun(_:configName:configJSON:)``.
    public func rollback() {
        guard transaction.state == .open else { return }
        results.discard()
        transaction.rollback()
        store.openSession = nil
    }

    /// Inserts the results still pending (``Store`` calls it before it reads results); an error rolls the session back.
    func flushPendingResults() throws {
        guard transaction.state == .open else { return }
        try writing { try results.flush() }
    }

    /// Runs a write step; any error rolls the whole session back.
    private func writing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try store.guarded {
                try transaction.requireOpen()
                return try body()
            }
        } catch {
            rollback()
            throw error
        }
    }
}

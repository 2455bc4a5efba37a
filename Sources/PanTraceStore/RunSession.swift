import CSQLite
import PanTraceCore

/// One run being written: the whole of it is one `BEGIN IMMEDIATE` transaction (SPEC 7.1).
///
/// Create it with ``Store/beginRun(_:configName:configJSON:)``; add traces
/// (record) and results; then ``commit()``. Until then nothing is visible to
/// other connections; ``rollback()``, an error thrown by any method, or
/// releasing the session without committing leaves the database exactly as
/// it was. Reading the store (``Store/forEachTrace(_:_:)``) while the session
/// is open is allowed and sees the session's own writes.
///
/// Referential integrity is kept by construction rather than by SQLite's
/// foreign-key checks, which would look up the parent of every sample and
/// frame row (a sixth of the work of a record): the samples and frames a
/// session writes belong to the trace and result it has just written, the
/// results to its own run, and ``addResult(traceID:outcome:frames:)`` checks
/// the trace once. The connection's `foreign_keys` setting is restored when
/// the session ends.
///
/// Results are inserted 16 rows at a time (``PendingResults``): every
/// ``Store`` method writes the pending ones before it reads, and
/// ``commit()`` before it commits; a query of your own through
/// ``Store/database`` sees the last few only after ``commit()``.
public final class RunSession {
    /// The run being written (its row exists only inside the transaction until ``commit()``).
    public let runID: RunID
    /// The run's kind.
    public let kind: RunKind
    /// The config row the run uses (`config.id`).
    public let configID: Int64

    private enum State { case open, committed, rolledBack }

    private let store: Store
    private var state = State.open
    private var names = Set<String>()
    private var resultCount = 0
    private let findTrace: Statement
    private let insertTrace: Statement
    private let insertSamples: MultiRowInsert
    private var pendingResults: PendingResults
    private let insertFrames: MultiRowInsert
    private let traceExists: Statement
    /// The trace added last: its results need no existence check.
    private var lastTraceID: TraceID?
    /// The `trace.packed` blob being written, reused from trace to trace.
    private var packed: [UInt8] = []

    init(store: Store, kind: RunKind, configName: String, configJSON: String) throws {
        let database = store.database
        // Outside the transaction: the pragma is a no-op inside one.
        try database.execute("PRAGMA foreign_keys = OFF")
        do {
            try database.beginImmediate()
        } catch {
            RunSession.restoreForeignKeys(database)
            throw error
        }
        do {
            let upsert = try database.prepare(
                "INSERT INTO config (name, settings) VALUES (?, ?) ON CONFLICT (settings) DO NOTHING")
            try upsert.bind(configName, at: 1)
            try upsert.bind(configJSON, at: 2)
            try upsert.execute()
            let select = try database.prepare("SELECT id FROM config WHERE settings = ?")
            try select.bind(configJSON, at: 1)
            guard try select.step() else {
                throw SQLiteError(code: SQLITE_ERROR, message: "config row missing after insert")
            }
            configID = select.int64(at: 0)
            let insertRun = try database.prepare("INSERT INTO run (config_id, kind) VALUES (?, ?)")
            try insertRun.bind(configID, at: 1)
            try insertRun.bind(kind, at: 2)
            try insertRun.execute()
            runID = database.lastInsertRowID
            findTrace = try database.prepare("SELECT id, digest FROM trace WHERE name = ?", persistent: true)
            insertTrace = try database.prepare(
                """
                INSERT INTO trace (name, width, height, scroll_offset, scroll_content,
                    intent, meta, family, sample_count, digest, packed)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, persistent: true)
            insertSamples = MultiRowInsert(
                database, table: "sample", columns: ["trace_id", "seq", "t", "x", "y", "phase", "touches"])
            pendingResults = PendingResults(database: database, runID: runID)
            insertFrames = MultiRowInsert(
                database, table: "frame", columns: ["result_id", "seq", "state", "owner", "percent", "scroll_offset"])
            traceExists = try database.prepare("SELECT 1 FROM trace WHERE id = ?", persistent: true)
        } catch {
            database.rollback()
            RunSession.restoreForeignKeys(database)
            throw error
        }
        self.store = store
        self.kind = kind
        store.openSession = self
    }

    deinit {
        if state == .open {
            store.database.rollback()
            RunSession.restoreForeignKeys(store.database)
        }
    }

    /// Turns SQLite's foreign-key checks back on for the connection (outside any transaction).
    private static func restoreForeignKeys(_ database: Database) {
        _ = try? database.execute("PRAGMA foreign_keys = ON")
    }

    /// Stores `trace` and its samples, or finds it stored already; returns its id.
    ///
    /// The samples are written twice in the same transaction: as rows of
    /// `sample`, and packed in `trace.packed` (``PackedSamples``), which
    /// replay reads.
    ///
    /// - Throws: ``StoreError/traceConflict(name:)`` when a trace of that name
    ///   is stored with other content; ``StoreError/duplicateTrace(name:)`` when
    ///   this session added the name already. Any error rolls the session back.
    @discardableResult
    public func add(_ trace: Trace) throws -> TraceID {
        try writing {
            guard names.insert(trace.name).inserted else { throw StoreError.duplicateTrace(name: trace.name) }
            let digest = TraceDigest.of(trace)
            try findTrace.bind(trace.name, at: 1)
            defer { _ = try? findTrace.reset() }
            if try findTrace.step() {
                guard findTrace.int64(at: 1) == digest else { throw StoreError.traceConflict(name: trace.name) }
                return findTrace.int64(at: 0)
            }
            try insertTrace.bind(trace.name, at: 1)
            try insertTrace.bind(trace.width, at: 2)
            try insertTrace.bind(trace.height, at: 3)
            try insertTrace.bind(trace.scrollOffset, at: 4)
            try insertTrace.bind(trace.scrollContent, at: 5)
            try insertTrace.bind(trace.intent, at: 6)
            try insertTrace.bind(trace.meta, at: 7)
            try insertTrace.bind(trace.family, at: 8)
            try insertTrace.bind(trace.samples.count, at: 9)
            try insertTrace.bind(digest, at: 10)
            // The samples twice, in one transaction: packed for replay, and as rows of `sample`.
            let length = PackedSamples.encode(trace.samples, into: &packed)
            try packed.withUnsafeBytes { bytes in
                try insertTrace.bind(staticBlob: UnsafeRawBufferPointer(rebasing: bytes[..<length]), at: 11)
                try insertTrace.execute()
            }
            let id = store.database.lastInsertRowID
            lastTraceID = id
            let samples = trace.samples
            try insertSamples.insert(count: samples.count) { statement, seq, parameter in
                let sample = samples[seq]
                try statement.bind(id, at: parameter)
                try statement.bind(seq, at: parameter + 1)
                try statement.bind(sample.t, at: parameter + 2)
                try statement.bind(sample.x, at: parameter + 3)
                try statement.bind(sample.y, at: parameter + 4)
                try statement.bind(sample.phase, at: parameter + 5)
                try statement.bind(sample.touches, at: parameter + 6)
            }
            return id
        }
    }

    /// Stores the result of the trace `traceID` in this run, with its frames (possibly none).
    ///
    /// The row itself may be inserted later, with the next 15 results or
    /// before the next read (``PendingResults``): a second result for the
    /// same trace is reported by the call that inserts it.
    ///
    /// - Returns: the result's id (`result.id`).
    @discardableResult
    public func addResult(traceID: TraceID, outcome: Outcome, frames: [Frame] = []) throws -> ResultID {
        try writing {
            if traceID != lastTraceID {
                // What the foreign key on result.trace_id would check.
                try traceExists.reset()
                try traceExists.bind(traceID, at: 1)
                guard try traceExists.step() else {
                    throw SQLiteError(
                        code: SQLITE_CONSTRAINT | (3 << 8), message: "FOREIGN KEY constraint failed: no trace \(traceID)")
                }
            }
            let id = try pendingResults.add(traceID: traceID, outcome: outcome)
            resultCount += 1
            try insertFrames.insert(count: frames.count) { statement, index, parameter in
                let frame = frames[index]
                try statement.bind(id, at: parameter)
                try statement.bind(frame.seq, at: parameter + 1)
                try statement.bind(frame.state, at: parameter + 2)
                try statement.bind(frame.owner, at: parameter + 3)
                try statement.bind(frame.percent, at: parameter + 4)
                try statement.bind(frame.scrollOffset, at: parameter + 5)
            }
            return id
        }
    }

    /// Makes the run and everything added durable and visible; returns the run's id.
    @discardableResult
    public func commit() throws -> RunID {
        try writing {
            try pendingResults.flush()
            let update = try store.database.prepare("UPDATE run SET trace_count = ? WHERE id = ?")
            try update.bind(resultCount, at: 1)
            try update.bind(runID, at: 2)
            try update.execute()
            try store.database.commit()
            state = .committed
            store.openSession = nil
            RunSession.restoreForeignKeys(store.database)
            return runID
        }
    }

    /// Discards the run and everything added; the database is as before ``Store/beginRun(_:configName:configJSON:)``.
    public func rollback() {
        guard state == .open else { return }
        pendingResults.discard()
        store.database.rollback()
        state = .rolledBack
        store.openSession = nil
        RunSession.restoreForeignKeys(store.database)
    }

    /// Inserts the results still pending (``Store`` does before it reads); an error rolls the session back.
    func flushPendingResults() throws {
        guard state == .open else { return }
        try writing { try pendingResults.flush() }
    }

    /// Runs a write step; any error rolls the whole session back.
    private func writing<T>(_ body: () throws -> T) throws -> T {
        guard state == .open else {
            throw StoreError.sqlite(
                SQLiteError(
                    code: SQLITE_MISUSE, message: "the run session is already \(state == .committed ? "committed" : "rolled back")"))
        }
        do {
            return try store.guarded(flushing: false, body)
        } catch {
            rollback()
            throw error
        }
    }
}

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
    private let insertSample: Statement
    private let insertResult: Statement
    private let insertFrame: Statement

    init(store: Store, kind: RunKind, configName: String, configJSON: String) throws {
        let database = store.database
        try database.beginImmediate()
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
                    intent, meta, family, sample_count, digest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, persistent: true)
            insertSample = try database.prepare(
                "INSERT INTO sample (trace_id, seq, t, x, y, phase, touches) VALUES (?, ?, ?, ?, ?, ?, ?)",
                persistent: true)
            insertResult = try database.prepare(
                """
                INSERT INTO result (run_id, trace_id, decision, reason, percent, peak_percent,
                    velocity, projected, settle, overscroll, tracking_error, attempted,
                    began_seq, start_seq)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, persistent: true)
            insertFrame = try database.prepare(
                "INSERT INTO frame (result_id, seq, state, owner, percent, scroll_offset) VALUES (?, ?, ?, ?, ?, ?)",
                persistent: true)
        } catch {
            database.rollback()
            throw error
        }
        self.store = store
        self.kind = kind
    }

    deinit {
        if state == .open { store.database.rollback() }
    }

    /// Stores `trace` and its samples, or finds it stored already; returns its id.
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
            try insertTrace.execute()
            let id = store.database.lastInsertRowID
            try insertSample.bind(id, at: 1)
            for (seq, sample) in trace.samples.enumerated() {
                try insertSample.bind(seq, at: 2)
                try insertSample.bind(sample.t, at: 3)
                try insertSample.bind(sample.x, at: 4)
                try insertSample.bind(sample.y, at: 5)
                try insertSample.bind(sample.phase, at: 6)
                try insertSample.bind(sample.touches, at: 7)
                try insertSample.execute()
            }
            return id
        }
    }

    /// Stores the result of the trace `traceID` in this run, with its frames (possibly none).
    ///
    /// - Returns: the result's id (`result.id`).
    @discardableResult
    public func addResult(traceID: TraceID, outcome: Outcome, frames: [Frame] = []) throws -> ResultID {
        try writing {
            try insertResult.bind(runID, at: 1)
            try insertResult.bind(traceID, at: 2)
            try insertResult.bind(outcome.decision, at: 3)
            try insertResult.bind(outcome.reason, at: 4)
            try insertResult.bind(outcome.percent, at: 5)
            try insertResult.bind(outcome.peakPercent, at: 6)
            try insertResult.bind(outcome.velocity, at: 7)
            try insertResult.bind(outcome.projected, at: 8)
            try insertResult.bind(outcome.settle, at: 9)
            try insertResult.bind(outcome.overscroll, at: 10)
            try insertResult.bind(outcome.trackingError, at: 11)
            try insertResult.bind(outcome.attempted, at: 12)
            try insertResult.bind(outcome.beganSeq, at: 13)
            try insertResult.bind(outcome.startSeq, at: 14)
            try insertResult.execute()
            let id = store.database.lastInsertRowID
            resultCount += 1
            guard !frames.isEmpty else { return id }
            try insertFrame.bind(id, at: 1)
            for frame in frames {
                try insertFrame.bind(frame.seq, at: 2)
                try insertFrame.bind(frame.state, at: 3)
                try insertFrame.bind(frame.owner, at: 4)
                try insertFrame.bind(frame.percent, at: 5)
                try insertFrame.bind(frame.scrollOffset, at: 6)
                try insertFrame.execute()
            }
            return id
        }
    }

    /// Makes the run and everything added durable and visible; returns the run's id.
    @discardableResult
    public func commit() throws -> RunID {
        try writing {
            let update = try store.database.prepare("UPDATE run SET trace_count = ? WHERE id = ?")
            try update.bind(resultCount, at: 1)
            try update.bind(runID, at: 2)
            try update.execute()
            try store.database.commit()
            state = .committed
            return runID
        }
    }

    /// Discards the run and everything added; the database is as before ``Store/beginRun(_:configName:configJSON:)``.
    public func rollback() {
        guard state == .open else { return }
        store.database.rollback()
        state = .rolledBack
    }

    /// Runs a write step; any error rolls the whole session back.
    private func writing<T>(_ body: () throws -> T) throws -> T {
        guard state == .open else {
            throw StoreError.sqlite(
                SQLiteError(
                    code: SQLITE_MISUSE, message: "the run session is already \(state == .committed ? "committed" : "rolled back")"))
        }
        do {
            return try store.guarded(body)
        } catch {
            rollback()
            throw error
        }
    }
}

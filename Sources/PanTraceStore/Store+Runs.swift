import PanTraceCore

extension Store {
    /// Starts writing a run of `kind` under a config: one `BEGIN IMMEDIATE` transaction until ``RunSession/commit()``.
    ///
    /// - Parameters:
    ///   - configName: the config's name (SPEC 5 `name`).
    ///   - configJSON: the config's canonical JSON (`Config.canonicalJSON()`):
    ///     its identity; the same text is the same `config` row.
    /// - Throws: ``StoreError``; waits up to ``Store/busyTimeoutMilliseconds``
    ///   for other writers first.
    public func beginRun(_ kind: RunKind, configName: String, configJSON: String) throws -> RunSession {
        try guarded { try RunSession(store: self, kind: kind, configName: configName, configJSON: configJSON) }
    }

    /// Starts writing a run of `kind` under `config`, identified by its canonical JSON.
    ///
    /// The same as ``beginRun(_:configName:configJSON:)`` with `config.name`
    /// and `config.canonicalJSON()`: equal configs share one `config` row.
    public func beginRun(_ kind: RunKind, config: Config) throws -> RunSession {
        try beginRun(kind, configName: config.name, configJSON: config.canonicalJSON())
    }

    private static let summaryQuery = """
        SELECT run.id, run.kind, config.id, config.name, config.settings, run.created_at,
            run.trace_count, run.baseline,
            (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'finish'),
            (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'cancel'),
            (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'none')
        FROM run JOIN config ON config.id = run.config_id
        """

    /// Every run, oldest first.
    public func runs() throws -> [RunSummary] {
        try guarded {
            let statement = try database.prepare(Store.summaryQuery + " ORDER BY run.id")
            var runs: [RunSummary] = []
            while try statement.step() { runs.append(try readSummary(statement)) }
            return runs
        }
    }

    /// The run `id`, or `nil`.
    public func run(_ id: RunID) throws -> RunSummary? {
        try guarded {
            let statement = try database.prepare(Store.summaryQuery + " WHERE run.id = ?")
            try statement.bind(id, at: 1)
            return try statement.step() ? try readSummary(statement) : nil
        }
    }

    /// The name and canonical JSON of run `id`'s config, or `nil` when there is no such run.
    ///
    /// What replay needs of its baseline: unlike ``run(_:)`` it does not
    /// count the run's decisions, a pass over all its results.
    public func configOfRun(_ id: RunID) throws -> (name: String, settings: String)? {
        try guarded {
            let statement = try database.prepare(
                "SELECT config.name, config.settings FROM run JOIN config ON config.id = run.config_id WHERE run.id = ?")
            try statement.bind(id, at: 1)
            guard try statement.step() else { return nil }
            return (statement.string(at: 0) ?? "", statement.string(at: 1) ?? "")
        }
    }

    /// The first run recorded (the default baseline, SPEC 7.2), or `nil` in an empty store.
    public func firstRunID() throws -> RunID? {
        try guarded { try optionalID("SELECT min(id) FROM run") }
    }

    /// The run marked as the baseline by ``setBaseline(_:)``, or `nil`.
    public func baselineRunID() throws -> RunID? {
        try guarded { try optionalID("SELECT id FROM run WHERE baseline = 1") }
    }

    /// The baseline to compare with when none is named: the marked run, else the first run.
    public func defaultBaselineRunID() throws -> RunID? {
        try baselineRunID() ?? firstRunID()
    }

    /// Marks `run` as the baseline (`regress --accept`), unmarking the previous one, in one transaction.
    ///
    /// - Throws: ``StoreError/runNotFound(_:)``.
    public func setBaseline(_ run: RunID) throws {
        try guarded {
            try database.inWriteTransaction {
                try database.execute("UPDATE run SET baseline = 0 WHERE baseline = 1")
                let mark = try database.prepare("UPDATE run SET baseline = 1 WHERE id = ?")
                try mark.bind(run, at: 1)
                try mark.execute()
                guard database.changes == 1 else { throw StoreError.runNotFound(run) }
            }
        }
    }

    /// Calls `body` with every result of `run`, in trace id order (streaming).
    ///
    /// - Throws: ``StoreError/runNotFound(_:)`` when there is no such run.
    public func forEachResult(ofRun run: RunID, _ body: (StoredResult) throws -> Void) throws {
        try guarded {
            try requireRun(run)
            let statement = try database.prepare(
                """
                SELECT result.id, trace.id, trace.name, trace.intent, trace.family, \(Store.outcomeColumns("result"))
                FROM result JOIN trace ON trace.id = result.trace_id
                WHERE result.run_id = ? ORDER BY result.trace_id
                """)
            try statement.bind(run, at: 1)
            while try statement.step() { try body(try readStoredResult(statement)) }
        }
    }

    /// The result of the trace named `traceName` in `run`, or `nil` when the run did not simulate it.
    public func result(ofRun run: RunID, traceName: String) throws -> StoredResult? {
        try guarded {
            let statement = try database.prepare(
                """
                SELECT result.id, trace.id, trace.name, trace.intent, trace.family, \(Store.outcomeColumns("result"))
                FROM result JOIN trace ON trace.id = result.trace_id
                WHERE result.run_id = ? AND trace.name = ?
                """)
            try statement.bind(run, at: 1)
            try statement.bind(traceName, at: 2)
            return try statement.step() ? try readStoredResult(statement) : nil
        }
    }

    /// Every result of `run`, in trace id order.
    public func results(ofRun run: RunID) throws -> [StoredResult] {
        var results: [StoredResult] = []
        try forEachResult(ofRun: run) { results.append($0) }
        return results
    }

    /// Calls `body` for every trace of the `candidate` run with its outcome in both runs, in trace id order.
    ///
    /// - Throws: ``StoreError/runNotFound(_:)`` when either run does not exist.
    public func forEachComparison(
        baseline: RunID, candidate: RunID, _ body: (ResultComparison) throws -> Void
    ) throws {
        try guarded {
            try requireRun(baseline)
            try requireRun(candidate)
            let statement = try database.prepare(
                """
                SELECT trace.id, trace.name, trace.intent, trace.family,
                    \(Store.outcomeColumns("c")), b.id, \(Store.outcomeColumns("b"))
                FROM result AS c
                JOIN trace ON trace.id = c.trace_id
                LEFT JOIN result AS b ON b.run_id = ? AND b.trace_id = c.trace_id
                WHERE c.run_id = ? ORDER BY c.trace_id
                """)
            try statement.bind(baseline, at: 1)
            try statement.bind(candidate, at: 2)
            while try statement.step() {
                let base = statement.isNull(at: 16) ? nil : try Store.readOutcome(statement, at: 17)
                try body(
                    ResultComparison(
                        traceID: statement.int64(at: 0), traceName: statement.string(at: 1) ?? "",
                        intent: try statement.word(Intent.self, at: 2), family: statement.string(at: 3),
                        baseline: base, candidate: try Store.readOutcome(statement, at: 4)))
            }
        }
    }

    /// The frames stored for the result `id`, in sample order (empty when none were stored).
    public func frames(ofResult id: ResultID) throws -> [Frame] {
        try guarded {
            let statement = try database.prepare(
                "SELECT seq, state, owner, percent, scroll_offset FROM frame WHERE result_id = ? ORDER BY seq")
            try statement.bind(id, at: 1)
            var frames: [Frame] = []
            while try statement.step() {
                frames.append(
                    Frame(
                        seq: statement.int(at: 0), state: try statement.requiredWord(GestureState.self, at: 1),
                        owner: try statement.requiredWord(Owner.self, at: 2), percent: statement.double(at: 3),
                        scrollOffset: statement.double(at: 4)))
            }
            return frames
        }
    }

    // MARK: Rows

    /// The 12 outcome columns of the result table aliased `table`, in `readOutcome` order.
    static func outcomeColumns(_ table: String) -> String {
        [
            "decision", "reason", "percent", "peak_percent", "velocity", "projected", "settle",
            "overscroll", "tracking_error", "attempted", "began_seq", "start_seq",
        ].map { "\(table).\($0)" }.joined(separator: ", ")
    }

    static func readOutcome(_ row: Statement, at offset: Int32) throws -> Outcome {
        Outcome(
            decision: try row.requiredWord(Decision.self, at: offset),
            reason: try row.requiredWord(Reason.self, at: offset + 1),
            percent: row.double(at: offset + 2), peakPercent: row.double(at: offset + 3),
            velocity: row.double(at: offset + 4), projected: row.optionalDouble(at: offset + 5),
            settle: row.double(at: offset + 6), overscroll: row.double(at: offset + 7),
            trackingError: row.double(at: offset + 8), attempted: row.int64(at: offset + 9) != 0,
            beganSeq: row.optionalInt(at: offset + 10), startSeq: row.optionalInt(at: offset + 11))
    }

    /// Reads `result.id, trace.id, trace.name, trace.intent, trace.family` and the outcome columns.
    private func readStoredResult(_ row: Statement) throws -> StoredResult {
        StoredResult(
            id: row.int64(at: 0), traceID: row.int64(at: 1), traceName: row.string(at: 2) ?? "",
            intent: try row.word(Intent.self, at: 3), family: row.string(at: 4),
            outcome: try Store.readOutcome(row, at: 5))
    }

    private func readSummary(_ row: Statement) throws -> RunSummary {
        RunSummary(
            id: row.int64(at: 0), kind: try row.requiredWord(RunKind.self, at: 1), configID: row.int64(at: 2),
            configName: row.string(at: 3) ?? "", configSettings: row.string(at: 4) ?? "",
            createdAt: row.string(at: 5) ?? "", traceCount: row.int(at: 6), finishCount: row.int(at: 8),
            cancelCount: row.int(at: 9), noneCount: row.int(at: 10), isBaseline: row.int64(at: 7) != 0)
    }

    private func optionalID(_ sql: String) throws -> Int64? {
        let statement = try database.prepare(sql)
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.int64(at: 0)
    }

    private func requireRun(_ run: RunID) throws {
        let statement = try database.prepare("SELECT 1 FROM run WHERE id = ?")
        try statement.bind(run, at: 1)
        guard try statement.step() else { throw StoreError.runNotFound(run) }
    }
}

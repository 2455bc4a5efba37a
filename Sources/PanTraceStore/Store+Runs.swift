import CSQLite
import PanTraceModel

extension Store {
    /// Starts writing a run of `kind` under a config: one `BEGIN IMMEDIATE` transaction until ``RunSession/commit()``.
    ///
    /// - Parameters:
    ///   - kind: what makes the run: `record`, `replay` or `regress`.
    ///   - configName: the config's name (docs/configs.md `name`).
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
    ///
    /// - Throws: `InvalidConfigError` for a config its own reader would
    ///   refuse (docs/configs.md), before anything is written.
    public func beginRun(_ kind: RunKind, config: Config) throws -> RunSession {
        try config.validate()
        return try beginRun(kind, configName: config.name, configJSON: config.canonicalJSON())
    }

    /// The run and config columns, then the number of results with each decision.
    private static let summaryQuery: String = {
        let counts = [Decision.finish, .cancel, .none].map {
            "(SELECT count(*) FROM result WHERE run_id = run.id AND decision = '\($0.rawValue)')"
        }
        return """
            SELECT \(RunRow.selection("run")), \(ConfigRow.selection("config")), \(counts.joined(separator: ", "))
            FROM run JOIN config ON config.id = run.config_id
            """
    }()

    /// Every run, oldest first.
    public func runs() throws -> [RunSummary] {
        try guarded(readingResults: true) {
            let statement = try database.prepare(Store.summaryQuery + " ORDER BY run.id")
            var runs: [RunSummary] = []
            while try statement.step() { runs.append(try readSummary(statement)) }
            return runs
        }
    }

    /// The run `id`, or `nil`.
    public func run(_ id: RunID) throws -> RunSummary? {
        try guarded(readingResults: true) {
            let statement = try database.prepare(Store.summaryQuery + " WHERE run.id = ?")
            try statement.bind(id, at: 1)
            return try statement.step() ? try readSummary(statement) : try noRun(id)
        }
    }

    /// The name and canonical JSON of run `id`'s config, or `nil` when there is no such run.
    ///
    /// What replay needs of its baseline: unlike ``run(_:)`` it does not
    /// count the run's decisions, a pass over all its results.
    public func configOfRun(_ id: RunID) throws -> (name: String, settings: String)? {
        try guarded {
            let statement = try database.prepare(
                "SELECT \(ConfigRow.selection("config")) FROM run JOIN config ON config.id = run.config_id WHERE run.id = ?")
            try statement.bind(id, at: 1)
            guard try statement.step() else { return try noRun(id) }
            var reader = RowReader(statement)
            let config = try ConfigRow.read(&reader)
            return (config.name, config.settings)
        }
    }

    /// The first run recorded (the default baseline, docs/commands.md §7.2), or `nil` in an empty store.
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

    /// Marks `run` as the baseline (the run a replay compares with), unmarking the previous one, in one transaction.
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
        try guarded(readingResults: true) {
            try requireRun(run)
            let statement = try database.prepare(
                """
                SELECT result.id, \(TraceLabel.selection("trace")), \(Outcome.selection("result"))
                FROM result JOIN trace ON trace.id = result.trace_id
                WHERE result.run_id = ? ORDER BY result.trace_id
                """)
            try statement.bind(run, at: 1)
            while try statement.step() { try body(try readStoredResult(statement)) }
        }
    }

    /// The result of the trace named `traceName` in `run`, or `nil` when the run did not simulate it.
    public func result(ofRun run: RunID, traceName: String) throws -> StoredResult? {
        try result(ofRun: run, where: "trace.name = ?") { try $0.bind(traceName, at: 2) }
    }

    /// The result of trace `traceID` in `run`, or `nil` when the run did not simulate it.
    public func result(ofRun run: RunID, traceID: TraceID) throws -> StoredResult? {
        try result(ofRun: run, where: "result.trace_id = ?") { try $0.bind(traceID, at: 2) }
    }

    /// The one result of `run` whose trace `condition` picks (its one parameter bound by `bind`).
    private func result(ofRun run: RunID, where condition: String, bind: (Statement) throws -> Void) throws -> StoredResult? {
        try guarded(readingResults: true) {
            let statement = try database.prepare(
                """
                SELECT result.id, \(TraceLabel.selection("trace")), \(Outcome.selection("result"))
                FROM result JOIN trace ON trace.id = result.trace_id
                WHERE result.run_id = ? AND \(condition)
                """)
            try statement.bind(run, at: 1)
            try bind(statement)
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
        try guarded(readingResults: true) {
            try requireRun(baseline)
            try requireRun(candidate)
            let statement = try database.prepare(
                """
                SELECT \(TraceLabel.selection("trace")), \(Outcome.selection("c")), b.id, \(Outcome.selection("b"))
                FROM result AS c
                JOIN trace ON trace.id = c.trace_id
                LEFT JOIN result AS b ON b.run_id = ? AND b.trace_id = c.trace_id
                WHERE c.run_id = ? ORDER BY c.trace_id
                """)
            try statement.bind(baseline, at: 1)
            try statement.bind(candidate, at: 2)
            while try statement.step() {
                var reader = RowReader(statement)
                let trace = try TraceLabel.read(&reader)
                let candidate = try Outcome.read(&reader)
                let baselineID: ResultID? = try reader.next()
                let baseline = baselineID == nil ? nil : try Outcome.read(&reader)
                try body(
                    ResultComparison(
                        traceID: trace.id, traceName: trace.name, intent: trace.intent, family: trace.family,
                        baseline: baseline, candidate: candidate))
            }
        }
    }

    /// The frames stored for the result `id`, in sample order (empty when none were stored).
    public func frames(ofResult id: ResultID) throws -> [Frame] {
        try guarded {
            let statement = try database.prepare(
                "SELECT \(FrameRow.selection("frame")) FROM frame WHERE result_id = ? ORDER BY seq")
            try statement.bind(id, at: 1)
            var frames: [Frame] = []
            while try statement.step() {
                var reader = RowReader(statement)
                frames.append(try FrameRow.read(&reader).frame)
            }
            return frames
        }
    }

    // MARK: Rows

    /// Reads `result.id`, the ``TraceLabel`` columns and the outcome columns.
    private func readStoredResult(_ row: Statement) throws -> StoredResult {
        var reader = RowReader(row)
        let id: ResultID = try reader.next()
        let trace = try TraceLabel.read(&reader)
        return StoredResult(
            id: id, traceID: trace.id, traceName: trace.name, intent: trace.intent, family: trace.family,
            outcome: try Outcome.read(&reader))
    }

    /// Reads the columns of ``summaryQuery``.
    private func readSummary(_ row: Statement) throws -> RunSummary {
        var reader = RowReader(row)
        let run = try RunRow.read(&reader)
        let config = try ConfigRow.read(&reader)
        let (finish, cancel, none): (Int, Int, Int) = (try reader.next(), try reader.next(), try reader.next())
        return RunSummary(
            id: run.id, kind: run.kind, configID: config.id, configName: config.name, configSettings: config.settings,
            createdAt: run.createdAt, traceCount: run.traceCount, finishCount: finish, cancelCount: cancel,
            noneCount: none, isBaseline: run.isBaseline)
    }

    /// `nil` for a query of run `id` joined with its config that found no
    /// row: unless the run is there and its config row is not (deleted by
    /// hand with foreign keys off), which is damage, not "no run".
    private func noRun<T>(_ id: RunID) throws -> T? {
        if try optionalID("SELECT id FROM run WHERE id = \(id)") != nil {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "run \(id)'s config row is missing")
        }
        return nil
    }

    private func optionalID(_ sql: String) throws -> Int64? {
        let statement = try database.prepare(sql)
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.int64(at: 0)
    }

    func requireRun(_ run: RunID) throws {
        let statement = try database.prepare("SELECT 1 FROM run WHERE id = ?")
        try statement.bind(run, at: 1)
        guard try statement.step() else { throw StoreError.runNotFound(run) }
    }
}

extension Store {
    /// Starts adding to the committed run `run`: one `BEGIN IMMEDIATE`
    /// transaction until ``RunSession/commit()``, which adds the new results
    /// to the run's `trace_count`.
    ///
    /// `pantrace lab` commits each gesture on its own, before it answers the
    /// page (docs/lab.md), and every gesture of a lab session joins the
    /// session's one run.
    ///
    /// - Throws: ``StoreError/runNotFound(_:)``, ``StoreError``.
    public func continueRun(_ run: RunID) throws -> RunSession {
        try guarded { try RunSession(store: self, continuing: run) }
    }
}

import PanTraceCore
import PanTraceStore
import PanTraceModel

/// Searches configs for the one whose decisions best match the stored
/// traces' intents, storing nothing (docs/commands.md §7.5, `pantrace tune`).
///
/// The candidates are every combination of the sweeps on top of the base
/// config; each is decided exactly as `replay` would decide it. The store is
/// only read (`Store.forEachTrace(_:orderedBy:_:)`), so a read-only database will do.
/// A first pass counts every candidate (`TuningEngine`); a second compares
/// the best one with the base config trace by trace (`TuningComparison`).
///
/// ```swift
/// let store = try Store(path: "pantrace.sqlite", readOnly: true)
/// let tuner = Tuner(config: ConfigSource(overrides: ["decision=velocity"]),
///                   sweeps: ["threshold=0.2:0.6:0.05", "flickVelocity=400:2000:200"],
///                   maxAccidental: 5)
/// let tuning = try tuner.tune(in: store)
/// print(tuning.bestConfig?.canonicalJSON() ?? "no candidate within the limit")
/// ```
public struct Tuner: Sendable {
    /// The base config (a file or a preset, and overrides); when it names
    /// none of them, the baseline run's stored config (docs/tune.md "The base").
    public var config: ConfigSource
    /// The sweeps as text, one per key (`threshold=0.2:0.6:0.01`, `decision=threshold,velocity`), one to three.
    public var sweeps: [String]
    /// The traces to tune over: all, or those named or of a family.
    public var selection: TraceSelection
    /// The most `accidental` the best candidate may have;
    /// nil for no limit (a negative limit admits no candidate).
    public var maxAccidental: Int?
    /// The intent sources whose labels count; nil for every
    /// source. A trace labelled by another source counts as unlabelled
    /// (docs/tune.md "Evidence").
    public var evidence: Set<IntentSource>?
    /// What the candidates are counted against: the traces'
    /// intents, or what the app did (docs/tune.md "Against what the app did").
    public var against: TuningObjective

    /// A tune of `sweeps` over `config` on the traces of `selection`.
    public init(
        config: ConfigSource = ConfigSource(), sweeps: [String], selection: TraceSelection = .all,
        maxAccidental: Int? = nil, evidence: Set<IntentSource>? = nil, against: TuningObjective = .intent
    ) {
        self.against = against
        self.config = config
        self.sweeps = sweeps
        self.selection = selection
        self.maxAccidental = maxAccidental
        self.evidence = evidence
    }

    /// The candidates: the base config and the sweeps read and checked,
    /// before any trace is read.
    ///
    /// - Throws: `InputFileError` or `ConfigError` for the base config;
    ///   `SweepError` for a sweep (an unknown key, a value docs/configs.md does not
    ///   allow, an empty or reversed range, a step of 0, more than 3 sweeps
    ///   or 1,000,000 candidates).
    public func grid() throws -> TuningGrid {
        try TuningGrid(base: try config.resolve(), sweeping: sweeps)
    }

    /// The candidates over `store`, on top of the base every command starts
    /// from (``ConfigBase``): ``config``'s file or preset, else the baseline
    /// run's stored config (the one `replay` compares with: after a
    /// `pantrace lab` session, the config the person felt), with
    /// ``config``'s overrides applied; the defaults in a store without runs.
    ///
    /// - Throws: what ``grid()`` throws; ``WorkflowError/damagedConfig(run:reason:)``.
    public func grid(in store: Store) throws -> (grid: TuningGrid, origin: ConfigOrigin) {
        try config.check()
        let base = try ConfigBase.resolve(config, in: store)
        return (try TuningGrid(base: base.config, sweeping: sweeps), base.origin)
    }

    /// Tunes over the selected traces of `store`, writing nothing to it,
    /// on top of the base of ``grid(in:)``.
    ///
    /// - Parameters:
    ///   - store: the store whose traces are read.
    ///   - progress: called with the traces read so far in each of
    ///     the two passes, every 1024 traces.
    /// - Throws: what ``grid(in:)`` throws, before any trace is read;
    ///   ``NothingToTuneError`` when no selected trace has an intent (without
    ///   ``evidence``: with it, the tuning has nothing to learn from and no
    ///   best, ``Tuning/nothingToLearn``); `StoreError` (a name in ``selection``
    ///   that is not stored …).
    public func tune(in store: Store, progress: ((Int) -> Void)? = nil) throws -> Tuning {
        let (grid, origin) = try grid(in: store)
        return try tune(grid, origin: origin, in: store, progress: progress)
    }

    /// Tunes the candidates of `grid` (from ``grid(in:)``) over the selected
    /// traces of `store`; `origin` says where the grid's base came from.
    ///
    /// - Throws: `InvalidConfigError` when the grid's base config has a value
    ///   docs/configs.md does not allow (a typed `Config`), before any trace is read.
    public func tune(
        _ grid: TuningGrid, origin: ConfigOrigin = ConfigOrigin(.given), in store: Store,
        progress: ((Int) -> Void)? = nil
    ) throws -> Tuning {
        try grid.base.validate()
        var grid = grid
        grid.objective = against
        if against == .observed { return try calibrate(grid, origin: origin, in: store, progress: progress) }
        let recordedUnder = try store.baselineConfig()
        var engine = TuningEngine(grid: grid)
        var evidence = TuningEvidence(admitting: self.evidence)
        try forEachSelectedTrace(in: store, progress: progress) { engine.add(evidence.admit($0)) }
        let results = engine.finish()
        guard results.traces > 0 else { throw NothingToTuneError.noTraces(selection) }
        guard results.labelled > 0 || self.evidence != nil else {
            throw NothingToTuneError.noIntent(traces: results.traces, selection: selection)
        }
        var context = TuningContext(
            origin: origin.description, recordedUnder: recordedUnder.map { ($0.run, $0.config.interaction) },
            bestWithPeople: try bestWithPeople(grid, evidence: evidence, in: store, progress: progress))
        context.baselineDifferences = recordedUnder.map { grid.base.differences(from: $0.config) } ?? []
        guard results.labelled > 0, let best = results.bestConfig(maxAccidental: maxAccidental) else {
            return Tuning(
                results: results, maxAccidental: maxAccidental, comparison: nil, evidence: evidence, context: context)
        }
        // The second pass decides the base and the best trace by trace; the
        // bootstrap resamples those outcomes and simulates nothing again.
        var comparison = TuningComparison(base: grid.base, best: best)
        var admitted = TuningEvidence(admitting: self.evidence)
        try forEachSelectedTrace(in: store, progress: progress) { comparison.add(admitted.admit($0)) }
        return Tuning(
            results: results, maxAccidental: maxAccidental, comparison: comparison, evidence: evidence,
            intervals: TuningIntervals(pairs: comparison.outcomes), context: context)
    }

    /// docs/tune.md "Against what the app did": the candidates counted
    /// against the traces' `observed`, their evidence by who reported it.
    private func calibrate(
        _ grid: TuningGrid, origin: ConfigOrigin, in store: Store, progress: ((Int) -> Void)?
    ) throws -> Tuning {
        let recordedUnder = try store.baselineConfig()
        var engine = TuningEngine(grid: grid)
        var observed = ObservedEvidence()
        try forEachSelectedTrace(in: store, progress: progress) { trace in
            observed.add(trace)
            engine.add(trace)
        }
        let results = engine.finish()
        guard results.traces > 0 else { throw NothingToTuneError.noTraces(selection) }
        guard results.labelled > 0 else { throw NothingToTuneError.noObserved(traces: results.traces, selection: selection) }
        let context = TuningContext(
            origin: origin.description, recordedUnder: recordedUnder.map { ($0.run, $0.config.interaction) },
            bestWithPeople: nil, observed: observed)
        guard let best = results.bestConfig() else {
            return Tuning(results: results, maxAccidental: nil, comparison: nil, context: context)
        }
        var comparison = TuningComparison(base: grid.base, best: best, objective: .observed)
        try forEachSelectedTrace(in: store, progress: progress) { comparison.add($0) }
        return Tuning(
            results: results, maxAccidental: nil, comparison: comparison,
            intervals: TuningIntervals(pairs: comparison.outcomes), context: context)
    }

    /// docs/tune.md "Evidence": when people's labels are present but
    /// fewer than the generator's, the best over people's labels alone
    /// (one more pass, only then), so the report can say how it changes.
    private func bestWithPeople(
        _ grid: TuningGrid, evidence: TuningEvidence, in store: Store, progress: ((Int) -> Void)?
    ) throws -> TuningContext.PeopleBest? {
        guard evidence.syntheticOutnumbersPeople else { return nil }
        var engine = TuningEngine(grid: grid)
        var people = TuningEvidence(admitting: [.person, .inferred])
        try forEachSelectedTrace(in: store, progress: progress) { engine.add(people.admit($0)) }
        let results = engine.finish()
        return TuningContext.PeopleBest(labelled: results.labelled, best: results.best(maxAccidental: maxAccidental))
    }

    private func forEachSelectedTrace(
        in store: Store, progress: ((Int) -> Void)?, _ body: (Trace) -> Void
    ) throws {
        var count = 0
        try store.forEachTrace(selection.filter) { _, trace in
            body(trace)
            count += 1
            if count % 1024 == 0 { progress?(count) }
        }
    }
}

import PanTraceCore
import PanTraceStore
import PanTraceModel
import PanTraceReports

/// Re-simulates stored traces under a config as a new run and compares its
/// decisions with a baseline run's (SPEC 7.2).
///
/// ```swift
/// let store = try Store(path: "pantrace.sqlite")
/// var config = Config()
/// try config.apply(overrides: ["threshold=0.3"])
/// let comparison = try Replayer(config: config).replay(in: store)
/// print(comparison.changed, "decisions changed")
/// ```
public struct Replayer {
    /// The candidate config.
    public var config: Config
    /// The traces to replay.
    public var selection: TraceSelection
    /// The run to compare with; `nil` for the accepted baseline, else the first run.
    public var baseline: RunID?
    /// Whether the candidate run stores its frames (they can always be recomputed).
    public var storesFrames: Bool
    /// The kind of the stored run: `.replay`, or `.regress` for a ``Regression``.
    public var kind: RunKind
    /// Whether the run becomes the baseline, in the same transaction (`regress --accept`).
    public var marksBaseline = false

    /// A replay of `selection` under `config` against `baseline`.
    public init(
        config: Config, selection: TraceSelection = .all, baseline: RunID? = nil,
        storesFrames: Bool = false, kind: RunKind = .replay
    ) {
        self.config = config
        self.selection = selection
        self.baseline = baseline
        self.storesFrames = storesFrames
        self.kind = kind
    }

    /// Stores the candidate run and returns its comparison with the baseline.
    ///
    /// - Parameters:
    ///   - progress: called with the number of traces replayed so far, every 1024 traces.
    ///   - each: when given, called after the run is committed with every
    ///     trace compared, in the store's order (a JUnit report); an error it
    ///     throws keeps the run. With ``marksBaseline`` it is called before
    ///     the commit instead: an error then stores nothing and moves no baseline.
    ///   - streaming: when given, called as each trace is simulated with its
    ///     comparison and the trace itself (whose samples are reused by the
    ///     next call: keep a copy if needed), e.g. ``ReplayPageBuilder/add(_:trace:)``.
    ///   - finishing: when given, called once with the whole comparison, after
    ///     `each` (the place to write reports, such as an HTML page). With
    ///     ``marksBaseline`` it too is called before the commit, so that a
    ///     report that cannot be written stores nothing and moves no baseline;
    ///     otherwise after it, and an error it throws keeps the run.
    /// - Throws: `InvalidConfigError` for a config value docs/configs.md
    ///   does not allow (nothing is stored); ``WorkflowError`` when there is no run to compare with or no
    ///   trace matches; `StoreError` (an unknown run or trace name …).
    public func replay(
        in store: Store, progress: ((Int) -> Void)? = nil, each: ((ComparedTrace) throws -> Void)? = nil,
        streaming: ((ComparedTrace, Trace) -> Void)? = nil, finishing: ((RunComparison) throws -> Void)? = nil
    ) throws -> RunComparison {
        // docs/configs.md: a typed config is checked as a file's would be, before anything is read or stored.
        try config.validate()
        let baselineID: RunID
        if let baseline {
            baselineID = baseline
        } else {
            guard let first = try store.defaultBaselineRunID() else {
                throw WorkflowError.noRunsToCompare(database: store.path)
            }
            baselineID = first
        }
        // Only the config: the run's summary would count its decisions, a pass over its results.
        guard let baselineRun = try store.configOfRun(baselineID) else { throw StoreError.runNotFound(baselineID) }
        let baselineConfig = try Config(storedSettings: baselineRun.settings, ofRun: baselineID)

        let config = config
        let session = try store.beginRun(kind, config: config)
        var comparison = RunComparison(
            baseline: RunLabel(run: baselineID, config: baselineRun.name),
            candidate: RunLabel(run: session.runID, config: config.name),
            settingChanges: config.differences(from: baselineConfig))
        var frames: [Frame] = []
        var count = 0
        // Compared as they are simulated: the store reads each trace with its
        // baseline outcome, so no second pass over the results is needed.
        try store.forEachTrace(selection.filter, withOutcomesOf: baselineID) { id, trace, baseline in
            let outcome = Simulator.simulate(trace, under: config, frames: &frames, recordingFrames: storesFrames)
            _ = try session.addResult(traceID: id, outcome: outcome, frames: frames)
            let compared = ComparedTrace(
                name: trace.name, family: trace.family, intent: trace.intent,
                baseline: baseline.map(ResultSummary.init), candidate: ResultSummary(outcome))
            comparison.add(compared)
            streaming?(compared, trace)
            count += 1
            if count % 1024 == 0 { progress?(count) }
        }
        guard count > 0 else {
            session.rollback()
            throw WorkflowError.nothingToReplay(selection)
        }
        func report(candidate: RunID) throws {
            if let each {
                try store.forEachComparison(baseline: baselineID, candidate: candidate) { result in
                    try each(
                        ComparedTrace(
                            name: result.traceName, family: result.family, intent: result.intent,
                            baseline: result.baseline.map(ResultSummary.init), candidate: ResultSummary(result.candidate)))
                }
            }
            try finishing?(comparison)
        }
        if marksBaseline {
            do {
                try report(candidate: session.runID)
                try session.markAsBaseline()
            } catch {
                session.rollback()
                throw error
            }
            try session.commit()
        } else {
            try report(candidate: try session.commit())
        }
        return comparison
    }
}

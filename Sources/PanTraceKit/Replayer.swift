import PanTraceCore
import PanTraceStore
import PanTraceModel

/// Re-simulates stored traces under a config as a new run and compares its
/// decisions with a baseline run's (docs/commands.md §7.2).
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
    /// Whether the run becomes the baseline, in the same transaction (``Regression/accept``).
    public var marksBaseline = false
    /// How the reports name the candidate's base and where it came from
    /// (``ConfigBase/description``); `nil` when not told.
    public var base: String?

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

    /// A replay of `selection` under `base`'s config, against `base`'s
    /// baseline run (docs/commands.md §7.2 "One base for every command"),
    /// whose reports name the base and where it came from.
    public init(
        base: ConfigBase, selection: TraceSelection = .all, baseline: RunID? = nil,
        storesFrames: Bool = false, kind: RunKind = .replay
    ) {
        self.init(
            config: base.config, selection: selection, baseline: baseline ?? base.baselineRun, storesFrames: storesFrames,
            kind: kind)
        self.base = base.description
    }

    /// Stores the candidate run and returns its comparison with the baseline.
    ///
    /// Each of `reporters` is told every trace as it is simulated, then the
    /// whole comparison before the commit: a report that cannot be written
    /// stores nothing (and, with ``marksBaseline``, moves no baseline).
    ///
    /// - Throws: `InvalidConfigError` for a config value docs/configs.md
    ///   does not allow (nothing is stored); ``WorkflowError`` when there is
    ///   no run to compare with or no trace matches; `StoreError` (an unknown
    ///   run or trace name …); what a reporter throws.
    @discardableResult
    public func replay(in store: Store, reporting reporters: [any ReplayReporter] = []) throws -> RunComparison {
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
        comparison.base = base
        let storesFrames = storesFrames
        var count = 0
        do {
            // Compared as they are simulated: the store reads each trace with its
            // baseline outcome, so no second pass over the results is needed.
            // The samples are decoded and simulated a batch ahead on the second
            // core while this thread reads the next rows and writes the results
            // (docs/performance.md).
            let filter = selection.filter
            let simulate: @Sendable ([(stored: StoredTrace, baseline: Outcome?)]) -> [Result<(Outcome, [Frame]), any Error>] = { batch in
                Self.simulate(batch.lazy.map(\.stored), under: config, storingFrames: storesFrames)
            }
            try Self.readAhead(
                session.concurrentReader(), store: store, simulating: simulate,
                reading: { store, add in
                    try store.forEachStoredTrace(filter, withOutcomesOf: baselineID) { try add((stored: $0, baseline: $1)) }
                }
            ) { read, simulated in
                let (outcome, frames) = try simulated.get()
                _ = try session.addResult(for: read.stored, outcome: outcome, frames: frames)
                let compared = ComparedTrace(
                    name: read.stored.name, family: read.stored.family, intent: read.stored.intent,
                    startDetent: read.stored.startDetent, baseline: read.baseline.map(ResultSummary.init), candidate: ResultSummary(outcome))
                comparison.add(compared)
                for reporter in reporters { try reporter.compared(compared, trace: read.stored) }
                count += 1
                if count % 1024 == 0 { for reporter in reporters { reporter.replayed(count) } }
            }
            guard count > 0 else { throw WorkflowError.nothingToReplay(selection) }
            let finished = FinishedReplay(
                comparison: comparison, baselineConfig: baselineConfig, candidateConfig: config, store: store)
            for reporter in reporters { try reporter.finish(finished) }
            if marksBaseline { try session.markAsBaseline() }
        } catch {
            session.rollback()
            throw error
        }
        _ = try session.commit()
        return comparison
    }

    /// Stored traces decoded and simulated, with their frames when stored: the
    /// work replay does on the second core, one batch at a time. The samples
    /// go into one reused buffer and stay on this thread; only the outcomes
    /// (and frames) go back.
    /// Reads with `reading`, simulates with `simulate` a batch ahead, and
    /// calls `body` in order: read and simulated on the worker through a
    /// connection of its own when there is a `reader`, else read here
    /// (``ComputeAhead``).
    static func readAhead<Read: Sendable, Simulated: Sendable>(
        _ reader: ConcurrentReader?, store: Store, simulating simulate: @escaping @Sendable ([Read]) -> [Simulated],
        reading: @escaping @Sendable (Store, (Read) throws -> Void) throws -> Void,
        _ body: (Read, Simulated) throws -> Void
    ) throws {
        if let reader {
            try ComputeAhead.map(batches: simulate, readingOnWorker: { add in try reading(reader.open(), add) }, body)
        } else {
            try ComputeAhead.map(batches: simulate, over: { add in try reading(store, add) }, body)
        }
    }

    private static func simulate(
        _ traces: some Collection<StoredTrace>, under config: Config, storingFrames: Bool
    ) -> [Result<(Outcome, [Frame]), any Error>] {
        var trace = Trace(name: "", width: 1, height: 1, samples: [])
        var frames: [Frame] = []
        return traces.map { stored in
            Result {
                try stored.unpackForSimulation(into: &trace)
                let outcome = Simulator.simulate(trace, under: config, frames: &frames, recordingFrames: storingFrames)
                return (outcome, storingFrames ? frames : [])
            }
        }
    }
}

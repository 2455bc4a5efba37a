import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceStore
import Testing

/// `pantrace tune` as a library workflow (docs/commands.md §7.5): the best config read
/// back, refusals before any work, and a store that is only read.
@Suite struct TunerTests {
    /// The worked examples and 300 synthetic traces, recorded once per test process (each test gets a copy).
    static func corpus() throws -> (Workspace, Store) {
        let workspace = try Workspace.recorded("record worked-examples count=300 seed=5") { store in
            _ = try Recorder(
                inputs: [try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl"))],
                synthetic: SyntheticTraces(count: 300, seed: 5)
            ).record(into: store)
        }
        return (workspace, try Store(path: workspace.db))
    }

    /// The best config, written as `--best-config` writes it, is read by
    /// `--config` as the same config, and a stored replay of it gives the best counts.
    @Test(arguments: [nil, 3] as [Int?])
    func theBestConfigFileReproducesTheBestCounts(maxAccidental: Int?) throws {
        let (workspace, store) = try Self.corpus()
        let tuner = Tuner(
            config: ConfigSource(overrides: ["decision=velocity"]),
            sweeps: ["threshold=0.2:0.6:0.05", "flickVelocity=400:2000:400"], maxAccidental: maxAccidental)
        let tuning = try tuner.tune(in: store)
        let best = try #require(tuning.best)
        let config = try #require(tuning.bestConfig)
        let path = try workspace.write(config.configFileJSON(), to: "best.json")
        let readBack = try ConfigSource(file: path).resolve()
        #expect(readBack == config)
        #expect(readBack.decision == .velocity, "the base config's own settings are kept")
        #expect(readBack.name == "baseline decision=velocity " + tuning.results.grid.settings(at: best).map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        var counts = TuningCounts()
        _ = try Replayer(config: readBack).replay(in: store, reporting: [EachComparedTrace { counts.add($0.candidate.decision, intent: $0.intent) }])
        #expect(counts == tuning.results.counts(at: best))
        if let maxAccidental { #expect(counts.accidental <= maxAccidental) }
        // The comparison's best side is the same config counted trace by trace.
        #expect(tuning.comparison?.bestCounts == counts)
    }

    /// The comparison's base side is what `replay` of the base config gives.
    @Test func theComparisonsBaseIsTheBaseConfig() throws {
        let (_, store) = try Self.corpus()
        let tuning = try Tuner(sweeps: ["threshold=0.3,0.5"]).tune(in: store)
        var counts = TuningCounts()
        _ = try Replayer(config: Config()).replay(in: store, reporting: [EachComparedTrace { counts.add($0.candidate.decision, intent: $0.intent) }])
        #expect(tuning.comparison?.baseCounts == counts)
    }

    /// No candidate within the limit: no best, no config, no second pass.
    @Test func noCandidateWithinTheLimitHasNoBest() throws {
        let (_, store) = try Self.corpus()
        // threshold 0.05 finishes nearly every pull, so the peeks meant to cancel finish too.
        let tuning = try Tuner(sweeps: ["threshold=0.05"], maxAccidental: 0).tune(in: store)
        try #require(tuning.results.counts(at: 0).accidental > 0)
        #expect(tuning.best == nil && tuning.bestConfig == nil && tuning.comparison == nil)
        #expect(tuning.textReport().contains("best        none: no candidate with at most 0 accidental"))
    }

    /// A selection with no trace that has an intent is refused, saying so.
    @Test func tracesWithoutAnIntentAreRefused() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(inputs: [try TraceInput(path: Workspace.fixture("traces/edge-cases.jsonl"))]).record(into: store)
        let traces = try store.runs()[0].traceCount
        #expect(throws: NothingToTuneError.noIntent(traces: traces, selection: .all)) {
            try Tuner(sweeps: ["threshold=0.3,0.4"]).tune(in: store)
        }
        #expect("\(NothingToTuneError.noIntent(traces: 47, selection: .all))".hasPrefix("none of the 47 traces has an intent"))
        let none = TraceSelection(families: ["no-such-family"])
        #expect(throws: NothingToTuneError.noTraces(none)) { try Tuner(sweeps: ["threshold=0.3"], selection: none).tune(in: store) }
    }

    /// A selection of unlabelled traces in a labelled corpus is refused too.
    @Test func aSelectionWithoutAnIntentIsRefused() throws {
        let (_, store) = try Self.corpus()
        let names = ["spec-4.9-1-slow-drag", "spec-4.9-2-short-flick", "spec-4.9-3-scroll-offset-50", "spec-4.9-3-scroll-offset-0"]
        let unlabelled = try names.filter { try store.trace(named: $0)?.trace.intent == nil }
        try #require(!unlabelled.isEmpty, "the worked examples changed: \(names)")
        let selection = TraceSelection(names: unlabelled)
        #expect(throws: NothingToTuneError.noIntent(traces: unlabelled.count, selection: selection)) {
            try Tuner(sweeps: ["threshold=0.3"], selection: selection).tune(in: store)
        }
    }

    /// Bad sweeps and configs are refused by ``Tuner/grid()`` before any trace is read.
    @Test(arguments: [
        (["treshold=0.2:0.6:0.1"], [String](), "treshold: unknown key (did you mean `threshold`?)"),
        (["threshold=0:1:0.1"], [], "threshold: must be > 0"),
        (["threshold=0.6:0.2:0.1"], [], "the range is empty"),
        (["flickVelocity=200:400:0"], [], "the step must be > 0"),
        (["threshold=0.3", "decision=velocity", "guarded=true", "touchSlop=4"], [], "4 sweeps, at most 3"),
        (["threshold=0.01:1:0.0001", "flickVelocity=1:1000:1"], [], "more than 1000000 combinations"),
        (["threshold=0.3"], ["treshold=0.3"], "treshold: unknown key"),
    ])
    func badInputIsRefusedByName(sweeps: [String], overrides: [String], words: String) throws {
        let tuner = Tuner(config: ConfigSource(overrides: overrides), sweeps: sweeps)
        let error = #expect(throws: (any Error).self) { try tuner.grid() }
        #expect(error.map { "\($0)".contains(words) } == true, "\(String(describing: error))")
        // No store needed: the grid fails first.
        #expect(error is SweepError || error is ConfigError)
    }

    /// Tune reads a database it may not write: a chmod 0444 copy, opened
    /// read-only, gives the same results and stays byte for byte the same.
    @Test func aReadOnlyDatabaseIsEnough() throws {
        let sweeps = ["threshold=0.2:0.6:0.1", "decision=threshold,velocity"]
        let workspace: Workspace
        let writable: Tuning
        do {
            let (corpus, store) = try Self.corpus()
            workspace = corpus
            writable = try Tuner(sweeps: sweeps).tune(in: store)
            #expect(try store.runs().count == 1, "tune stores no run")
        }
        // The store is closed: the database file holds everything.
        let copy = workspace.path("read-only.sqlite")
        try FileManager.default.copyItem(atPath: workspace.db, toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        do {
            let readOnly = try Store(path: copy, readOnly: true)
            let tuning = try Tuner(sweeps: sweeps).tune(in: readOnly)
            #expect(tuning.results.traces == writable.results.traces)
            for index in 0..<tuning.results.count {
                #expect(tuning.results.counts(at: index) == writable.results.counts(at: index))
            }
            #expect(tuning.comparison?.baseCounts == writable.comparison?.baseCounts)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }

    /// A selection in a store opened read-only: the selected ids go to the
    /// connection's temp table, which the read-only guard (`query_only`)
    /// must let through, and the file stays byte for byte the same.
    @Test(arguments: [
        TraceSelection(names: [], families: ["flick"]), TraceSelection(names: ["spec-4.9-1-slow-drag"], families: ["peek"]),
    ])
    func aSelectionReadsAReadOnlyStore(selection: TraceSelection) throws {
        let sweeps = ["decision=threshold,velocity"]
        let workspace: Workspace
        let writable: Tuning
        do {
            let (corpus, store) = try Self.corpus()
            workspace = corpus
            writable = try Tuner(sweeps: sweeps, selection: selection).tune(in: store)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: workspace.db))
        do {
            let readOnly = try Store(path: workspace.db, readOnly: true)
            let tuning = try Tuner(sweeps: sweeps, selection: selection).tune(in: readOnly)
            #expect(tuning.results.traces == writable.results.traces)
            #expect(tuning.results.traces > 0)
            for index in 0..<tuning.results.count {
                #expect(tuning.results.counts(at: index) == writable.results.counts(at: index))
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.db)) == before)
    }
}

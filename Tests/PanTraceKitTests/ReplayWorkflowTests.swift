import Foundation
import PanTraceKit
import PanTraceStore
import SQLiteTestSupport
import Testing

/// Replay as a workflow (docs/commands.md §7.2): what ``Replayer`` and
/// ``Regression`` store, checked in the database with SQL, and the reports
/// they give (the JSON parsed by Foundation). PanTraceCLITests shows what only
/// the binary shows: the reports on standard output, the exit statuses.
@Suite struct ReplayWorkflowTests {
    static func fixture(config name: String) -> String { Workspace.fixture("configs/\(name).json") }

    /// Configs that exercise every decision mode, both estimators, the gating
    /// policies, another interaction, the guard and a curve.
    static let configs: [ConfigSource] = [
        ConfigSource(overrides: ["threshold=0.3"]),
        ConfigSource(overrides: ["decision=velocity", "velocityEstimator=lastSegment"]),
        ConfigSource(file: fixture(config: "projection")),
        ConfigSource(file: fixture(config: "handoff")),
        ConfigSource(file: fixture(config: "guarded"), overrides: ["curve=easeOut", "lockScroll=true"]),
        ConfigSource(file: fixture(config: "swipe-back")),
    ]

    /// Every column of `result` but the ids: a replay under the same config must reproduce them all.
    static let resultColumns = [
        "decision", "reason", "percent", "peak_percent", "velocity", "projected", "settle", "overscroll",
        "tracking_error", "attempted", "began_seq", "start_seq",
    ]

    /// A workspace holding `count` synthetic traces of `seed` (after `inputs`)
    /// recorded under `source` as run 1, recorded once per test process.
    static func recorded(count: Int, seed: UInt64, inputs: [String] = [], under source: ConfigSource = ConfigSource()) throws -> Workspace {
        try Workspace.recorded("record \(inputs) count=\(count) seed=\(seed) \(source)") { store in
            _ = try Recorder(
                config: try source.resolve(), inputs: try inputs.map { try TraceInput(path: $0) },
                synthetic: SyntheticTraces(count: count, seed: seed)
            ).record(into: store)
        }
    }

    @Test(arguments: configs)
    func replayingARunsOwnConfigChangesNothing(_ source: ConfigSource) throws {
        let workspace = try Self.recorded(count: 120, seed: 11, under: source)
        let database = DatabaseFile(path: workspace.db)
        let config = try source.resolve()
        let store = try Store(path: workspace.db)
        let traces = try database.integer("SELECT count(*) FROM trace")
        let corpus = try database.rows("SELECT * FROM trace ORDER BY id; SELECT * FROM sample ORDER BY trace_id, seq;")
        let comparison = try Regression(replayer: Replayer(config: config)).replay(in: store)
        // Replay reads the stored traces and never writes them.
        #expect(try database.rows("SELECT * FROM trace ORDER BY id; SELECT * FROM sample ORDER BY trace_id, seq;") == corpus)
        let candidate = try database.newestRun()
        #expect(candidate == 2)

        // The database: one config row (identified by content), every result identical.
        #expect(try database.integer("SELECT count(*) FROM config") == 1)
        #expect(try database.integer("SELECT count(DISTINCT config_id) FROM run") == 1)
        #expect(try database.integer("SELECT count(*) FROM result WHERE run_id = 2") == traces)
        let differs = Self.resultColumns.map { "b.\($0) IS NOT c.\($0)" }.joined(separator: " OR ")
        let different = try database.integer(
            """
            SELECT count(*) FROM result AS b JOIN result AS c ON c.trace_id = b.trace_id
            WHERE b.run_id = 1 AND c.run_id = 2 AND (\(differs))
            """)
        #expect(different == 0)

        // The report agrees.
        let report = try JSONReport(comparison.jsonReport())
        #expect(report.changed == 0)
        #expect(report.changes.isEmpty)
        #expect(report.traces == traces)
        #expect(report.run("baseline") == 1)
        #expect(report.run("candidate") == candidate)
        #expect(report.config("baseline") == report.config("candidate"))

        let text = try Replayer(config: config).replay(in: store).textReport()
        #expect(text.contains("settings   identical"))
        #expect(text.contains("\n0 changed\n"))
        #expect(text.contains("traces compared: \(traces)"))
    }

    /// docs/model.md §4.6: only the threshold rule looks at the threshold, so exactly the
    /// lifted traces whose stored percent lies between the two thresholds flip.
    @Test(arguments: [(0.4, 0.3), (0.4, 0.55), (0.25, 0.5)])
    func aThresholdChangeFlipsExactlyTheTracesBetweenTheThresholds(recorded: Double, replayed: Double) throws {
        let workspace = try Self.recorded(count: 300, seed: 7, under: ConfigSource(overrides: ["threshold=\(recorded)"]))
        let database = DatabaseFile(path: workspace.db)
        let store = try Store(path: workspace.db)
        let comparison = try Replayer(config: try ConfigSource(overrides: ["threshold=\(replayed)"]).resolve()).replay(in: store)
        let candidate = try database.newestRun()

        let low = min(recorded, replayed)
        let high = max(recorded, replayed)
        let between = try database.names(
            """
            SELECT trace FROM decisions WHERE run = 1 AND reason IN ('threshold', 'belowThreshold')
            AND percent >= \(low) AND percent < \(high)
            """)
        let changed = try database.changedTraces(baseline: 1, candidate: candidate)
        try #require(!between.isEmpty, "the corpus should have traces between the thresholds")
        #expect(changed == between)

        // The direction of every flip follows the threshold's.
        let (from, to) = replayed < recorded ? ("cancel", "finish") : ("finish", "cancel")
        let wrongWay = try database.integer(
            """
            SELECT count(*) FROM decisions AS b JOIN decisions AS c ON c.trace = b.trace
            WHERE b.run = 1 AND c.run = \(candidate) AND b.decision <> c.decision
            AND NOT (b.decision = '\(from)' AND c.decision = '\(to)')
            """)
        #expect(wrongWay == 0)
        // A threshold changes no percent and no velocity.
        let moved = try database.integer(
            """
            SELECT count(*) FROM result AS b JOIN result AS c ON c.trace_id = b.trace_id
            WHERE b.run_id = 1 AND c.run_id = \(candidate) AND (b.percent <> c.percent OR b.velocity <> c.velocity)
            """)
        #expect(moved == 0)

        let report = try JSONReport(comparison.jsonReport())
        #expect(Set(report.changedNames) == between)
        #expect(report.changedNames.count == between.count)
        #expect(report.changed == between.count)
    }

    /// Replaying stored traces under a config gives what recording them under
    /// it gives: the traces survive the database bit for bit, frames included.
    @Test(arguments: [
        ConfigSource(file: fixture(config: "handoff")),
        ConfigSource(file: fixture(config: "swipe-back")),
        ConfigSource(file: fixture(config: "guarded"), overrides: ["curve=easeInOut", "velocityEstimator=lastSegment"]),
        ConfigSource(overrides: ["interaction=pull-up-present", "extent=300", "maximumNumberOfTouches=2"]),
    ])
    func replayGivesWhatAFreshRecordGives(_ source: ConfigSource) throws {
        let fixtures = [Workspace.fixture("traces/worked-examples.jsonl")]
        let replayed = try Self.recorded(count: 120, seed: 5, inputs: fixtures)
        do {
            let store = try Store(path: replayed.db)
            _ = try Replayer(config: try source.resolve(), storesFrames: true).replay(in: store)
        }
        let recorded = try Self.recorded(count: 120, seed: 5, inputs: fixtures, under: source)
        let database = DatabaseFile(path: replayed.db)
        let fresh = DatabaseFile(path: recorded.db)

        let traces = try database.integer("SELECT count(*) FROM trace")
        #expect(try database.integer("SELECT count(*) FROM result WHERE run_id = 2") == traces)
        #expect(try fresh.integer("SELECT count(*) FROM result WHERE run_id = 1") == traces)
        let columns = ReplayWorkflowTests.resultColumns.map { "r.\($0) IS NOT f.\($0)" }.joined(separator: " OR ")
        let differing = try database.integer(
            """
            ATTACH '\(recorded.db)' AS fresh;
            SELECT count(*) FROM decisions AS r JOIN fresh.decisions AS f ON f.trace = r.trace
            WHERE r.run = 2 AND f.run = 1 AND (\(columns));
            """)
        #expect(differing == 0)
        #expect(try database.integer(
            """
            ATTACH '\(recorded.db)' AS fresh;
            SELECT count(*) FROM decisions AS r JOIN fresh.decisions AS f ON f.trace = r.trace WHERE r.run = 2 AND f.run = 1;
            """) == traces)
        func frames(_ schema: String, run: Int) -> String {
            """
            SELECT t.name, f.seq, f.state, f.owner, f.percent, f.scroll_offset
            FROM \(schema)frame AS f JOIN \(schema)result AS r ON r.id = f.result_id JOIN \(schema)trace AS t ON t.id = r.trace_id
            WHERE r.run_id = \(run)
            """
        }
        for (a, b) in [(frames("main.", run: 2), frames("fresh.", run: 1)), (frames("fresh.", run: 1), frames("main.", run: 2))] {
            #expect(try database.integer("ATTACH '\(recorded.db)' AS fresh; SELECT count(*) FROM (\(a) EXCEPT \(b));") == 0)
        }
        #expect(try database.integer("SELECT count(*) FROM frame JOIN result ON result.id = result_id WHERE run_id = 2") > traces)
    }
}

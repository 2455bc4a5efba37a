import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceStore
import SQLiteTestSupport
import Subprocess
import Testing

/// Every field of the `decisions` view agrees with `scripts/oracle.py`, an
/// independent Python implementation of docs/model.md §4 written from the spec alone,
/// over a store the workflows filled (the command line calls the same).
@Suite struct OracleAgreementTests {
    static let oracle = Workspace.repositoryRoot.appending(path: "scripts/oracle.py").path
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: python != nil, "python3 is not installed: the oracle cannot run"))
    func storedResultsAgreeWithTheOracle() async throws {
        let workspace = try Workspace()
        do {
            let store = try Store(path: workspace.db)
            _ = try Recorder(
                inputs: [
                    try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl")),
                    try TraceInput(path: Workspace.fixture("traces/edge-cases.jsonl")),
                ],
                synthetic: SyntheticTraces(count: 400, seed: 2024)
            ).record(into: store)
            // Sheets with detents (docs/model.md §4.10): the hand-made examples and the sheet families.
            _ = try Recorder(
                inputs: [try TraceInput(path: Workspace.fixture("traces/detents-examples.jsonl"))],
                synthetic: SyntheticTraces(count: 200, seed: 7, families: SyntheticFamily.sheets)
            ).record(into: store)
            // The replays; one stores its frames (`--frames`).
            let configs: [(ConfigSource, frames: Bool)] = [
                (ConfigSource(file: Workspace.fixture("configs/projection.json")), false),
                (ConfigSource(overrides: ["scrollGating=handoff", "decision=velocity", "curve=easeOut"]), false),
                (ConfigSource(overrides: ["interaction=swipe-back", "velocityEstimator=lastSegment", "guarded=true"]), false),
                (ConfigSource(overrides: ["interaction=pull-up-present", "lockScroll=true", "extent=300"]), true),
                (ConfigSource(overrides: ["touchSlop=0", "maximumNumberOfTouches=2", "curve=easeInOut", "completionSpeed=2", "duration=0.6"]), false),
                (ConfigSource(file: Workspace.fixture("configs/projection-sheet.json")), false),
                (ConfigSource(overrides: ["velocityEstimator=impulse", "decision=velocity", "interaction=swipe-back"]), false),
                // docs/model.md §4.6's later rules and units.
                (ConfigSource(overrides: ["decision=lookahead", "lookahead=0.2", "threshold=0.5"]), false),
                (ConfigSource(overrides: ["decision=velocity", "threshold=56", "thresholdUnit=points", "flickVelocity=125"]), false),
                (ConfigSource(overrides: ["decision=velocity", "flickVelocity=2", "flickVelocityUnit=extents", "reverseFlick=false"]), false),
                (ConfigSource(overrides: ["decision=velocity", "flickVelocity=5.5", "flickVelocityUnit=remaining", "threshold=1"]), false),
                // docs/model.md §4.10's step, maxSteps and guarded, and §4.2's screen edge.
                (ConfigSource(preset: "uikit-sheet"), true),
                (ConfigSource(preset: "floatingpanel-states"), false),
                (ConfigSource(preset: "mdc-states"), false),
                (ConfigSource(overrides: ["decision=velocity", "flickVelocityUnit=remaining", "flickVelocity=4", "guarded=true", "maxSteps=2"]), false),
                (ConfigSource(overrides: ["decision=lookahead", "stepVelocity=600", "thresholdUnit=points", "threshold=80"]), false),
                // docs/model.md §4.10's step from the release and a sheet without dismissal; §4.3's scrollExpands.
                (ConfigSource(preset: "flutter-snap"), true),
                (ConfigSource(overrides: ["name=release-points", "decision=lookahead", "stepOrigin=release", "dismissible=false", "guarded=true", "thresholdUnit=points", "threshold=40"]), false),
                (ConfigSource(overrides: ["name=undismissible-expands", "decision=velocity", "flickVelocityUnit=remaining", "dismissible=false", "scrollExpands=true", "scrollGating=handoff"]), false),
                (ConfigSource(preset: "cupertino-back"), false),
                (ConfigSource(overrides: ["interaction=pull-up-present", "edgeWidth=120"]), false),
            ]
            for (source, frames) in configs {
                _ = try Replayer(config: try source.resolve(), storesFrames: frames).replay(in: store)
            }
        }
        let oracle = try await Subprocess.run(
            .path(.init(try #require(Self.python))), arguments: [Self.oracle, "--db", workspace.db, "--frames"],
            output: .string(limit: 1 << 24), error: .combinedWithOutput)
        let text = oracle.standardOutput
        let results = try DatabaseFile(path: workspace.db).integer("SELECT count(*) FROM result")
        // Not vacuous: some results rested and some are stale.
        #expect(try DatabaseFile(path: workspace.db).integer("SELECT count(*) FROM result WHERE stale = 1") != 0)
        #expect(try DatabaseFile(path: workspace.db).integer("SELECT count(*) FROM result WHERE rest > 0") != 0)
        // Not vacuous for sheets either: some rest at a detent, some were dismissed, some stepped.
        #expect(try DatabaseFile(path: workspace.db).integer("SELECT count(*) FROM result WHERE detent IS NOT NULL") != 0)
        #expect(try DatabaseFile(path: workspace.db).integer("SELECT count(*) FROM result WHERE reason = 'step'") != 0)
        #expect(try DatabaseFile(path: workspace.db).integer("SELECT count(*) FROM result WHERE reason = 'outsideEdge'") != 0)
        #expect(oracle.terminationStatus == .exited(0), "\(text.suffix(2000))")
        #expect(text.contains("\(results) passed, 0 failed"), "\(text.suffix(2000))")
    }

    /// The oracle itself holds to docs/model.md's worked examples (§4.9, §4.10's
    /// example 6, edgeWidth) and to hand-computed cases of its §4.10 helpers.
    @Test(.enabled(if: python != nil, "python3 is not installed: the oracle cannot run"),
          arguments: ["--spec-examples", "--self-test"])
    func theOracleChecksItself(_ option: String) async throws {
        let oracle = try await Subprocess.run(
            .path(.init(try #require(Self.python))), arguments: [Self.oracle, option], output: .string(limit: 1 << 24),
            error: .combinedWithOutput)
        let text = oracle.standardOutput
        #expect(oracle.terminationStatus == .exited(0), "\(text.suffix(2000))")
        #expect(text.hasSuffix(" passed, 0 failed\n"), "\(text.suffix(2000))")
    }
}

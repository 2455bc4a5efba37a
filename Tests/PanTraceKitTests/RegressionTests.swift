import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceReports
import PanTraceStore
import Testing

/// The regression's decision as a value (docs/commands.md §7.3) and the rule for `--accept`.
@Suite struct RegressionTests {
    static func comparison(changes: Int) -> RunComparison {
        var comparison = RunComparison(baseline: RunLabel(run: 1, config: "a"), candidate: RunLabel(run: 2, config: "b"))
        for index in 0..<changes {
            comparison.add(
                ComparedTrace(
                    name: "t\(index)", family: nil, intent: nil,
                    baseline: ResultSummary(decision: .cancel, reason: .belowThreshold, percent: 0.3, velocity: 0),
                    candidate: ResultSummary(decision: .finish, reason: .threshold, percent: 0.3, velocity: 0)))
        }
        return comparison
    }

    /// `--max-changes N` is the largest number of changes that passes.
    @Test(arguments: [(0, 0, false), (1, 0, true), (3, 3, false), (4, 3, true)])
    func moreChangesThanAllowedFail(changes: Int, allowed: Int, fails: Bool) {
        let regression = Regression(replayer: Replayer(config: Config()), maxChanges: allowed)
        let verdict = regression.verdict(for: Self.comparison(changes: changes))
        let count = RegressionCount(gate: .any, counted: changes, allowed: allowed, changed: changes)
        #expect(verdict.fails == fails)
        #expect(verdict == (fails ? .failed(count) : .passed(count)))
        #expect(verdict.description == "regress: \(fails ? "FAIL" : "ok"): \(changes) changed (decision or detent), \(allowed) allowed")
    }

    @Test func aRegressionStoresARegressRun() {
        #expect(Regression(replayer: Replayer(config: Config())).replayer.kind == .regress)
    }

    @Test(arguments: ["1", "true", "yes"])
    func acceptIsRefusedInCIUnlessForced(ci: String) {
        let refusal = Regression.acceptRefusal(ci: ci, selection: .all, force: false)
        #expect(refusal == .inCI(ci))
        #expect(Regression.acceptRefusal(ci: ci, selection: .all, force: true) == nil)
    }

    @Test(arguments: [nil, "", "0", "false"] as [String?])
    func ciThatIsNotSetOrFalseAllowsAccept(ci: String?) {
        #expect(Regression.acceptRefusal(ci: ci, selection: .all, force: false) == nil)
    }

    @Test(arguments: [TraceSelection(families: ["flick"]), TraceSelection(names: ["flick-s7-0002"])])
    func acceptOfASelectionNeedsForce(selection: TraceSelection) {
        #expect(Regression.acceptRefusal(ci: nil, selection: selection, force: false) == .partialSelection(selection))
        #expect(Regression.acceptRefusal(ci: nil, selection: selection, force: true) == nil)
    }

    /// Accepting moves the baseline to the regress run; judging does not.
    @Test func concludeAcceptsOrJudges() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(synthetic: SyntheticTraces(count: 20, seed: 3)).record(into: store)
        let candidate = try ConfigSource(overrides: ["threshold=0.2"]).resolve()
        let judged = Regression(replayer: Replayer(config: candidate))
        let first = try judged.replay(in: store)
        _ = judged.conclude(first)
        #expect(try store.baselineRunID() == nil)
        let accepting = Regression(replayer: Replayer(config: candidate), accept: true)
        let second = try accepting.replay(in: store)
        #expect(accepting.conclude(second) == .accepted(second.candidate.run))
        #expect(try store.baselineRunID() == second.candidate.run)
        // The accepted run is the next replay's baseline: the same config changes nothing.
        #expect(try Replayer(config: candidate).replay(in: store).baseline.run == second.candidate.run)
        #expect(try store.runs().map(\.kind) == [.record, .regress, .regress, .replay])
    }
}

/// `--fail-on intent` (docs/commands.md §7.3): only regressions against intent count, and
/// `--max-changes` is compared with them.
@Suite struct RegressionGateTests {
    static func summary(_ decision: Decision) -> ResultSummary {
        ResultSummary(decision: decision, reason: decision == .finish ? .threshold : .belowThreshold, percent: 0.3, velocity: 0)
    }

    /// Two regressions (a new accidental, a newly missed), a change that now
    /// agrees, a change without intent, a change that disagreed before too.
    static var comparison: RunComparison {
        var comparison = RunComparison(baseline: RunLabel(run: 1, config: "a"), candidate: RunLabel(run: 2, config: "b"))
        let changes: [(String, Intent?, Decision, Decision)] = [
            ("accidental", .cancel, .cancel, .finish), ("missed", .finish, .finish, .none),
            ("now-agrees", .finish, .cancel, .finish), ("no-intent", nil, .cancel, .finish),
            ("still-missed", .finish, .cancel, .none), ("same", .finish, .finish, .finish),
        ]
        for (name, intent, before, after) in changes {
            comparison.add(
                ComparedTrace(name: name, family: nil, intent: intent, baseline: summary(before), candidate: summary(after)))
        }
        return comparison
    }

    @Test(arguments: [(0, true), (1, true), (2, false), (5, false)])
    func maxChangesIsComparedWithTheRegressions(allowed: Int, fails: Bool) {
        let regression = Regression(replayer: Replayer(config: Config()), maxChanges: allowed, gate: .intent)
        let verdict = regression.verdict(for: Self.comparison)
        let count = RegressionCount(gate: .intent, counted: 2, allowed: allowed, changed: 5)
        #expect(verdict == (fails ? .failed(count) : .passed(count)))
        #expect(
            verdict.description
                == "regress: \(fails ? "FAIL" : "ok"): 2 regression(s) against intent, \(allowed) allowed (5 changed)")
        // The same comparison with every change counting.
        let any = Regression(replayer: Replayer(config: Config()), maxChanges: allowed).verdict(for: Self.comparison)
        #expect(any.fails == (allowed < 5))
    }

    @Test func oneChangeIsOneDecision() {
        let count = RegressionCount(gate: .intent, counted: 0, allowed: 0, changed: 1)
        #expect(RegressionVerdict.passed(count).description == "regress: ok: 0 regression(s) against intent, 0 allowed (1 changed)")
    }

    @Test func theGateCountsTraces() {
        let comparison = Self.comparison
        let counted = Regression(replayer: Replayer(config: Config()), gate: .intent)
        #expect(comparison.changes.filter(counted.counts).map(\.name) == ["accidental", "missed"])
        #expect(comparison.changes.filter(Regression(replayer: Replayer(config: Config())).counts).count == 5)
        #expect(RegressionGate.intent.counted(in: comparison) == 2)
        #expect(RegressionGate.any.counted(in: comparison) == 5)
    }

    /// Through the workflow: a regress run whose JUnit cases (made as
    /// `regress --junit` makes them) fail exactly for the regressions; the
    /// other changes pass and name their change in `<system-out>`.
    @Test func junitOfAStoredRegression() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(synthetic: SyntheticTraces(count: 300, seed: 7)).record(into: store)
        let regression = Regression(
            replayer: Replayer(config: try ConfigSource(overrides: ["threshold=0.3"]).resolve()),
            gate: .intent)
        var cases: [(ComparedTrace, String)] = []
        let comparison = try regression.replay(in: store, reporting: [EachComparedTrace { cases.append(($0, JUnitReport.testCase($0, counts: regression.counts($0)))) }])
        try #require(comparison.regressions > 0 && comparison.changed > comparison.regressions, "\(comparison.changed) changed, \(comparison.regressions) regressions")
        #expect(cases.count == 300)
        let failures = cases.filter { $0.1.contains("<failure") }
        #expect(failures.count == comparison.regressions)
        for (trace, _) in failures {
            // docs/model.md §2 by hand: the baseline agreed with the intent, the candidate does not.
            let intent = try #require(trace.intent)
            let before = try #require(trace.baseline).decision
            let after = trace.candidate.decision
            #expect(intent == .finish ? before == .finish && after != .finish : before != .finish && after == .finish)
        }
        let explained = cases.filter { $0.1.contains("<system-out>") }
        #expect(explained.count == comparison.changed - comparison.regressions)
        #expect(explained.allSatisfy { $0.0.isChange && !$0.1.contains("<failure") })
        #expect(cases.filter { !$0.0.isChange }.allSatisfy { $0.1.hasSuffix("/>\n") })
        #expect(regression.verdict(for: comparison).fails)
        #expect(Regression(replayer: regression.replayer, maxChanges: comparison.regressions, gate: .intent).verdict(for: comparison).fails == false)
    }
}

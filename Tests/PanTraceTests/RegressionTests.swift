import PanTrace
import Testing

/// The regression's decision as a value (SPEC 7.3) and the rule for `--accept`.
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
        #expect(verdict.fails == fails)
        #expect(verdict == (fails ? .failed(changed: changes, allowed: allowed) : .passed(changed: changes, allowed: allowed)))
    }

    @Test func aRegressionStoresARegressRun() {
        #expect(Regression(replayer: Replayer(config: Config())).replayer.kind == .regress)
    }

    @Test(arguments: ["1", "true", "yes"])
    func acceptIsRefusedInCIUnlessForced(ci: String) {
        let refusal = Regression.acceptRefusal(ci: ci, selection: .all, force: false)
        #expect(refusal == "--accept is refused in CI (CI=\(ci)): accept baselines on a developer machine, or add --force")
        #expect(Regression.acceptRefusal(ci: ci, selection: .all, force: true) == nil)
    }

    @Test(arguments: [nil, "", "0", "false"] as [String?])
    func ciThatIsNotSetOrFalseAllowsAccept(ci: String?) {
        #expect(Regression.acceptRefusal(ci: ci, selection: .all, force: false) == nil)
    }

    @Test(arguments: [TraceSelection(families: ["flick"]), TraceSelection(names: ["flick-s7-0002"])])
    func acceptOfASelectionNeedsForce(selection: TraceSelection) {
        #expect(Regression.acceptRefusal(ci: nil, selection: selection, force: false)?.hasPrefix("--accept makes the run the baseline of every trace") == true)
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
        _ = try judged.conclude(first, in: store)
        #expect(try store.baselineRunID() == nil)
        let accepting = Regression(replayer: Replayer(config: candidate), accept: true)
        let second = try accepting.replay(in: store)
        #expect(try accepting.conclude(second, in: store) == .accepted(second.candidate.run))
        #expect(try store.baselineRunID() == second.candidate.run)
        // The accepted run is the next replay's baseline: the same config changes nothing.
        #expect(try Replayer(config: candidate).replay(in: store).baseline.run == second.candidate.run)
        #expect(try store.runs().map(\.kind) == [.record, .regress, .regress, .replay])
    }
}

import PanTraceCore
import PanTraceKit
import PanTraceModel
import PropertyBased
import Testing

/// Invariants of the regression gate over random comparisons (docs/commands.md §7.3):
/// regressions are some of the changes, `--fail-on any` counts every change,
/// `--fail-on intent` the regressions, and `--max-changes` is compared with
/// what was counted.
@Suite struct RegressionPropertyTests {
    static let decisions: [Decision] = [.finish, .cancel, .none]

    /// Up to 60 traces: any intent or none, any decisions, some without a baseline result.
    static func comparison(_ random: inout SeededRandom) -> RunComparison {
        var comparison = RunComparison(baseline: RunLabel(run: 1, config: "a"), candidate: RunLabel(run: 2, config: "b"))
        for index in 0..<random.int(0...60) {
            let intents: [Intent?] = [nil, .finish, .cancel]
            func summary() -> ResultSummary {
                let decision = decisions[random.int(0...2)]
                return ResultSummary(
                    decision: decision, reason: random.chance(0.5) ? .threshold : .flick, percent: 0.5, velocity: 0)
            }
            let baseline = random.chance(0.1) ? nil : summary()
            comparison.add(
                ComparedTrace(
                    name: "t\(index)", family: nil, intent: intents[random.int(0...2)], baseline: baseline,
                    candidate: summary()))
        }
        return comparison
    }

    @Test func regressionsAreCountedChanges() async {
        await propertyCheck(count: 200, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let comparison = Self.comparison(&random)
            let allowed = random.int(0...8)
            #expect(comparison.regressions <= comparison.changed)
            #expect(comparison.regressions == comparison.changes.filter(\.isRegression).count)
            for gate in RegressionGate.allCases {
                let verdict = Regression(replayer: Replayer(config: Config()), maxChanges: allowed, gate: gate)
                    .verdict(for: comparison)
                let counted = gate == .any ? comparison.changed : comparison.regressions
                let count = RegressionCount(gate: gate, counted: counted, allowed: allowed, changed: comparison.changed)
                #expect(verdict == (counted > allowed ? .failed(count) : .passed(count)))
            }
        }
    }
}

import Testing

@testable import PanTraceCore
@testable import PanTraceReports
@testable import PanTraceModel

/// docs/model.md §4.6: replay's reports count stale results and say what they are.
@Suite struct StaleReportTests {
    static func compared(_ name: String, baseline: Outcome, candidate: Outcome) -> ComparedTrace {
        ComparedTrace(
            name: name, family: nil, intent: .cancel, baseline: ResultSummary(baseline), candidate: ResultSummary(candidate))
    }

    @Test func reportsCountStaleResultsAndExplainThem() {
        // Example 5 of docs/model.md §4.9: a flick after a 0.2 s rest is stale under `velocity`.
        var rested = WorkedExampleTests.example2
        rested.samples[rested.samples.count - 1].t += 0.2
        let threshold = Simulator.simulate(rested, under: Config())
        let velocity = Simulator.simulate(rested, under: .with { $0.decision = .velocity })
        let fresh = Simulator.simulate(WorkedExampleTests.example2, under: .with { $0.decision = .velocity })
        #expect(velocity.stale && !threshold.stale && !fresh.stale)
        var comparison = RunComparison(
            baseline: RunLabel(run: 1, config: "baseline"), candidate: RunLabel(run: 2, config: "velocity"))
        comparison.add(Self.compared("rested", baseline: threshold, candidate: velocity))
        comparison.add(Self.compared("fresh", baseline: fresh, candidate: fresh))
        #expect(comparison.candidateStale == 1)
        #expect(comparison.baselineStale == 0)
        let text = comparison.textReport()
        #expect(text.contains("stale velocities: 1 (baseline 0)"))
        #expect(text.contains("UIKit's velocity(in:) keeps the last movement's velocity when the finger rests"))
        let json = comparison.jsonReport()
        #expect(json.contains(#""stale": 1, "baselineStale": 0"#))
        #expect(json.contains(#""reason": "flick", "percent": 0.1125, "velocity": "#))
        #expect(json.contains(#""stale": true}"#))
        // Without a stale result the sentence is not printed.
        var none = RunComparison(baseline: RunLabel(run: 1, config: "a"), candidate: RunLabel(run: 2, config: "b"))
        none.add(Self.compared("fresh", baseline: fresh, candidate: fresh))
        #expect(none.textReport().contains("stale velocities: 0 (baseline 0)"))
        #expect(!none.textReport().contains("UIKit's velocity(in:)"))
    }
}

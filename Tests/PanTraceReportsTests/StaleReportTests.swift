import Testing
import TraceFixtures

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
        var rested = WorkedExamples.example2
        rested.samples[rested.samples.count - 1].t += 0.2
        let threshold = Simulator.simulate(rested, under: Config())
        let velocity = Simulator.simulate(rested, under: .with { $0.decision = .velocity })
        let fresh = Simulator.simulate(WorkedExamples.example2, under: .with { $0.decision = .velocity })
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

    /// The replay page counts stale results, says what they are, and rings
    /// each stale release on the map (changed or not).
    @Test func replayPageRingsStaleReleases() {
        var rested = WorkedExamples.example2
        rested.name = "rested"
        rested.samples[rested.samples.count - 1].t += 0.2
        var other = rested
        other.name = "rested too"
        let velocity = HTMLFixtures.config(["decision=velocity"])
        // rested: threshold → velocity changes (cancel → finish, stale); "rested too" stays stale under both velocity configs.
        let changed = HTMLFixtures.replayPage(traces: [rested], baseline: HTMLFixtures.config([]), candidate: velocity)
        #expect(changed.comparison.candidateStale == 1)
        let html = changed.html()
        #expect(html.contains(#"data-count="stale" data-value="1""#))
        #expect(html.contains("UIKit&#39;s velocity(in:)") || html.contains("UIKit's velocity(in:)"))
        #expect(html.components(separatedBy: #"class="stale""#).count == 2)
        let unchanged = HTMLFixtures.replayPage(
            traces: [other, WorkedExamples.example2], baseline: velocity, candidate: HTMLFixtures.config(["decision=velocity", "threshold=0.3"]))
        #expect(unchanged.comparison.changed == 0)
        #expect(unchanged.releases.staleIndexes.count == 1)
        // One ring (an arc pair) per stale release.
        let page = unchanged.html()
        let path = page.components(separatedBy: #"class="stale""#)[0].components(separatedBy: "<path d=\"").last ?? ""
        #expect(path.components(separatedBy: "a8 8 0 1 0 16 0").count == 2)
    }
}

extension StaleReportTests {
    /// tune's base-against-best comparison counts stale results of both, decided from one simulation or two.
    @Test(arguments: [["decision=velocity"], ["decision=velocity", "velocityEstimator=lsq2"]])
    func tuneCountsStaleResultsOfTheBaseAndTheBest(_ best: [String]) {
        var rested = WorkedExamples.example2
        rested.samples[rested.samples.count - 1].t += 0.2
        var comparison = TuningComparison(base: Config(), best: HTMLFixtures.config(best))
        comparison.add(contentsOf: [rested, WorkedExamples.example2])
        #expect(comparison.baseStale == 0)
        #expect(comparison.bestStale == 1)
    }
}

extension StaleReportTests {
    /// `show` says when a decision used a stale velocity, and how long the finger rested.
    @Test func outcomeDescriptionNamesAStaleDecision() {
        var rested = WorkedExamples.example2
        rested.samples[rested.samples.count - 1].t += 0.2
        let outcome = Simulator.simulate(rested, under: .with { $0.decision = .velocity })
        #expect(outcome.description.hasSuffix(" stale (rested 0.200 s)"))
        #expect(!Simulator.simulate(rested, under: Config()).description.contains("stale"))
    }
}

import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// The engine on docs/model.md §4.9's worked examples and on synthetic corpora: ties at
/// the threshold, the best config read back, and the second pass.
@Suite struct TuningEngineTests {
    private static func labelled(_ trace: Trace, _ intent: Intent) -> Trace {
        var trace = trace
        trace.intent = intent
        return trace
    }

    @Test func aPercentExactlyAtASweptThresholdFinishes() throws {
        // docs/model.md §4.9 example 3 with hand-off ends at percent 0.3 exactly
        // ((400 − 160) / 800). docs/model.md §4.6: p ≥ threshold finishes, so 0.2 and
        // 0.3 finish, 0.4–0.6 cancel. Intent finish: agree 1, 1, 0, 0, 0.
        var base = Config()
        base.scrollGating = .handoff
        let trace = Self.labelled(WorkedExamples.example3(scrollOffset: 50), .finish)
        let grid = try TuningGrid(base: base, sweeping: ["threshold=0.2:0.6:0.1"])
        let results = TuningEngine.evaluate([trace], grid: grid)
        #expect((0..<5).map { results.counts(at: $0).finish } == [1, 1, 0, 0, 0])
        #expect((0..<5).map { results.counts(at: $0).missed } == [0, 0, 1, 1, 1])
        #expect(results.best() == 0)
    }

    @Test func flickVelocitiesDecideExample2() throws {
        // docs/model.md §4.9 example 2: percent 0.1125, velocity 1250. With the velocity
        // rule: flickVelocity 1000 and 1200 finish (flick); 1300 falls back on
        // the threshold 0.4 and cancels; −1250 ≤ −flick never holds.
        var base = Config()
        base.decision = .velocity
        let trace = Self.labelled(WorkedExamples.example2, .cancel)
        let grid = try TuningGrid(base: base, sweeping: ["flickVelocity=1000,1200,1300", "guarded=false,true"])
        let results = TuningEngine.evaluate([trace], grid: grid)
        // guarded turns every finish into a cancel.
        #expect((0..<6).map { results.counts(at: $0).finish } == [1, 0, 1, 0, 0, 0])
        #expect((0..<6).map { results.counts(at: $0).accidental } == [1, 0, 1, 0, 0, 0])
        #expect((0..<6).map { results.counts(at: $0).agree } == [0, 1, 0, 1, 1, 1])
    }

    @Test func theBestConfigReadBackReproducesTheBestCounts() throws {
        let traces = Array(SyntheticCorpus(seed: 11).traces(count: 400))
        var base = Config()
        try base.apply(overrides: ["decision=velocity"])
        let grid = try TuningGrid(
            base: base, sweeping: ["threshold=0.2:0.6:0.05", "flickVelocity=400:1600:400", "velocityEstimator=lsq2,lastSegment"])
        let results = TuningEngine.evaluate(traces, grid: grid)
        for limit in [nil, 5] as [Int?] {
            let best = try #require(results.best(maxAccidental: limit))
            let config = try #require(results.bestConfig(maxAccidental: limit))
            let readBack = try Config(canonicalJSON: config.canonicalJSON())
            #expect(readBack == config)
            #expect(TuningEnginePropertyTests.countsOneByOne(traces, readBack) == results.counts(at: best))
        }
    }

    @Test(arguments: [
        ["threshold=0.3:0.5:0.1", "flickVelocity=500,900"], ["touchSlop=4,16", "threshold=0.35"],
        ["curve=easeIn", "lockScroll=true", "decision=projection"],
    ])
    func theComparisonCountsBothConfigsAndTheTracesThatMove(_ sweeps: [String]) throws {
        let traces = Array(SyntheticCorpus(seed: 5).traces(count: 300))
        var base = Config()
        base.decision = .velocity
        let grid = try TuningGrid(base: base, sweeping: sweeps)
        let results = TuningEngine.evaluate(traces, grid: grid)
        let best = try #require(results.bestConfig())
        var comparison = TuningComparison(base: base, best: best)
        comparison.add(contentsOf: traces)
        #expect(comparison.baseCounts == TuningEnginePropertyTests.countsOneByOne(traces, base))
        #expect(comparison.bestCounts == TuningEnginePropertyTests.countsOneByOne(traces, best))
        // Each intent move changes agree by one: now-agree up, the others down.
        let moved = comparison.nowAgree.count - comparison.newAccidental.count - comparison.newlyMissed.count
        #expect(moved == comparison.bestCounts.agree - comparison.baseCounts.agree)
        let changed = traces.filter {
            Simulator.simulate($0, under: base).decision != Simulator.simulate($0, under: best).decision
        }
        let counted = comparison.nowAgree.count + comparison.newAccidental.count + comparison.newlyMissed.count
            + comparison.otherMoves.count
        #expect(counted == changed.count)
        #expect(comparison.newAccidental.names.allSatisfy { name in changed.contains { $0.name == name && $0.intent == .cancel } })
        let text = results.textReport(comparison: comparison)
        #expect(text.contains("  base "))
        #expect(text.contains("  change "))
    }

    @Test func resultsDoNotDependOnTheChunkSize() throws {
        let traces = Array(SyntheticCorpus(seed: 3).traces(count: 250))
        let grid = try TuningGrid(base: Config(), sweeping: ["threshold=0.1:0.9:0.1", "decision=threshold,projection"])
        let whole = TuningEngine.evaluate(traces, grid: grid)
        var chunked = TuningEngine(grid: grid, chunkSize: 7)
        for trace in traces { chunked.add(trace) }
        let results = chunked.finish()
        #expect(results.json() == whole.json())
        #expect((0..<grid.count).contains { whole.counts(at: $0).finish > 0 })
    }
}

extension TuningEngineTests {
    @Test func theHTMLPageCarriesTheSameFieldsAsTheJSON() throws {
        let traces = Array(SyntheticCorpus(seed: 2).traces(count: 120))
        let grid = try TuningGrid(base: Config(), sweeping: ["threshold=0.3:0.5:0.1", "decision=threshold,velocity"])
        let results = TuningEngine.evaluate(traces, grid: grid)
        let page = results.page(maxAccidental: 3)
        #expect(page.base == "baseline" && page.traces == 120 && page.labelled == results.labelled)
        #expect(page.sweeps.map(\.values) == [["0.3", "0.4", "0.5"], ["threshold", "velocity"]])
        #expect(page.best == results.best(maxAccidental: 3))
        for index in 0..<grid.count {
            let candidate = page.candidates[index]
            let counts = results.counts(at: index)
            #expect(candidate.values == grid.settings(at: index).map(\.value))
            #expect([candidate.agree, candidate.accidental, candidate.missed] == [counts.agree, counts.accidental, counts.missed])
            #expect([candidate.finish, candidate.cancel, candidate.none] == [counts.finish, counts.cancel, counts.none])
            #expect(candidate.pareto == results.isPareto(index))
        }
        #expect(page.html().hasPrefix("<!DOCTYPE html>"))
    }
}

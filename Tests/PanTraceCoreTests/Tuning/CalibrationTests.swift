import PropertyBased
import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/commands.md §7.5 "Against what the app did": every candidate's matches are the
/// results that match `observed` when its config decides each trace alone, as replay would.
@Suite struct CalibrationTests {
    /// The matches of one config, one simulation per trace, by the one rule.
    static func matchesOneByOne(_ traces: [Trace], _ config: Config) -> (observed: Int, matches: Int) {
        var observed = 0
        var matches = 0
        for trace in traces {
            guard let matched = trace.matches(Simulator.simulate(trace, under: config)) else { continue }
            observed += 1
            if matched { matches += 1 }
        }
        return (observed, matches)
    }

    /// A corpus observed by a random stand-in app with noise (so that every
    /// observed word meets every decision), a third of it left unobserved.
    static func corpus(_ random: inout SeededRandom) -> [Trace] {
        let families = (SyntheticFamily.all + SyntheticFamily.sheets).filter { _ in random.chance(0.5) }
        let corpus = SyntheticCorpus(seed: random.next(), families: families)
        let app = SimulationPropertyTests.config(random.next())
        let observer = SyntheticObserver(app: app, noise: random.uniform(0...0.5), seed: random.next())
        return (0..<random.int(1...160)).map { index in
            let trace = corpus.trace(at: index)
            return random.chance(0.33) ? trace : observer.observe(trace, index: index)
        }
    }

    @Test func everyCandidateCountsTheMatchesOfItsConfigSimulatedAlone() async {
        await propertyCheck(count: 60, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let traces = Self.corpus(&random)
            guard var grid = TuningEnginePropertyTests.grid(&random) else { return }
            grid.objective = .observed
            let budget = random.chance(0.5) ? 0 : TuningEngine.sliceHistogramBudget
            var engine = TuningEngine(grid: grid, chunkSize: random.int(1...70), sliceHistogramBudget: budget)
            engine.add(contentsOf: traces)
            let results = engine.finish()
            #expect(results.labelled == traces.filter { $0.observed != nil }.count)
            for index in 0..<grid.count {
                let expected = Self.matchesOneByOne(traces, grid.config(at: index))
                let counts = results.counts(at: index)
                #expect(counts.agree == expected.matches, "candidate \(index) \(grid.settings(at: index)) seed \(seed)")
            }
            // The second pass (the base against the best) counts the same matches.
            if let best = results.best() {
                var comparison = TuningComparison(base: grid.base, best: grid.config(at: best), objective: .observed)
                comparison.add(contentsOf: traces)
                #expect(comparison.bestCounts.agree == results.counts(at: best).agree)
                #expect(comparison.baseCounts.agree == Self.matchesOneByOne(traces, grid.base).matches)
            }
        }
    }

    /// docs/commands.md §7.9: compare's `matches` per config, and `"observed"`, by the same rule.
    @Test func compareCountsTheMatchesOfEachConfig() async {
        await propertyCheck(count: 20, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let traces = Self.corpus(&random)
            let configs = (0..<random.int(2...4)).map { index in
                var config = SimulationPropertyTests.config(random.next())
                config.name = "c\(index)"
                return config
            }
            var comparison = ConfigComparison(configs: configs)
            comparison.add(contentsOf: traces)
            #expect(comparison.observed == traces.filter { $0.observed != nil }.count)
            for (index, config) in configs.enumerated() {
                #expect(comparison.counts[index].matches == Self.matchesOneByOne(traces, config).matches, "seed \(seed)")
            }
            let json = comparison.jsonReport()
            #expect(json.contains("\"observed\": \(comparison.observed), \"matrix\""))
            if comparison.observed == 0 { #expect(json.contains("\"matches\": null")) }
        }
    }

    /// A stand-in app without noise is matched by its own config on every trace,
    /// and a tune over its own key finds its value.
    @Test func aStandInAppWithoutNoiseIsFoundByItsOwnSetting() throws {
        var app = try Preset.named("uikit-sheet").config
        app.decelerationRate = 0.995
        let observer = SyntheticObserver(app: app, seed: 7)
        let corpus = SyntheticCorpus(seed: 7, families: SyntheticFamily.all + SyntheticFamily.sheets)
        let traces = (0..<600).map { observer.observe(corpus.trace(at: $0), index: $0) }
        #expect(Self.matchesOneByOne(traces, app).matches == 600)
        var grid = try TuningGrid(
            base: try Preset.named("uikit-sheet").config, sweeps: [Sweep(parsing: "decelerationRate=0.99:0.999:0.001")])
        grid.objective = .observed
        let results = TuningEngine.evaluate(traces, grid: grid)
        let best = try #require(results.best())
        #expect(abs((grid.config(at: best).decelerationRate) - 0.995) <= 0.001 + 1e-9)
    }

    /// docs/synthetic.md "A stand-in app": the noise replaces about the share asked for,
    /// always with another outcome the trace allows, the same on every run.
    @Test func noiseReplacesAboutItsShareWithAllowedOutcomes() throws {
        let app = try Preset.named("uikit-sheet").config
        let corpus = SyntheticCorpus(seed: 3, families: SyntheticFamily.all + SyntheticFamily.sheets)
        let clean = SyntheticObserver(app: app, seed: 3)
        let noisy = SyntheticObserver(app: app, noise: 0.2, seed: 3)
        var replaced = 0
        for index in 0..<2000 {
            let trace = corpus.trace(at: index)
            let a = clean.observe(trace, index: index)
            let b = noisy.observe(trace, index: index)
            #expect(b == noisy.observe(trace, index: index))
            #expect(b.observedSource == .synthetic)
            try b.validate()
            if a.observed != b.observed { replaced += 1 }
        }
        // 2000 × 0.2 = 400, binomial sd ≈ 18: within 4 sd.
        #expect((328...472).contains(replaced))
    }
}

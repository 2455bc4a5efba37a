import PropertyBased
import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/commands.md §7.5: every candidate is decided exactly as `replay` decides it, i.e.
/// as `Simulator.simulate` decides the candidate's config one trace at a time.
@Suite struct TuningEnginePropertyTests {
    /// Sweeps to draw from: keys read only at the lift, keys that decide
    /// nothing, and keys that change the trajectory.
    static func sweep(_ random: inout SeededRandom) -> Sweep? {
        func pick(_ words: [String]) -> [String] {
            let chosen = words.filter { _ in random.chance(0.6) }
            return chosen.isEmpty ? [words[random.int(0...(words.count - 1))]] : chosen
        }
        func numbers(_ range: ClosedRange<Double>, count: ClosedRange<Int>) -> [String] {
            (0..<random.int(count)).map { _ in JSONWriter.number(random.uniform(range)) }
        }
        let values: (String, [String])
        switch random.int(0...13) {
        case 0: return try? Sweep(parsing: "threshold=0.05:0.95:\(JSONWriter.number(random.uniform(0.02...0.3)))")
        case 1: values = ("threshold", numbers(0.01...1, count: 1...6) + ["0.3", "0.4"])
        case 2: values = ("decision", pick(DecisionRule.allCases.map(\.rawValue)))
        case 3: return try? Sweep(parsing: "flickVelocity=100:2500:\(random.int(200...900))")
        case 4: values = ("decelerationRate", numbers(0.9...0.999, count: 1...3))
        case 5: values = ("guarded", pick(["true", "false"]))
        case 6: values = ("touchSlop", numbers(0...40, count: 1...3))
        case 7: values = ("scrollGating", pick(ScrollGating.allCases.map(\.rawValue)))
        case 8: values = ("velocityEstimator", pick(VelocityEstimator.allCases.map(\.rawValue)))
        case 9: values = ("curve", pick(Curve.allCases.map(\.rawValue)))
        case 10: values = ("extent", pick(["auto", "300", "640.5"]))
        case 11: values = ("lockScroll", pick(["true", "false"]))
        case 12: values = ("maximumNumberOfTouches", pick(["1", "2"]))
        default: values = ("duration", numbers(0.1...1, count: 1...2))
        }
        return try? Sweep(key: values.0, values: values.1)
    }

    /// A grid of 1–3 sweeps with distinct keys over a random base config.
    static func grid(_ random: inout SeededRandom) -> TuningGrid? {
        var base = SimulationPropertyTests.config(random.next())
        if random.chance(0.5) { base.interaction = .pullToDismiss }
        var sweeps: [Sweep] = []
        for _ in 0..<random.int(1...3) {
            if let sweep = sweep(&random), !sweeps.contains(where: { $0.key == sweep.key }) { sweeps.append(sweep) }
        }
        return try? TuningGrid(base: base, sweeps: sweeps)
    }

    /// The counts of one config, one simulation per trace.
    static func countsOneByOne(_ traces: [Trace], _ config: Config) -> TuningCounts {
        var counts = TuningCounts()
        for trace in traces { counts.add(Simulator.simulate(trace, under: config).decision, intent: trace.intent) }
        return counts
    }

    @Test func everyCandidateCountsAsItsConfigSimulatedAlone() async {
        await propertyCheck(count: 60, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let families = SyntheticFamily.all.filter { _ in random.chance(0.5) }
            let corpus = SyntheticCorpus(seed: random.next(), families: families)
            let traces = Array(corpus.traces(count: random.int(1...160)))
            guard let grid = Self.grid(&random) else { return }
            // Both ways of counting a chunk: histograms per slice, or lifts kept and rules counted apart.
            let budget = random.chance(0.5) ? 0 : TuningEngine.sliceHistogramBudget
            var engine = TuningEngine(grid: grid, chunkSize: random.int(1...70), sliceHistogramBudget: budget)
            engine.add(contentsOf: traces)
            let results = engine.finish()
            #expect(results.traces == traces.count)
            #expect(results.labelled == traces.filter { $0.intent != nil }.count)
            for index in 0..<grid.count {
                let expected = Self.countsOneByOne(traces, grid.config(at: index))
                #expect(results.counts(at: index) == expected, "candidate \(index) \(grid.settings(at: index)) seed \(seed)")
            }
        }
    }
}

import PropertyBased
import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// The fast paths that decide many configs from one simulation — `tune`'s
/// (``TuningEngine``: ``ChunkTally``'s histograms, ``SheetLift``, the plan's
/// trajectories), `compare`'s groups (``ConfigComparison``), its second pass
/// (``TuningComparison``) and the sheets' release maps (``SheetRegionGrid``)
/// — decide every config as the simulation decides it alone. The sweeps are
/// drawn from every key of ``ConfigKey/all``, so that a key added there is
/// checked by this test without being named in it.
@Suite struct FastPathPropertyTests {
    /// One to four values of `key`, each allowed by its kind and range.
    static func values(of key: ConfigKey, _ random: inout SeededRandom) -> [String] {
        var values: [String] = []
        for _ in 0..<random.int(1...4) {
            switch key.kind {
            case .name: values.append("candidate")
            case .word(let words): values.append(words[random.int(0...(words.count - 1))])
            case .boolean: values.append(random.chance(0.5) ? "true" : "false")
            case .integer(let minimum): values.append(String(minimum + random.int(0...3)))
            case .extent: values.append(random.chance(0.4) ? "auto" : JSONWriter.number(random.uniform(200...900)))
            case .number(let range):
                // Around the default (a fraction of the extent stays a fraction), within the range.
                guard case .number(let standard) = key.value(in: Config()) else { continue }
                let value = standard == 0 ? random.uniform(0...2000) : standard * random.uniform(0.25...2)
                values.append(JSONWriter.number(range.contains(value) ? value : standard))
            }
        }
        var unique: [String] = []
        for value in values where !unique.contains(value) { unique.append(value) }
        return unique
    }

    /// A grid of 1–3 sweeps of distinct keys of ``ConfigKey/all`` over a random base.
    static func grid(_ random: inout SeededRandom) -> TuningGrid? {
        var base = SimulationPropertyTests.config(random.next())
        if random.chance(0.6) { base.interaction = .pullToDismiss }
        base.stepOrigin = random.chance(0.4) ? .release : .start
        base.dismissible = random.chance(0.7)
        base.scrollExpands = random.chance(0.5)
        base.maxSteps = random.chance(0.3) ? random.int(1...2) : 0
        base.stepVelocity = random.chance(0.3) ? random.uniform(100...1500) : 0
        let keys = ConfigKey.all.dropFirst()
        var sweeps: [Sweep] = []
        for _ in 0..<random.int(1...3) {
            let key = keys[keys.startIndex + random.int(0...(keys.count - 1))]
            guard !sweeps.contains(where: { $0.key == key.name }) else { continue }
            if let sweep = try? Sweep(key: key.name, values: values(of: key, &random)) { sweeps.append(sweep) }
        }
        guard !sweeps.isEmpty else { return nil }
        return try? TuningGrid(base: base, sweeps: sweeps)
    }

    /// Synthetic traces, some turned into sheets with two or three detents,
    /// some over a scroll view (`scrollExpands` and arbitration then matter).
    static func traces(_ random: inout SeededRandom) -> [Trace] {
        let corpus = SyntheticCorpus(seed: random.next(), families: SyntheticFamily.all.filter { _ in random.chance(0.5) })
        let intents: [Intent?] = [nil, .finish, .cancel, Intent(word: "medium"), Intent(word: "large"), Intent(word: "low")]
        return corpus.traces(count: random.int(1...120)).map { trace in
            var trace = trace
            if random.chance(0.5) {
                var detents = [Detent(name: "medium", height: random.uniform(0.3...0.6)), Detent(name: "large", height: 1)]
                if random.chance(0.5) { detents.insert(Detent(name: "low", height: random.uniform(0.1...0.25)), at: 0) }
                trace.detents = detents
                trace.startDetent = detents[random.int(0...(detents.count - 1))].name
                trace.intent = intents[random.int(0...(intents.count - 1))]
                if random.chance(0.5), trace.scrollContent == 0 {
                    trace.scrollContent = 2000
                    trace.scrollOffset = random.chance(0.5) ? 0 : random.uniform(1...400)
                }
                // Turned upside down about the down: a pull up, where `scrollExpands` and the anchors above matter.
                if random.chance(0.3), let down = trace.samples.first?.y {
                    for index in trace.samples.indices { trace.samples[index].y = 2 * down - trace.samples[index].y }
                }
            }
            return trace
        }
    }

    @Test func tuneDecidesEveryCandidateAsTheSimulation() async {
        await propertyCheck(count: 60, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let traces = Self.traces(&random)
            guard let grid = Self.grid(&random) else { return }
            let budget = random.chance(0.5) ? 0 : TuningEngine.sliceHistogramBudget
            var engine = TuningEngine(grid: grid, chunkSize: random.int(1...70), sliceHistogramBudget: budget)
            engine.add(contentsOf: traces)
            let results = engine.finish()
            for index in 0..<grid.count {
                let config = grid.config(at: index)
                var expected = TuningCounts()
                for trace in traces { expected.add(Simulator.simulate(trace, under: config), of: trace) }
                #expect(results.counts(at: index) == expected, "candidate \(grid.settings(at: index)) seed \(seed)")
            }
        }
    }

    /// Every key of ``ConfigKey/all`` swept in turn (with another drawn at
    /// random), so that none is left to chance.
    @Test(arguments: ConfigKey.all.dropFirst().map(\.name)) func everyKeySwept(_ name: String) throws {
        let key = try #require(ConfigKey.named(name))
        for seed in 0..<6 as Range<UInt64> {
            var random = SeededRandom(seed: SeededRandom.mix(seed &+ UInt64(name.utf8.count) &* 7919))
            let traces = Self.traces(&random)
            var base = SimulationPropertyTests.config(random.next())
            base.interaction = random.chance(0.8) ? .pullToDismiss : base.interaction
            base.decision = DecisionRule.allCases[random.int(0...3)]
            base.stepOrigin = random.chance(0.5) ? .release : .start
            base.scrollExpands = random.chance(0.5)
            var values = Self.values(of: key, &random)
            if !values.contains(key.text(in: base)) { values.append(key.text(in: base)) }
            var sweeps = [try Sweep(key: name, values: values)]
            let other = ConfigKey.all[random.int(1...(ConfigKey.all.count - 1))]
            if other.name != name, let sweep = try? Sweep(key: other.name, values: Self.values(of: other, &random)) {
                sweeps.append(sweep)
            }
            guard let grid = try? TuningGrid(base: base, sweeps: sweeps) else { continue }
            var engine = TuningEngine(grid: grid, chunkSize: random.int(1...70))
            engine.add(contentsOf: traces)
            let results = engine.finish()
            let configs = (0..<grid.count).map { grid.config(at: $0) }
            var comparison = ConfigComparison(configs: configs)
            comparison.add(contentsOf: traces)
            for (index, config) in configs.enumerated() {
                var expected = TuningCounts()
                for trace in traces { expected.add(Simulator.simulate(trace, under: config), of: trace) }
                #expect(results.counts(at: index) == expected, "tune \(grid.settings(at: index)) seed \(seed)")
                #expect(comparison.counts[index].tally == expected, "compare \(grid.settings(at: index)) seed \(seed)")
            }
        }
    }

    @Test func compareDecidesEveryConfigAsTheSimulation() async {
        await propertyCheck(count: 60, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let traces = Self.traces(&random)
            guard let grid = Self.grid(&random) else { return }
            let configs = (0..<min(grid.count, 12)).map { grid.config(at: $0) }
            var comparison = ConfigComparison(configs: configs)
            comparison.add(contentsOf: traces)
            comparison.finish()
            for (index, config) in configs.enumerated() {
                var expected = TuningCounts()
                var stale = 0
                for trace in traces {
                    let outcome = Simulator.simulate(trace, under: config)
                    expected.add(outcome, of: trace)
                    if outcome.stale { stale += 1 }
                }
                #expect(comparison.counts[index].tally == expected, "config \(index) seed \(seed)")
                #expect(comparison.counts[index].stale == stale, "config \(index) seed \(seed)")
            }
            // tune's second pass: the base against the last config.
            if let best = configs.last {
                var pass = TuningComparison(base: configs[0], best: best)
                pass.add(contentsOf: traces)
                var expected = TuningCounts()
                for trace in traces { expected.add(Simulator.simulate(trace, under: best), of: trace) }
                #expect(pass.bestCounts == expected, "second pass seed \(seed)")
            }
        }
    }

    /// The release map's regions are the simulation's decision at every sheet's release.
    @Test func sheetRegionsAgreeWithTheSimulation() async {
        await propertyCheck(count: 60, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            guard let grid = Self.grid(&random) else { return }
            let config = grid.config(at: random.int(0...(grid.count - 1)))
            for trace in Self.traces(&random) {
                guard let detents = trace.detents, let start = trace.startDetent else { continue }
                let (outcome, height) = Simulator.simulateRelease(trace, under: config)
                guard Ending(outcome) == .lift, let height else { continue }
                let extent = config.extent(width: trace.width, height: trace.height)
                guard
                    let regions = SheetRegionGrid(
                        config: config, detents: detents, start: start, extent: extent, velocities: -1...1,
                        heights: 0...1, columns: 1, rows: 1)
                else { continue }
                let anchor = regions.anchor(velocity: outcome.velocity, height: height)
                #expect(regions.name(of: anchor) == (outcome.detent ?? "dismissed"), "seed \(seed)")
            }
        }
    }
}

import PropertyBased
import Testing
import TraceFixtures

@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// docs/tune.md "Sheets with detents": `tune` over traces with detents,
/// counted by hand from docs/model.md §4.10's worked example 6 and a fast
/// drag that ends below `medium` (``DetentTests``).
@Suite struct DetentTuningTests {
    static func named(_ trace: Trace, _ name: String, _ intent: String) -> Trace {
        var trace = trace
        trace.name = name
        trace.intent = Intent(word: intent)
        return trace
    }

    /// Example 6 (`h` 0.8875, 1250 pt/s from `large`) and the fast drag
    /// (`h` 0.46375, 1100 pt/s from `large`) under several intents.
    static var corpus: [Trace] {
        [
            named(WorkedExamples.example6, "a", "medium"),
            named(DetentTests.fastToBelowMedium, "b", "medium"),
            named(DetentTests.fastToBelowMedium, "c", "cancel"),
            named(DetentTests.fastToBelowMedium, "d", "finish"),
            named(WorkedExamples.example6, "e", "large"),
        ]
    }

    @Test func stepVelocityUnderUIKitsSheet() throws {
        // uikit-sheet: example 6 projects to 0.73281, medium, whatever the
        // step (nearest(0.8875) is large, not the target). The fast drag
        // projects to 0.327625, medium; at stepVelocity 1000 (≤ 1100) the
        // finger is below medium moving down: one further, dismissed; at 0
        // (off) and 2000 (> 1100) it stays at medium.
        //   a medium→agree; b medium→agree / dismissed→accidental; c (cancel, from large)
        //   medium→wrongDetent / accidental; d (finish) medium→missed / agree; e (large) medium→wrongDetent.
        let base = try Preset.named("uikit-sheet").config
        let grid = try TuningGrid(base: base, sweeping: ["stepVelocity=0:2000:1000"])
        let results = TuningEngine.evaluate(Self.corpus, grid: grid)
        let off = TuningCounts(finish: 0, cancel: 5, none: 0, agree: 2, accidental: 0, missed: 1, wrongDetent: 2)
        let step = TuningCounts(finish: 3, cancel: 2, none: 0, agree: 2, accidental: 2, missed: 0, wrongDetent: 1)
        #expect(results.counts(at: 0) == off)
        #expect(results.counts(at: 1) == step)
        #expect(results.counts(at: 2) == off)
        #expect((0..<3).map(results.floor(at:)) == [2, 2, 2])
        #expect(results.grid.inertKeys(at: 1).isEmpty)
        // Every floor is 2: the base's own stepVelocity (1000) keeps its place.
        #expect(results.best() == 1)
        #expect(results.keepsBase())
        // --max-accidental still counts dismissals against intent only.
        #expect(results.best(maxAccidental: 0) == 0)
        #expect(results.best(maxAccidental: 1) == 0)
    }

    @Test func maxStepsUnderProjection() throws {
        // projection 0.998, threshold 0.4: example 6 projects to 0.10781,
        // dismissed; with maxSteps 1 medium; maxSteps 2 reaches dismissal.
        // The fast drag projects below 0: dismissed, or medium with maxSteps 1.
        var base = Config()
        base.decision = .projection
        let grid = try TuningGrid(base: base, sweeping: ["maxSteps=0:2:1"])
        let results = TuningEngine.evaluate(Self.corpus, grid: grid)
        let free = TuningCounts(finish: 5, cancel: 0, none: 0, agree: 1, accidental: 4, missed: 0, wrongDetent: 0)
        let one = TuningCounts(finish: 0, cancel: 5, none: 0, agree: 2, accidental: 0, missed: 1, wrongDetent: 2)
        #expect(results.counts(at: 0) == free)
        #expect(results.counts(at: 1) == one)
        #expect(results.counts(at: 2) == free)
        // agree 1, 2, 1: every floor is 1, and the base's own maxSteps (0) keeps its place.
        #expect((0..<3).map(results.floor(at:)) == [1, 1, 1])
        #expect(results.best() == 0)
        #expect(results.keepsBase())
    }

    @Test func inertKeysFollowTheirRulesWithDetents() throws {
        // stepVelocity is read by projection and lookahead only, maxSteps by every rule.
        let grid = try TuningGrid(base: Config(), sweeping: ["decision=threshold,projection", "stepVelocity=0,1000"])
        let results = TuningEngine.evaluate(Self.corpus, grid: grid)
        #expect(results.grid.inertKeys(at: 0) == ["stepVelocity"])
        #expect(results.grid.inertKeys(at: 2).isEmpty)
        let steps = try TuningGrid(base: Config(), sweeping: ["maxSteps=0,1"])
        #expect(TuningEngine.evaluate(Self.corpus, grid: steps).grid.inertKeys(at: 0).isEmpty)
        // Without a trace with detents both are inert under every rule.
        let flat = TuningEngine.evaluate([WorkedExamples.example2], grid: grid)
        #expect(flat.grid.inertKeys(at: 2) == ["stepVelocity"])
        #expect(TuningEngine.evaluate([WorkedExamples.example2], grid: steps).grid.inertKeys(at: 1) == ["maxSteps"])
    }

    /// docs/tune.md "Keys a rule never reads": `stepOrigin` only under projection
    /// and look-ahead; from the release, `stepVelocity` and `maxSteps` are not read;
    /// without a trace with detents none of the sheet keys is.
    @Test func inertKeysOfTheSheetKeys() throws {
        let base = Config.with { $0.decision = .projection }
        let grid = try TuningGrid(base: base, sweeping: ["stepOrigin=start,release", "maxSteps=0,1", "stepVelocity=0,500"])
        let results = TuningEngine.evaluate(Self.corpus, grid: grid)
        #expect(results.grid.inertKeys(at: 0).isEmpty)  // start
        #expect(results.grid.inertKeys(at: 4) == ["maxSteps", "stepVelocity"])  // release
        // Candidates that differ only in inert keys decide alike, and merge into one row.
        for index in 5..<8 { #expect(results.counts(at: index) == results.counts(at: 4)) }
        #expect(results.mergedRows().rows.count == 5)
        // Under threshold and velocity stepOrigin is never read, maxSteps is even from the release.
        let velocity = try TuningGrid(base: .with { $0.decision = .velocity }, sweeping: ["stepOrigin=start,release", "maxSteps=0,1"])
        #expect(TuningEngine.evaluate(Self.corpus, grid: velocity).grid.inertKeys(at: 2) == ["stepOrigin"])
        // The other two are read under every rule with detents, by none without.
        let sheet = try TuningGrid(base: Config(), sweeping: ["dismissible=true,false", "scrollExpands=true,false"])
        #expect(TuningEngine.evaluate(Self.corpus, grid: sheet).grid.inertKeys(at: 3).isEmpty)
        #expect(TuningEngine.evaluate([WorkedExamples.example2], grid: sheet).grid.inertKeys(at: 3) == ["dismissible", "scrollExpands"])
        #expect(TuningEngine.evaluate([WorkedExamples.example2], grid: grid).grid.inertKeys(at: 0) == ["stepOrigin", "maxSteps", "stepVelocity"])
    }

    @Test func theComparisonCountsEachStartDetent() throws {
        // Base uikit-sheet (stepVelocity 1000), best stepVelocity 0, over the
        // corpus counted in stepVelocityUnderUIKitsSheet (all from large:
        // a and d agree under the base, a and b under the best), and one
        // more trace: example 6's samples from medium, meant for large.
        var up = Self.named(WorkedExamples.example6, "f", "large")
        up.startDetent = "medium"
        let base = try Preset.named("uikit-sheet").config
        var best = base
        best.stepVelocity = 0
        var comparison = TuningComparison(base: base, best: best)
        comparison.add(contentsOf: Self.corpus + [up])
        let large = try #require(comparison.startDetents.first { $0.detent == "large" })
        #expect(large.labelled == 5)
        #expect(large.baseAgree == 2 && large.bestAgree == 2)
        let medium = try #require(comparison.startDetents.first { $0.detent == "medium" })
        #expect(medium.labelled == 1)
        #expect(comparison.baseCounts.wrongDetent == 1 + Self.upWrong(base))
        #expect(comparison.bestCounts.wrongDetent == 2 + Self.upWrong(best))
        // b and c move to medium: b now agrees, c is now at the wrong detent; d is newly missed.
        #expect(comparison.nowAgree.names == ["b"])
        #expect(comparison.newWrongDetent.names == ["c"])
        #expect(comparison.newlyMissed.names == ["d"])
    }

    @Test func reportsShowWrongDetentsOnlyWithDetents() throws {
        let base = try Preset.named("uikit-sheet").config
        let grid = try TuningGrid(base: base, sweeping: ["stepVelocity=0:2000:1000"])
        let results = TuningEngine.evaluate(Self.corpus, grid: grid)
        var comparison = TuningComparison(base: base, best: grid.config(at: 0))
        comparison.add(contentsOf: Self.corpus)
        let intervals = TuningIntervals(pairs: comparison.outcomes)
        // Base (stepVelocity 1000): 1 wrong detent (e); stepVelocity 0: 2 (c, e); the intervals hold them.
        #expect(comparison.baseCounts.wrongDetent == 1 && comparison.bestCounts.wrongDetent == 2)
        #expect(intervals.base.wrongDetent.contains(1) && intervals.best.wrongDetent.contains(2))
        #expect(intervals.gain.wrongDetent.contains(1))
        let text = results.textReport(comparison: comparison, intervals: intervals)
        let words = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(words.contains(["agree", "accidental", "missed", "wrongDetent"]))
        // The candidate rows: stepVelocity, agree, floor, accidental, missed, wrongDetent.
        // (one sweep: a bar follows agree)
        #expect(words.contains { $0.starts(with: ["1000", "2"]) && $0.dropFirst(3).prefix(4) == ["2", "2", "0", "1"] })
        // From large: 5 labelled, 2 agree under both.
        #expect(words.contains(["large", "2", "of", "5", "2", "of", "5"]))
        let json = results.json(intervals: intervals)
        #expect(json.contains(#""settings":{"stepVelocity":0},"finish":0,"cancel":5,"none":0,"agree":2,"accidental":0,"missed":1,"wrongDetent":2,"#))
        #expect(json.contains(#""wrongDetent":["#))
        // Without detents: no column, the JSON still says 0.
        let flat = TuningEngine.evaluate([Self.named(WorkedExamples.example2, "x", "cancel")], grid: grid)
        #expect(!flat.textReport().contains("wrongDetent"))
        #expect(flat.json().contains(#""wrongDetent":0"#))
    }

    /// 1 when trace `f` (example 6's samples from medium, meant for large) rests at another detent.
    static func upWrong(_ config: Config) -> Int {
        var up = named(WorkedExamples.example6, "f", "large")
        up.startDetent = "medium"
        return Agreement(Simulator.simulate(up, under: config), of: up) == .wrongDetent ? 1 : 0
    }

    /// Random grids of lift and trajectory keys, stepVelocity and maxSteps among them.
    static func grid(_ random: inout SeededRandom) -> TuningGrid? {
        var base = SimulationPropertyTests.config(random.next())
        base.interaction = random.chance(0.85) ? .pullToDismiss : .swipeBack
        var sweeps: [Sweep] = []
        let pool: [(String, [String])] = [
            ("stepVelocity", ["0", "500", "1000", "1500"]), ("maxSteps", ["0", "1", "2"]),
            ("decision", DecisionRule.allCases.map(\.rawValue)), ("threshold", ["0.2", "0.4", "0.5", "0.7"]),
            ("decelerationRate", ["0.99", "0.998"]), ("touchSlop", ["0", "10", "18"]), ("guarded", ["false", "true"]),
            ("flickVelocityUnit", FlickVelocityUnit.allCases.map(\.rawValue)),
        ]
        for _ in 0..<random.int(1...3) {
            let (key, values) = pool[random.int(0...(pool.count - 1))]
            let chosen = values.filter { _ in random.chance(0.6) }
            guard !chosen.isEmpty, !sweeps.contains(where: { $0.key == key }) else { continue }
            if let sweep = try? Sweep(key: key, values: chosen) { sweeps.append(sweep) }
        }
        if sweeps.isEmpty, let sweep = try? Sweep(parsing: "stepVelocity=0:2000:500") { sweeps.append(sweep) }
        return try? TuningGrid(base: base, sweeps: sweeps)
    }

    @Test func everyCandidateCountsAsItsConfigSimulatedAlone() async {
        await propertyCheck(count: 30, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let families = SyntheticFamily.allCases.filter { _ in random.chance(0.5) }
            let corpus = SyntheticCorpus(seed: random.next(), families: families.isEmpty ? SyntheticFamily.sheets : families)
            let traces = Array(corpus.traces(count: random.int(1...120)))
            guard let grid = Self.grid(&random) else { return }
            var engine = TuningEngine(grid: grid, chunkSize: random.int(1...50))
            engine.add(contentsOf: traces)
            let results = engine.finish()
            for index in 0..<grid.count {
                let config = grid.config(at: index)
                var expected = TuningCounts()
                for trace in traces { expected.add(Simulator.simulate(trace, under: config), of: trace) }
                #expect(results.counts(at: index) == expected, "candidate \(index) \(grid.settings(at: index)) seed \(seed)")
                // docs/model.md §2: every trace with an intent is exactly one of agree, accidental, missed, wrong detent.
                let counts = results.counts(at: index)
                #expect(counts.agree + counts.accidental + counts.missed + counts.wrongDetent == results.labelled)
                #expect(counts.agree >= 0 && counts.wrongDetent >= 0)
            }
        }
    }

    @Test func agreementPartitionsTheTracesWithAnIntent() async {
        // docs/model.md §2: for each trace with an intent, exactly one of the four holds, read from the words.
        await propertyCheck(count: 40, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let traces = Array(SyntheticCorpus(seed: random.next(), families: SyntheticFamily.sheets).traces(count: 40))
            let config = Preset.all[random.int(0...(Preset.all.count - 1))].config
            for trace in traces {
                let outcome = Simulator.simulate(trace, under: config)
                guard let intent = trace.intent else {
                    #expect(Agreement(outcome, of: trace) == nil)
                    continue
                }
                let dismissed = outcome.decision == .finish
                let meant = intent == .finish ? nil : intent == .cancel ? trace.startingDetent?.name : intent.rawValue
                let agree = intent == .finish ? dismissed : !dismissed && outcome.detent == meant
                let accidental = dismissed && intent != .finish
                let missed = intent == .finish && !dismissed
                let wrong = !dismissed && intent != .finish && outcome.detent != meant
                #expect([agree, accidental, missed, wrong].filter { $0 }.count == 1)
                let expected: Agreement = agree ? .agree : accidental ? .accidental : missed ? .missed : .wrongDetent
                #expect(Agreement(outcome, of: trace) == expected)
            }
        }
    }
}

import PropertyBased
import Testing
import TraceFixtures

@testable import PanTraceCore
@testable import PanTraceReports
@testable import PanTraceModel

/// `pantrace compare` (docs/presets.md): every config decided as replay
/// would decide it, counted by hand from one simulation per config.
@Suite struct ConfigComparisonTests {
    /// Decisions and stale flags by simulating each trace under each config.
    static func byHand(_ traces: [Trace], _ configs: [Config]) -> [[Outcome]] {
        traces.map { trace in configs.map { Simulator.simulate(trace, under: $0) } }
    }

    static func randomConfigs(_ random: inout SeededRandom) -> [Config] {
        var configs = Preset.all.filter { _ in random.chance(0.4) }.map(\.config)
        while configs.count < 2 { configs.append(Preset.all[random.int(0...10)].config) }
        // A few hand-made configs beside the presets, some sharing a trajectory.
        for index in 0..<random.int(0...3) {
            var config = LiftRuleTests.config(&random)
            config.name = "made \(index)"
            config.threshold = config.thresholdUnit == .points ? Double(random.int(10...500)) : Double(random.int(1...10)) / 10
            config.touchSlop = [0, 10, 18][random.int(0...2)]
            config.velocityEstimator = VelocityEstimator.allCases[random.int(0...3)]
            configs.append(config)
        }
        var seen: Set<String> = []
        return configs.filter { seen.insert($0.name).inserted }
    }

    @Test func countsMatrixAndDividedAreExact() async {
        await propertyCheck(count: 25, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let configs = Self.randomConfigs(&random)
            guard configs.count >= 2 else { return }
            var traces = Array(SyntheticCorpus(seed: random.next()).traces(count: random.int(1...150)))
            // Some rest before the lift, so that stale results occur.
            for index in traces.indices where random.chance(0.3) {
                let last = traces[index].samples.count - 1
                if traces[index].samples[last].phase == .up { traces[index].samples[last].t += 0.1 }
            }
            let limit = random.int(0...8)
            var comparison = ConfigComparison(configs: configs, limit: limit)
            comparison.add(contentsOf: traces)
            let outcomes = Self.byHand(traces, configs)
            #expect(comparison.traces == traces.count)
            #expect(comparison.labelled == traces.filter { $0.intent != nil }.count)
            for index in configs.indices {
                let column = zip(traces, outcomes).map { ($0.intent, $1[index]) }
                let c = comparison.counts[index]
                #expect(c.finish == column.filter { $0.1.decision == .finish }.count, "\(configs[index].name)")
                #expect(c.cancel == column.filter { $0.1.decision == .cancel }.count)
                #expect(c.none == column.filter { $0.1.decision == .none }.count)
                #expect(c.accidental == column.filter { $0.0 == .cancel && $0.1.decision == .finish }.count)
                #expect(c.missed == column.filter { $0.0 == .finish && $0.1.decision != .finish }.count)
                #expect(c.agree == column.filter { $0.0 != nil }.count - c.accidental - c.missed)
                #expect(c.stale == column.filter { $0.1.stale }.count, "\(configs[index].name)")
                #expect(c.differs == outcomes.filter { $0[index].decision != $0[0].decision }.count)
                for other in configs.indices {
                    #expect(comparison.matrix[index][other] == outcomes.filter { $0[index].decision != $0[other].decision }.count)
                }
            }
            // The most divided: every trace split between finish and the rest, most even first, then by name.
            let split = zip(traces, outcomes).compactMap { trace, row -> (Int, String, [Decision])? in
                let finishing = row.filter { $0.decision == .finish }.count
                let even = min(finishing, row.count - finishing)
                return even > 0 ? (even, trace.name, row.map(\.decision)) : nil
            }.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : Array($0.1.utf8).lexicographicallyPrecedes(Array($1.1.utf8)) }
            #expect(comparison.mostDivided.map(\.name) == split.prefix(limit).map(\.1))
            #expect(comparison.mostDivided.map(\.decisions) == split.prefix(limit).map(\.2))
        }
    }

    @Test func presetsShareSimulationsByTrajectory() {
        let comparison = ConfigComparison(configs: Preset.all.map(\.config))
        // (slop 10, uikit, pull), (8, lsq2, pull), (18, lsq2, pull), (18, lsq2, swipe), (5, uikit, swipe).
        #expect(comparison.simulationsPerTrace == 5)
    }

    @Test func reportsCarryTheCounts() {
        var comparison = ConfigComparison(configs: [Preset.all[0].config, Preset.all[2].config], limit: 5)
        var rested = WorkedExamples.example2
        rested.name = "rested"
        rested.intent = .cancel
        rested.samples[rested.samples.count - 1].t += 0.2
        comparison.add(contentsOf: [WorkedExamples.example2, rested])
        // Example 2: seed cancels (p 0.1125 < 0.4), panmodal finishes (1250 ≥ 300); rested: stale under panmodal.
        let json = comparison.jsonReport()
        #expect(json.hasPrefix(#"{"traces": 2, "labelled": 1, "configs": [{"name": "seed", "settings": {"name":"seed","#))
        #expect(json.contains(#""finish": 2, "cancel": 0, "none": 0, "agree": 0, "accidental": 1, "missed": 0, "wrongDetent": 0, "stale": 1, "differs": 2, "matches": null}"#))
        #expect(json.contains(#"], "observed": 0, "matrix"#))
        #expect(json.contains(#""matrix": [[0, 2], [2, 0]]"#))
        #expect(json.contains(#"{"trace": "rested", "intent": "cancel", "decisions": ["cancel", "finish"]}"#))
        let text = comparison.textReport()
        #expect(text.contains("stale: UIKit's velocity(in:)"))
        #expect(text.contains("most divided traces"))
    }

    /// Example 6 (`h` 0.8875, 1250 pt/s) and the fast drag (`h` 0.46375,
    /// 1100 pt/s), both from `large` and meant for `medium` (``DetentTests``).
    static var sheets: [Trace] {
        var six = WorkedExamples.example6
        six.name = "six"
        six.intent = Intent(word: "medium")
        var fast = DetentTests.fastToBelowMedium
        fast.name = "fast"
        fast.intent = Intent(word: "medium")
        return [six, fast]
    }

    @Test func detentsCountWrongDetentsDiffersAndRests() throws {
        // docs/model.md §4.10, by hand. uikit-sheet: six → medium (projection
        // 0.73281), fast → dismissed (step). floatingpanel-states (from the
        // release, not dismissible): six goes one anchor down from large (x
        // 0.10781 is past medium), fast lifts below medium, its lowest anchor:
        // both medium. seed (threshold 0.4): six stays at large (progress
        // 0.225), fast stays at medium (progress 0.0725 from medium).
        let configs = try ["uikit-sheet", "floatingpanel-states", "seed"].map { try Preset.named($0).config }
        var comparison = ConfigComparison(configs: configs, limit: 5)
        comparison.add(contentsOf: Self.sheets)
        // scrollExpands (uikit-sheet, floatingpanel-states) sets apart only a sheet over a scroll view.
        #expect(comparison.simulationsPerTrace == 1)
        let counts = comparison.counts
        #expect([counts[0].finish, counts[0].agree, counts[0].accidental, counts[0].wrongDetent] == [1, 1, 1, 0])
        #expect([counts[1].cancel, counts[1].agree, counts[1].accidental, counts[1].wrongDetent] == [2, 2, 0, 0])
        #expect([counts[2].cancel, counts[2].agree, counts[2].accidental, counts[2].wrongDetent] == [2, 1, 0, 1])
        // differs: a decision or a detent unlike uikit-sheet's.
        #expect(counts.map(\.differs) == [0, 1, 2])
        #expect(comparison.matrix == [[0, 1, 2], [1, 0, 1], [2, 1, 0]])
        // fast splits on finish; six only on where it rests (medium, medium, large).
        #expect(comparison.mostDivided.map(\.name) == ["fast", "six"])
        #expect(comparison.mostDivided.map(\.rests) == [["dismissed", "medium", "medium"], ["medium", "medium", "large"]])
        let json = comparison.jsonReport()
        #expect(json.contains(#""agree": 1, "accidental": 0, "missed": 0, "wrongDetent": 1, "stale": 0, "differs": 2, "matches": null}"#))
        #expect(json.contains(#"{"trace": "six", "intent": "medium", "decisions": ["cancel", "cancel", "cancel"], "rests": ["medium", "medium", "large"]}"#))
        let text = comparison.textReport()
        #expect(text.contains("wrongDetent"))
        #expect(text.contains("differing decisions or detents, pair by pair:"))
        // The divided trace's row: its name, its intent, then where each config leaves it.
        let words = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(words.contains(["six", "medium", "medium", "medium", "large"]))
        #expect(words.contains(["fast", "medium", "dismissed", "medium", "medium"]))
    }

    @Test func detentTracesAreDecidedAsEachConfigAlone() async {
        // Every preset and a few made configs over the sheet families: the
        // shared simulation with the detent rule gives what each config
        // simulated alone gives, decision, detent and stale alike.
        await propertyCheck(count: 10, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            var configs = Self.randomConfigs(&random)
            for (index, preset) in Preset.all.suffix(4).enumerated() where random.chance(0.7) {
                var config = preset.config
                config.name = "sheet \(index)"
                config.stepVelocity = [0, 500, 1000][random.int(0...2)]
                config.maxSteps = random.int(0...2)
                configs.append(config)
            }
            var traces = Array(SyntheticCorpus(seed: random.next(), families: SyntheticFamily.sheets).traces(count: 60))
            for index in traces.indices where random.chance(0.3) {
                let last = traces[index].samples.count - 1
                if traces[index].samples[last].phase == .up { traces[index].samples[last].t += 0.1 }
            }
            var comparison = ConfigComparison(configs: configs, limit: 100)
            comparison.add(contentsOf: traces)
            let outcomes = Self.byHand(traces, configs)
            for index in configs.indices {
                var tally = TuningCounts()
                for (trace, row) in zip(traces, outcomes) { tally.add(row[index], of: trace) }
                #expect(comparison.counts[index].tally == tally, "\(configs[index].name) seed \(seed)")
                #expect(comparison.counts[index].stale == outcomes.filter { $0[index].stale }.count)
                #expect(
                    comparison.counts[index].differs
                        == outcomes.filter { $0[index].decision != $0[0].decision || $0[index].detent != $0[0].detent }.count)
            }
            let divided = zip(traces, outcomes).filter { _, row in
                Set(row.map { Rest(decision: $0.decision, detent: $0.detent) }).count > 1
            }
            #expect(comparison.mostDivided.count == min(100, divided.count))
        }
    }
}

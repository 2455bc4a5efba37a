import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceStore
import PropertyBased
import Synchronization
import Testing

/// docs/commands.md §7.5: "each candidate is decided exactly as `replay` would decide it".
/// Here `replay` is the real thing: each candidate's config stored as a run
/// by ``Replayer`` in a temporary database, its decisions read back from the
/// store and counted by the words of docs/model.md §2.
@Suite struct TunerPropertyTests {
    /// Sweeps small enough that every candidate can be replayed: keys read at
    /// the lift and keys that change the trajectory, as `--sweep` texts.
    static func sweep(_ random: inout SeededRandom) -> String {
        func pick(_ words: [String]) -> String {
            let chosen = words.filter { _ in random.chance(0.5) }
            return (chosen.isEmpty ? [words[random.int(0...(words.count - 1))]] : chosen).joined(separator: ",")
        }
        switch random.int(0...12) {
        case 0: return "threshold=0.1:0.9:\(JSONWriter.number(Double(random.int(2...4)) / 10))"
        case 1: return "threshold=" + pick(["0.25", "0.3", "0.4", "0.55", "0.7"])
        case 2: return "decision=" + pick(["threshold", "velocity", "projection", "lookahead"])
        case 3: return "flickVelocity=\(random.int(2...6) * 100):2400:\(random.int(5...9) * 100)"
        case 4: return "velocityEstimator=" + pick(VelocityEstimator.allCases.map(\.rawValue))
        case 5: return "touchSlop=" + pick(["0", "10", "30"])
        case 6: return "scrollGating=" + pick(["none", "offsetAtBegin", "handoff"])
        case 7: return "guarded=" + pick(["true", "false"])
        case 9: return "thresholdUnit=" + pick(["fraction", "points"])
        case 10: return "flickVelocityUnit=" + pick(["points", "extents", "remaining"])
        case 11: return "reverseFlick=" + pick(["true", "false"])
        case 12: return "lookahead=" + pick(["0.1", "0.3", "0.6"])
        default: return "decelerationRate=" + pick(["0.99", "0.998"])
        }
    }

    /// Decision counts by hand from docs/model.md §2's words (not through `TuningCounts.add`).
    static func counts(_ decisions: [(Decision, Intent?)]) -> TuningCounts {
        var counts = TuningCounts()
        for (decision, intent) in decisions {
            switch decision {
            case .finish: counts.finish += 1
            case .cancel: counts.cancel += 1
            case .none: counts.none += 1
            }
            guard let intent else { continue }
            if intent == .cancel && decision == .finish {
                counts.accidental += 1
            } else if intent == .finish && decision != .finish {
                counts.missed += 1
            } else {
                counts.agree += 1
            }
        }
        return counts
    }

    @Test func everyCandidateCountsAsAStoredReplayOfItsConfig() async {
        let compared = Mutex(0)  // candidates replayed, over every case
        await propertyCheck(count: 12, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let workspace = try Workspace()
            let store = try Store(path: workspace.db)
            let families = SyntheticFamily.all.filter { _ in random.chance(0.5) }
            var inputs: [TraceInput] = []
            // The worked examples bring traces without an intent.
            if random.chance(0.5) { inputs.append(try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl"))) }
            _ = try Recorder(
                inputs: inputs, synthetic: SyntheticTraces(count: random.int(1...40), seed: random.next(), families: families)
            ).record(into: store)
            var sweeps: [String] = []
            for _ in 0..<random.int(1...3) {
                let sweep = Self.sweep(&random)
                if !sweeps.contains(where: { $0.prefix(while: { $0 != "=" }) == sweep.prefix(while: { $0 != "=" }) }) {
                    sweeps.append(sweep)
                }
            }
            let base = ["decision=" + ["threshold", "velocity", "projection", "lookahead"][random.int(0...3)]]
            // Synthetic traces all have an intent, and the first family has
            // the corpus's first trace: the selection always holds labelled traces.
            let family = random.chance(0.3) ? families.first?.name : nil
            func tuner(_ sweeps: [String]) -> Tuner {
                Tuner(
                    config: ConfigSource(overrides: base), sweeps: sweeps,
                    selection: TraceSelection(families: family.map { [$0] } ?? []))
            }
            // Each candidate is a stored replay: sweeps are dropped from the
            // end until 16 candidates at most are left (one sweep has 5 values
            // at most), so that every case replays its candidates.
            while sweeps.count > 1, try tuner(sweeps).grid().count > 16 { sweeps.removeLast() }
            let tuner = tuner(sweeps)
            let grid = try tuner.grid()
            #expect(grid.count <= 16, "\(sweeps)")
            let results = try tuner.tune(in: store).results
            for index in 0..<grid.count {
                var decisions: [(Decision, Intent?)] = []
                _ = try Replayer(config: grid.config(at: index), selection: tuner.selection).replay(in: store, reporting: [EachComparedTrace { trace in
                    decisions.append((trace.candidate.decision, trace.intent))
                }])
                #expect(
                    results.counts(at: index) == Self.counts(decisions),
                    "seed \(seed): candidate \(index) \(grid.settings(at: index)) of \(sweeps) over \(base)")
                compared.withLock { $0 += 1 }
            }
            #expect(results.traces == (try store.runs().last?.traceCount))
        }
        // Every case replays at least one candidate: the property is not vacuous.
        #expect(compared.withLock { $0 } >= 12)
    }
}

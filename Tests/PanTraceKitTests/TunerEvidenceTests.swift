import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceStore
import Testing

/// docs/tune.md "Evidence" and "How sure" through the library: counts by
/// intent source, `--evidence`, the warning, nothing to learn from, and
/// intervals from the tune's own outcomes.
@Suite struct TunerEvidenceTests {
    /// 60 generator traces relabelled as a person's (every third) or an app's
    /// inference (every third), the rest left synthetic; plus 120 synthetic ones.
    static let relabelled: String = SyntheticCorpus(seed: 31).traces(count: 60).enumerated().map { index, trace in
        var trace = trace
        trace.name = "relabelled-\(index)"
        if trace.intent != nil {
            trace.intentSource = index % 3 == 0 ? .person : index % 3 == 1 ? .inferred : .synthetic
        }
        return trace.jsonLine()
    }.joined(separator: "\n") + "\n"

    static func corpus() throws -> Store {
        let workspace = try Workspace.recorded("evidence: relabelled 60 seed=31, count=120 seed=32") { store in
            _ = try Recorder(
                inputs: [TraceInput(text: relabelled, name: "relabelled.jsonl")], synthetic: SyntheticTraces(count: 120, seed: 32)
            ).record(into: store)
        }
        return try Store(path: workspace.db)
    }

    static func stored(_ store: Store) throws -> [Trace] {
        var traces: [Trace] = []
        try store.forEachTrace(orderedBy: .name) { _, trace in traces.append(trace) }
        return traces
    }

    @Test func theEvidenceCountsTheLabelsBySource() throws {
        let store = try Self.corpus()
        let traces = try Self.stored(store)
        let tuning = try Tuner(sweeps: ["threshold=0.3:0.5:0.05"]).tune(in: store)
        for source in IntentSource.allCases {
            #expect(tuning.evidence.count(of: source) == traces.count { $0.labelSource == source }, "\(source)")
        }
        #expect(tuning.evidence.count(of: .person) > 10 && tuning.evidence.count(of: .inferred) > 10)
        #expect(tuning.evidence.labelled == tuning.results.labelled)
        #expect(tuning.evidence.leftOut == 0)
        var json = ""
        tuning.writeJSON { json += $0 }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let evidence = try #require(object["evidence"] as? [String: Int])
        #expect(evidence == Dictionary(uniqueKeysWithValues: IntentSource.allCases.map { ($0.rawValue, tuning.evidence.count(of: $0)) }))
    }

    /// docs/tune.md "Evidence": people's labels present but fewer than the
    /// generator's: the warning says so, and names the best over people's
    /// labels alone, the best of `--evidence person,inferred`.
    @Test func mostlySyntheticEvidenceSaysHowTheBestChangesWithPeoplesLabels() throws {
        let store = try Self.corpus()
        let tuning = try Tuner(sweeps: ["threshold=0.3:0.5:0.05"]).tune(in: store)
        let people = tuning.evidence.count(of: .person) + tuning.evidence.count(of: .inferred)
        #expect(people > 0 && people < tuning.evidence.count(of: .synthetic), "the fixture is mostly synthetic")
        #expect(tuning.evidence.warning?.hasPrefix("most of the evidence is the generator's guess") == true)
        let alone = try Tuner(sweeps: ["threshold=0.3:0.5:0.05"], evidence: [.person, .inferred]).tune(in: store)
        let found = try #require(tuning.context?.bestWithPeople)
        #expect(found.labelled == people && found.best == alone.best)
        let text = tuning.textReport()
        let warning = try #require(text.range(of: "warning     most of the evidence is the generator's guess"))
        let best = try #require(text.range(of: "\nbest        "))
        #expect(warning.lowerBound < best.lowerBound)
        let settings = try #require(alone.best.map { alone.results.settingsText($0) })
        #expect(text.contains("with the evidence filter person,inferred (\(people) labelled traces) the best is \(settings)"))
        var json = ""
        tuning.writeJSON { json += $0 }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let entry = try #require(object["bestWithPeople"] as? [String: Any])
        #expect(entry["labelled"] as? Int == people)
        // With people's labels alone there is nothing more to warn about.
        #expect(alone.evidence.warning == nil && alone.context?.bestWithPeople == nil)
    }

    /// `--evidence person,inferred`: every count over labelled traces uses only them.
    @Test func evidenceRestrictsEveryLabelledCount() throws {
        let store = try Self.corpus()
        let kept: Set<IntentSource> = [.person, .inferred]
        let tuning = try Tuner(sweeps: ["threshold=0.3:0.5:0.05"], evidence: kept).tune(in: store)
        let traces = try Self.stored(store)
        let admitted = traces.filter { $0.labelSource.map(kept.contains) ?? false }
        #expect(tuning.results.labelled == admitted.count)
        #expect(tuning.evidence.count(of: .synthetic) == 0)
        #expect(tuning.evidence.leftOut == traces.count { $0.labelSource == .synthetic })
        // Each candidate's counts, recomputed by simulating its config, with only the admitted labels.
        let names = Set(admitted.map(\.name))
        for index in 0..<tuning.results.count {
            var counts = TuningCounts()
            let config = tuning.results.grid.config(at: index)
            for trace in traces {
                counts.add(Simulator.simulate(trace, under: config).decision, intent: names.contains(trace.name) ? trace.intent : nil)
            }
            #expect(counts == tuning.results.counts(at: index), "candidate \(index)")
        }
        #expect(tuning.intervals?.labelled == admitted.count)
        #expect(tuning.textReport().contains("more labelled traces left out by the evidence filter person,inferred"))
    }

    @Test func aCorpusOfTheGeneratorsLabelsIsWarnedAboutBeforeTheBest() throws {
        let store = try Self.corpus()
        let tuning = try Tuner(sweeps: ["threshold=0.3:0.5:0.05"], evidence: [.synthetic]).tune(in: store)
        let text = tuning.textReport()
        let warning = try #require(text.range(of: "warning     every intent here is the generator's guess"))
        let best = try #require(text.range(of: "\nbest        "))
        #expect(warning.lowerBound < best.lowerBound)
        #expect(text.contains("not about people"))
    }

    @Test func noLabelOfTheSourceIsNothingToLearnFrom() throws {
        let workspace = try Workspace.recorded("evidence: count=60 seed=33") { store in
            _ = try Recorder(synthetic: SyntheticTraces(count: 60, seed: 33)).record(into: store)
        }
        let store = try Store(path: workspace.db)
        let tuning = try Tuner(sweeps: ["threshold=0.3:0.5:0.05"], evidence: [.person]).tune(in: store)
        #expect(tuning.nothingToLearn && tuning.best == nil && tuning.bestConfig == nil && tuning.intervals == nil)
        #expect(tuning.textReport().contains("nothing to learn from: no selected trace has an intent from person"))
        #expect(!tuning.textReport().contains("◀ best"))
        var json = ""
        tuning.writeJSON { json += $0 }
        #expect(
            json.hasSuffix(
                #","best":null,"evidence":{"person":0,"inferred":0,"synthetic":0},"intervals":null,"verdict":"uncertain","#
                    + #""noChangeRecommended":false,"bestAtEdge":[]}"#))
        // Without --evidence, no label at all is still an input error.
        let unlabelled = try Workspace.recorded("evidence: edge cases") { store in
            _ = try Recorder(inputs: [try TraceInput(path: Workspace.fixture("traces/edge-cases.jsonl"))]).record(into: store)
        }
        #expect(throws: NothingToTuneError.self) { try Tuner(sweeps: ["threshold=0.3"]).tune(in: try Store(path: unlabelled.db)) }
    }

    /// The intervals resample the comparison's own outcomes: the same on every run,
    /// and the observed counts of base and best lie inside their intervals here.
    @Test func theIntervalsAreTheTunesOwnAndRepeatable() throws {
        let store = try Self.corpus()
        let tuner = Tuner(sweeps: ["threshold=0.2:0.6:0.05"])
        let first = try tuner.tune(in: store)
        let again = try tuner.tune(in: store)
        let intervals = try #require(first.intervals)
        #expect(again.intervals == intervals)
        let comparison = try #require(first.comparison)
        #expect(intervals.labelled == first.results.labelled && comparison.outcomes.count == intervals.labelled)
        #expect(intervals.base.agree.contains(comparison.baseCounts.agree))
        #expect(intervals.best.agree.contains(comparison.bestCounts.agree))
        #expect(TuningIntervals(pairs: comparison.outcomes) == intervals)
        let verdict = first.textReport().contains("verdict     better") ? TuningIntervals.Verdict.better : .uncertain
        #expect(verdict == intervals.verdict && first.verdict == intervals.verdict)
    }
}

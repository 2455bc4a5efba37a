import Foundation
import PanTraceKit
import PanTraceModel
import PanTraceStore
import Testing

/// The JSON report of a stored replay (docs/commands.md §7.3) against the stored results:
/// `regressions` and the traces whose reason changed, counted here by hand
/// from docs/model.md §2's words; and the warning for a candidate of another interaction.
@Suite struct ReplayReportTests {
    /// 400 synthetic traces without frames, recorded once per test process and copied.
    static func recorded(_ workspace: Workspace) throws -> Store {
        try workspace.recorded("record count=400 seed=5 frameless") { store in
            _ = try Recorder(synthetic: SyntheticTraces(count: 400, seed: 5), storesFrames: false).record(into: store)
        }
    }

    /// The stored outcomes and intents of a run, by trace name.
    static func results(_ store: Store, run: RunID) throws -> [String: (Outcome, Intent?)] {
        var results: [String: (Outcome, Intent?)] = [:]
        for result in try store.results(ofRun: run) { results[result.traceName] = (result.outcome, result.intent) }
        return results
    }

    @Test(arguments: [["decision=velocity", "flickVelocity=600"], ["threshold=0.3"], ["scrollGating=handoff", "threshold=0.5"]])
    func regressionsAndReasonChangesAgreeWithTheStore(_ overrides: [String]) throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let comparison = try Replayer(config: try ConfigSource(overrides: overrides).resolve()).replay(in: store)
        let before = try Self.results(store, run: comparison.baseline.run)
        let after = try Self.results(store, run: comparison.candidate.run)
        var regressions = 0
        var reasonChanges: [String: [String]] = [:]
        for (name, (candidate, intent)) in after {
            let baseline = try #require(before[name]).0
            if baseline.decision == candidate.decision, baseline.reason != candidate.reason {
                reasonChanges[name] = [candidate.decision.rawValue, baseline.reason.rawValue, candidate.reason.rawValue]
            }
            // docs/model.md §2: finish agrees with intent finish; cancel and none with intent cancel.
            func agrees(_ decision: Decision) -> Bool { intent == .finish ? decision == .finish : decision != .finish }
            if intent != nil, agrees(baseline.decision), !agrees(candidate.decision) { regressions += 1 }
        }
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(comparison.jsonReport().utf8)) as? [String: Any])
        #expect(object["regressions"] as? Int == regressions)
        #expect(object["reasonChanges"] as? Int == reasonChanges.count)
        let listed = try #require(object["reasonChangedTraces"] as? [[String: Any]])
        var reported: [String: [String]] = [:]
        for entry in listed {
            let name = try #require(entry["trace"] as? String)
            reported[name] = [entry["decision"], entry["baseline"], entry["candidate"]].map { $0 as? String ?? "?" }
        }
        #expect(reported == reasonChanges)
        #expect(listed.compactMap { $0["trace"] as? String } == reasonChanges.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(object["warnings"] as? [String] == [])
    }

    @Test func anotherInteractionWarnsInEveryReport() throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let swipe = try ConfigSource(overrides: ["interaction=swipe-back"]).resolve()
        let comparison = try Replayer(config: swipe).replay(in: store)
        let expected =
            "the baseline ran pull-to-dismiss and this run swipe-back: a trace's intent was meant for the baseline's gesture, "
            + "so the counts against intent compare different gestures"
        #expect(comparison.warnings == [expected])
        #expect(comparison.textReport().contains("\nwarning: \(expected)\n"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(comparison.jsonReport().utf8)) as? [String: Any])
        #expect(object["warnings"] as? [String] == [expected])
        // The same interaction again (now the stored baseline's) warns no more.
        #expect(try Replayer(config: swipe, baseline: comparison.candidate.run).replay(in: store).warnings.isEmpty)
    }
}

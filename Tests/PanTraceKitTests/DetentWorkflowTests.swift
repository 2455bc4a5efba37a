import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import Testing

@testable import PanTraceStore

/// Sheets with detents through the store and the workflows (docs/model.md §4.10,
/// docs/sqlite.md "Sheets with detents"): record, export traces → record,
/// the `decisions` and `agreement` views, export decisions, replay's changes.
@Suite struct DetentWorkflowTests {
    static let sheets = SyntheticTraces(count: 60, seed: 5, families: SyntheticFamily.sheets)

    static func record(_ workspace: Workspace, config: Config = Config()) throws -> Store {
        let store = try Store(path: workspace.path("sheets.sqlite"))
        _ = try Recorder(config: config, synthetic: sheets).record(into: store)
        return store
    }

    @Test func theStoreKeepsDetentsAndWhereEachResultRests() throws {
        let workspace = try Workspace()
        let store = try Self.record(workspace, config: try Preset.named("uikit-sheet").config)
        var checked = 0
        var resting: Set<String> = []
        try store.forEachTrace(orderedBy: .name) { _, trace in
            let outcome = Simulator.simulate(trace, under: try Preset.named("uikit-sheet").config)
            let row = try store.database.prepare(
                "SELECT t.detents, d.start_detent, d.detent, d.decision FROM decisions AS d JOIN trace AS t ON t.name = d.trace WHERE d.trace = ?")
            try row.bind(trace.name, at: 1)
            #expect(try row.step())
            #expect(row.string(at: 0) == trace.detentsJSON)
            #expect(row.string(at: 1) == trace.startingDetent?.name)
            #expect(row.string(at: 2) == outcome.detent)
            #expect(row.string(at: 3) == outcome.decision.rawValue)
            resting.insert(outcome.detent ?? "dismissed")
            checked += 1
        }
        #expect(checked == 60)
        #expect(resting == ["medium", "large", "dismissed"])
    }

    @Test func theAgreementViewIsTheSwiftRule() throws {
        let workspace = try Workspace()
        let store = try Self.record(workspace)
        var expected: [String: String] = [:]
        try store.forEachTrace(orderedBy: .name) { _, trace in
            let outcome = Simulator.simulate(trace, under: Config())
            if let agreement = Agreement(outcome, of: trace) { expected[trace.name] = "\(agreement)" }
        }
        let rows = try store.database.prepare(
            "SELECT d.trace, a.agreement FROM decisions AS d JOIN agreement AS a ON a.result = d.result")
        var found: [String: String] = [:]
        while try rows.step() { found[rows.string(at: 0) ?? ""] = rows.string(at: 1) ?? "" }
        #expect(found == expected)
        #expect(Set(found.values).isSuperset(of: ["agree", "wrongDetent"]))
    }

    @Test func exportTracesRecordsTheSameSheets() throws {
        let workspace = try Workspace()
        let original = try Self.record(workspace)
        var text = ""
        try Exporter.exportTraces(in: original) { text += $0 }
        #expect(text.contains(#""detents": {"medium": 0.5, "large": 1}, "detent": "#))
        let copy = try Store(path: workspace.path("copy.sqlite"))
        _ = try Recorder(inputs: [TraceInput(text: text, name: "export.jsonl")]).record(into: copy)
        var before: [Trace] = []
        var after: [Trace] = []
        try original.forEachTrace(orderedBy: .name) { _, trace in before.append(trace) }
        try copy.forEachTrace(orderedBy: .name) { _, trace in after.append(trace) }
        #expect(before == after)
        #expect(before.allSatisfy { $0.detents != nil })
    }

    @Test func exportDecisionsCarriesTheDetentOnlyForSheets() throws {
        let workspace = try Workspace()
        let store = try Self.record(workspace)
        _ = try Recorder(synthetic: SyntheticTraces(count: 5, seed: 5, families: [.flick])).record(into: store)
        var lines: [String] = []
        try Exporter.exportDecisions(run: .id(1), in: store) { lines.append($0) }
        #expect(lines.count == 60)
        #expect(lines.allSatisfy { $0.contains(#""detent": "#) && $0.contains(#""start_detent": ""#) })
        lines.removeAll()
        try Exporter.exportDecisions(run: .id(2), in: store) { lines.append($0) }
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { !$0.contains("detent") })
    }

    @Test func aChangeOfDetentIsAChangeAndAWrongDetentARegression() throws {
        let workspace = try Workspace()
        let store = try Self.record(workspace)
        var config = Config()
        config.decision = .velocity
        let comparison = try Replayer(config: config).replay(in: store)
        #expect(comparison.changed > 0)
        for change in comparison.changes {
            let baseline = try #require(change.baseline)
            #expect(baseline.decision != change.candidate.decision || baseline.detent != change.candidate.detent)
            #expect(change.startDetent != nil)
        }
        #expect(comparison.restChanges.keys.contains(RestChange(from: "large", to: "medium")))
        // Every regression is a result that agreed and does not any more.
        for change in comparison.changes where change.isRegression {
            #expect(change.agreement(of: try #require(change.baseline)) == .agree)
            #expect(change.candidateAgreement != .agree)
        }
        #expect(comparison.regressions == comparison.changes.filter(\.isRegression).count)
        let text = comparison.textReport()
        #expect(text.contains("large → medium"))
        var json = ""
        comparison.jsonReport { json += $0 }
        #expect(json.contains(#""detent": "medium""#))
    }
}

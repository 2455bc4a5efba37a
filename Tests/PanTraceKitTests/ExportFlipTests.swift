import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceStore
import Testing

/// docs/device.md "What a device test must set up, and both sides of a
/// flip": each exported line's `setup`, and with `--changed` both runs'
/// results, faithful only when the form decides alike under both configs.
@Suite struct ExportFlipTests {
    /// 40 synthetic sheets under `uikit-sheet` (run 1), replayed under the defaults (run 2).
    static func flipped(_ workspace: Workspace) throws -> (Store, baseline: Config, candidate: Config) {
        let store = try Store(path: workspace.path("flip.sqlite"))
        let baseline = try Preset.named("uikit-sheet").config
        _ = try Recorder(
            config: baseline, synthetic: SyntheticTraces(count: 40, seed: 11, families: SyntheticFamily.sheets)
        ).record(into: store)
        let candidate = Config()
        _ = try Replayer(config: candidate).replay(in: store)
        return (store, baseline, candidate)
    }

    @Test func eachLineCarriesItsSetupAndBothSides() throws {
        let workspace = try Workspace()
        let (store, baselineConfig, candidateConfig) = try Self.flipped(workspace)
        let before = Dictionary(uniqueKeysWithValues: try store.results(ofRun: 1).map { ($0.traceName, $0.outcome) })
        let after = Dictionary(uniqueKeysWithValues: try store.results(ofRun: 2).map { ($0.traceName, $0.outcome) })
        var traces: [String: Trace] = [:]
        try store.forEachTrace(orderedBy: .name) { _, trace in traces[trace.name] = trace }
        var text = ""
        let counts = try GestureExporter(form: .actions, changed: .latest).export(in: store) { text += $0 }
        let lines = text.split(separator: "\n")
        try #require(!lines.isEmpty)
        #expect(lines.count == counts.faithful + counts.unfaithful)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = try #require(object["trace"] as? String)
            let trace = try #require(traces[name])
            let setup = try #require(object["setup"] as? [String: Any])
            #expect(setup["detent"] as? String == trace.startingDetent?.name)
            #expect((setup["scrollOffset"] as? NSNumber)?.doubleValue == (trace.scrollContent > 0 ? trace.scrollOffset : 0))
            let baseline = try #require(object["baseline"] as? [String: Any])
            let candidate = try #require(object["candidate"] as? [String: Any])
            #expect(baseline["config"] as? String == "uikit-sheet")
            #expect(candidate["config"] as? String == candidateConfig.name)
            let stored = try #require(before[name])
            let now = try #require(after[name])
            #expect(baseline["decision"] as? String == stored.decision.rawValue)
            #expect(candidate["decision"] as? String == now.decision.rawValue)
            #expect((baseline["detent"] as? String) == stored.detent)
            #expect((candidate["detent"] as? String) == now.detent)
            #expect(!stored.decidesAlike(now))
            // Faithful under the export's config (the baseline's) and both sides' configs.
            let performed = PointerActions(trace).performed
            let faithful = [baselineConfig, candidateConfig].allSatisfy { config in
                DeviceGesture<PointerActions>.isFaithful(
                    original: Simulator.simulate(trace, under: config), performed: Simulator.simulate(performed, under: config))
            }
            #expect(object["faithful"] as? Bool == faithful, "\(name)")
        }
    }

    @Test func theTestsCommentStatesTheSetupAndBothSides() throws {
        let workspace = try Workspace()
        let (store, _, candidateConfig) = try Self.flipped(workspace)
        var text = ""
        _ = try GestureExporter(form: .xcuitest(className: "Flips"), changed: .latest).export(in: store) { text += $0 }
        #expect(text.contains("    // set up: the sheet at "))
        #expect(text.contains("    // baseline \"uikit-sheet\": "))
        #expect(text.contains("; candidate \"\(candidateConfig.name)\": "))
    }
}

import Foundation
import PanTraceKit
import PanTraceReports
import PanTraceStore
import PanTraceModel
import PanTraceCore
import Testing

/// `export actions` and `export xcuitest` as a library workflow (docs/device.md):
/// the selection (`--changed`, intersected with `--trace`/`--family`), the
/// order, the default config, `--faithful-only`, the counts, and the errors
/// that write nothing.
@Suite struct GestureExporterTests {
    /// The bundled worked examples and families and 60 synthetic traces as run 1 (defaults), replayed
    /// with `threshold=0.2` as run 2 (once per test process, then copied).
    static func corpus(_ workspace: Workspace) throws -> Store {
        try workspace.recorded("gesture export: worked examples, families, count=60 seed=3, replay threshold=0.2") { store in
            _ = try Recorder(
                inputs: [
                    try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl")),
                    try TraceInput(path: Workspace.fixture("traces/families.jsonl")),
                ],
                synthetic: SyntheticTraces(count: 60, seed: 3)
            ).record(into: store)
            var config = Config()
            try config.apply(overrides: ["threshold=0.2"])
            _ = try Replayer(config: config).replay(in: store)
        }
    }

    static func export(_ exporter: GestureExporter, _ store: Store) throws -> (text: String, counts: GestureExportCounts) {
        var text = ""
        let counts = try exporter.export(in: store) { text += $0 }
        return (text, counts)
    }

    static func names(_ lines: String) throws -> [String] {
        try lines.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["trace"] as? String)
        }
    }

    /// The traces whose decision differs between runs 1 and 2, from the stored results alone.
    static func changedNames(_ store: Store) throws -> [String] {
        let before = Dictionary(uniqueKeysWithValues: try store.results(ofRun: 1).map { ($0.traceName, $0.outcome.decision) })
        return try store.results(ofRun: 2).filter { before[$0.traceName] != $0.outcome.decision }.map(\.traceName)
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    @Test func changedSelectsTheTracesThatDecideOtherwiseSortedByName() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        let expected = try Self.changedNames(store)
        try #require(!expected.isEmpty)
        for run in [RunReference.latest, .id(2)] {
            let (text, counts) = try Self.export(GestureExporter(form: .actions, changed: run), store)
            #expect(try Self.names(text) == expected)
            #expect(counts.faithful + counts.unfaithful == expected.count)
        }
        // Against itself, nothing changed: nothing to print, and no error.
        let (none, noCounts) = try Self.export(GestureExporter(form: .actions, changed: .baseline), store)
        #expect(none.isEmpty && noCounts == GestureExportCounts())
    }

    @Test func selectionsGivenTogetherAreIntersected() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        let changed = try Self.changedNames(store)
        let family = try #require(try store.results(ofRun: 2).first { changed.contains($0.traceName) && $0.family != nil }?.family)
        let inFamily = Set(try store.results(ofRun: 1).filter { $0.family == family }.map(\.traceName))
        let unchanged = try #require(try store.results(ofRun: 1).map(\.traceName).first { !changed.contains($0) })
        let exporter = GestureExporter(
            form: .actions, selection: TraceSelection(names: [unchanged], families: [family]), changed: .latest)
        #expect(try Self.names(Self.export(exporter, store).text) == changed.filter(inFamily.contains))
    }

    @Test func everyTraceIsExportedByNameAndCounted() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        let (text, counts) = try Self.export(GestureExporter(form: .actions), store)
        let names = try Self.names(text)
        #expect(names.count == (try store.traceCount()))
        #expect(names == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(counts.faithful + counts.unfaithful == names.count)
        #expect(counts.unfaithful >= 2, "the two-finger traces cannot be one finger")
        #expect(text.components(separatedBy: "\"faithful\": false").count - 1 == counts.unfaithful)

        let (faithful, sameCounts) = try Self.export(GestureExporter(form: .actions, faithfulOnly: true), store)
        #expect(sameCounts == counts)
        #expect(try Self.names(faithful).count == counts.faithful)
        #expect(!faithful.contains("\"faithful\": false"))
    }

    /// Without a config, the baseline run's decides: every test's comment states run 1's stored decision.
    @Test func theDefaultConfigIsTheBaselineRuns() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        let (source, counts) = try Self.export(GestureExporter(form: .xcuitest(className: "Gestures")), store)
        #expect(source.contains("final class Gestures: XCTestCase {"))
        #expect(source.contains("under config \"baseline\""))
        let stored = try store.results(ofRun: 1)
        for result in stored {
            // The name, what to set up first, then what run 1's config decides.
            let head = try #require(source.range(of: "    // \(result.traceName)\n    // set up: "), "\(result.traceName)")
            let rest = source[head.upperBound...].drop { $0 != "\n" }.dropFirst()
            #expect(rest.hasPrefix("    // simulated: \(result.outcome.decision)/\(result.outcome.reason), "), "\(result.traceName)")
        }
        #expect(source.components(separatedBy: "    // faithful: ").count - 1 == stored.count)
        #expect(counts.faithful + counts.unfaithful == stored.count)
        // With a config given, that config decides.
        var velocity = Config()
        try velocity.apply(overrides: ["decision=velocity"])
        let (other, _) = try Self.export(GestureExporter(form: .xcuitest(className: "Gestures"), config: velocity), store)
        #expect(other.contains("/flick, percent"))
    }

    @Test func refusalsWriteNothing() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        var written = ""
        #expect(throws: StoreError.runNotFound(7)) {
            try GestureExporter(form: .actions, changed: .id(7)).export(in: store) { written += $0 }
        }
        #expect(throws: GestureExportError.badClassName("class")) {
            try GestureExporter(form: .xcuitest(className: "class")).export(in: store) { written += $0 }
        }
        #expect(throws: WorkflowError.nothingToExport(TraceSelection(families: ["no-such-family"]))) {
            try GestureExporter(form: .xcuitest(className: "T"), selection: TraceSelection(families: ["no-such-family"]))
                .export(in: store) { written += $0 }
        }
        #expect(throws: StoreError.traceNotFound(name: "nope")) {
            try GestureExporter(form: .actions, selection: TraceSelection(names: ["nope"])).export(in: store) { written += $0 }
        }
        #expect(written.isEmpty)
        // No run at all: no baseline to compare with or take the config from.
        _ = try store.deleteRun(2)
        _ = try store.deleteRun(1)
        for exporter in [GestureExporter(form: .actions, changed: .latest), GestureExporter(form: .actions)] {
            #expect(throws: GestureExportError.noBaseline(database: store.path)) {
                try exporter.export(in: store) { written += $0 }
            }
        }
        #expect(written.isEmpty)
        // With a config given, no baseline is needed.
        let (text, _) = try Self.export(GestureExporter(form: .actions, config: Config()), store)
        #expect(!text.isEmpty)
    }
}

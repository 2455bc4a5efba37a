import Foundation
import PanTraceCore
import PanTraceKit
import Testing

@testable import PanTraceStore
import PanTraceModel

/// `export decisions` as a library workflow (docs/commands.md §7.6): one JSON object per
/// trace, by trace name, whose keys are the `decisions` view's columns and
/// whose values are exactly the view's; `--run` an id, `baseline` or
/// `latest`, and without it the only run (ExportRunChoiceTests).
@Suite struct ExportDecisionsTests {
    /// The worked examples, the families, the awkward names and 40 synthetic
    /// traces (run 1), and a replay at threshold 0.3 (run 2): made once per
    /// test process, then copied.
    static func corpus(_ workspace: Workspace) throws -> Store {
        try workspace.recorded("export decisions: worked examples, families, awkward, count=40 seed=3 observed, replay threshold=0.3") { store in
            _ = try Recorder(
                inputs: try ["worked-examples", "families"].map { try TraceInput(path: Workspace.fixture("traces/\($0).jsonl")) }
                    + [TraceInput(text: ExportTracesTests.awkwardLines, name: "awkward.jsonl")],
                // What a stand-in app did, with noise: lines with `observed` and `matches` 1 and 0.
                synthetic: SyntheticTraces(count: 40, seed: 3, observer: SyntheticObserver(app: Config(), noise: 0.3, seed: 3))
            ).record(into: store)
            _ = try Replayer(config: try ConfigSource(overrides: ["threshold=0.3"]).resolve()).replay(in: store)
        }
    }

    static func export(_ store: Store, run: RunID? = nil) throws -> (run: RunID, text: String) {
        var text = ""
        let exported = try Exporter.exportDecisions(run: run.map(RunReference.id), in: store) { text += $0 }
        return (exported.run, text)
    }

    /// docs/sqlite.md quotes the first line of `export decisions` after
    /// recording the worked examples: it is this output, so it cannot go stale.
    @Test func theDocsLineIsTheOutput() throws {
        let workspace = try Workspace.recorded("export: worked examples") { store in
            _ = try Recorder(inputs: [try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl"))]).record(into: store)
        }
        let first = try #require(try Self.export(try Store(path: workspace.db)).text.split(separator: "\n").first)
        let page = try String(contentsOf: Workspace.repositoryRoot.appending(path: "docs/sqlite.md"), encoding: .utf8)
        let quoted = try #require(page.components(separatedBy: "$ pantrace export decisions | head -1\n").dropFirst().first)
        #expect(quoted.hasPrefix(first + "\n```"), "docs/sqlite.md quotes another line than: \(first)")
        // Hand-computed from docs/model.md §4.9 example 1: percent 386.67/800 = 0.48333 → 0.4833,
        // settle (1 − 0.48333) × 0.4 = 0.20667 s → 0.207, velocity 400 pt/s.
        #expect(first.contains(#""percent": 0.4833, "peak_percent": 0.4833, "velocity": 400, "#))
        #expect(first.contains(#""settle": 0.207, "#))
        #expect(first.hasPrefix(#"{"trace": "spec-4.9-1-slow-drag", "decision": "finish", "reason": "threshold", "#))
    }

    /// Each line against the row a plain `SELECT * FROM decisions` gives,
    /// column by column: NULL as null, INTEGER as an integer literal, REAL
    /// bit for bit, TEXT byte for byte — every column but `result`, the
    /// row id that means nothing outside the database.
    @Test(arguments: [1, 2] as [RunID])
    func everyLineIsTheViewsRowExactly(run: RunID) throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        let lines = try Self.export(store, run: run).text.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.last == "")
        #expect(lines.contains { $0.contains(#""matches": 0"#) } && lines.contains { $0.contains(#""matches": 1"#) })

        let rows = try store.database.prepare("SELECT * FROM decisions WHERE run = ? ORDER BY trace")
        try rows.bind(run, at: 1)
        let everyExported = (0..<rows.columnCount).filter { !Exporter.databaseOnlyColumns.contains(rows.columnName(at: $0)) }
        #expect(everyExported.count == Int(rows.columnCount) - 1)
        let startDetent = try #require((0..<rows.columnCount).first { rows.columnName(at: $0) == "start_detent" })
        let observed = try #require((0..<rows.columnCount).first { rows.columnName(at: $0) == "observed" })
        var count = 0
        while try rows.step() {
            // docs/commands.md §7.6: `detent` and `start_detent` only for a trace with detents, and
            // what the app did only for a trace that records it (docs/spec-readings.md).
            var left: Set<String> = []
            if rows.value(at: startDetent) == .null { left.formUnion(["detent", "start_detent"]) }
            if rows.value(at: observed) == .null { left.formUnion(["observed", "observed_source", "matches"]) }
            let exported = everyExported.filter { !left.contains(rows.columnName(at: $0)) }
            let line = String(lines[count])
            count += 1
            // Any JSON reader takes the line as an object of as many keys as the view has columns, less `result`.
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?.count == exported.count, "\(line)")
            #expect(object?["result"] == nil, "\(line)")
            let members = try #require(try JSONParser.parse(line).members)
            try #require(members.count == exported.count)
            // docs/commands.md §7.6: trace, decision, reason first, then the view's order.
            let names = exported.map { rows.columnName(at: $0) }
            let leading = ["trace", "decision", "reason", "detent"].filter(names.contains)
            #expect(Array(members.prefix(leading.count).map(\.key)) == leading, "\(line)")
            #expect(members.dropFirst(leading.count).map(\.key) == names.filter { !leading.contains($0) }, "\(line)")
            for member in members {
                let column = try #require(exported.first { rows.columnName(at: $0) == member.key })
                switch rows.value(at: column) {
                case .null: #expect(member.node.value == .null, "\(member.key) in \(line)")
                case .integer(let value):
                    let number = try #require(member.node.number, "\(member.key) in \(line)")
                    #expect(number.isIntegerLiteral && number.integerValue == Int(value), "\(member.key) in \(line)")
                case .real(let value):
                    // Rounded for a diff: fractions to 4 decimals, seconds to 3, points and points per second to 1.
                    let number = try #require(member.node.number, "\(member.key) in \(line)")
                    let decimals = ["percent": 4, "peak_percent": 4, "projected": 4, "settle": 3, "rest": 3][member.key] ?? 1
                    let scale = [1.0, 10, 100, 1000, 10000][decimals]
                    #expect(number.value == (value * scale).rounded(.toNearestOrAwayFromZero) / scale, "\(member.key) in \(line)")
                    #expect(abs(number.value - value) <= 0.5 / scale + 1e-12, "\(member.key) in \(line)")
                case .text(let value):
                    #expect(member.node.string.map { Array($0.utf8) } == Array(value.utf8), "\(member.key) in \(line)")
                }
            }
        }
        #expect(count == lines.count - 1)
        #expect(count == (try store.run(run)?.traceCount))
        // The columns docs/sqlite.md requires are all there.
        let keys = try #require(try JSONParser.parse(String(lines[0])).members).map(\.key)
        for column in [
            "run", "config", "trace", "intent", "decision", "reason", "percent", "peak_percent", "velocity", "projected",
            "settle", "overscroll", "tracking_error", "attempted", "began_seq", "start_seq",
        ] {
            #expect(keys.contains(column))
        }
    }

    /// `baseline` is replay's default baseline (the accepted run, else the
    /// first), `latest` the newest run.
    @Test func baselineAndLatestNameTheirRuns() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        func export(_ reference: RunReference) throws -> (run: RunID, text: String) {
            var text = ""
            let exported = try Exporter.exportDecisions(run: reference, in: store) { text += $0 }
            return (exported.run, text)
        }
        let first = try export(.baseline)
        #expect(first.run == 1)
        #expect(first.text == (try Self.export(store, run: 1).text))
        #expect(try export(.latest).run == 2)
        try store.setBaseline(2)
        let accepted = try export(.baseline)
        #expect(accepted.run == 2)
        #expect(accepted.text == (try Self.export(store, run: 2).text))
        #expect(accepted.text.split(separator: "\n").allSatisfy { $0.contains(#""run": 2, "kind": "replay", "config": "baseline threshold=0.3", "#) })
        #expect(try Self.export(store, run: 1).run == 1)
    }

    @Test func anUnknownRunOrAStoreWithoutRunsIsAnError() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        #expect(throws: StoreError.runNotFound(9)) { try Self.export(store, run: 9) }
        try RunDeletion(run: 2).delete(in: store)
        try RunDeletion(run: 1, force: true).delete(in: store)
        #expect(throws: WorkflowError.noRunToExport(database: workspace.db)) { try Self.export(store) }
        #expect("\(WorkflowError.noRunToExport(database: "x.sqlite"))".hasPrefix("x.sqlite has no runs"))
    }

    /// The CI recipe: the exported corpus recorded into a new database gives
    /// the same decisions, byte for byte, every time, and the same as the
    /// original store's (whose result row ids follow another recording order).
    @Test func theExportedCorpusRecordedAgainGivesTheSameLines() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        var corpus = ""
        try Exporter.exportTraces(in: store) { corpus += $0 }
        let again = try (1...2).map { copy in
            let copy = try Store(path: workspace.path("copy-\(copy).sqlite"))
            _ = try Recorder(inputs: [TraceInput(text: corpus)]).record(into: copy)
            return try Self.export(copy).text
        }
        #expect(again[0] == again[1])
        #expect(again[0] == (try Self.export(store, run: 1).text))
    }
}

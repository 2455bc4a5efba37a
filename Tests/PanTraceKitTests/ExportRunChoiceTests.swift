import Foundation
import PanTraceKit
import PanTraceModel
import PanTraceStore
import TestFolders
import Testing

/// docs/sqlite.md "Exporting decisions": `--run` is a run id, `baseline` or
/// `latest`; without it a store of one run exports that run, and a store of
/// several is refused, naming the baseline and the latest run, before a line
/// is written.
@Suite struct ExportRunChoiceTests {
    static func export(_ store: Store, run: RunReference? = nil) throws -> (run: RunID, lines: Int) {
        var lines = 0
        let exported = try Exporter.exportDecisions(run: run, in: store) { _ in lines += 1 }
        #expect(exported.count == lines)
        return (exported.run, lines)
    }

    @Test(arguments: [
        ("7", RunReference.id(7)), ("baseline", .baseline), ("latest", .latest), ("0", .id(0)),
    ])
    func theWordsRead(_ text: String, _ reference: RunReference) {
        #expect(RunReference(text) == reference)
        #expect(reference.description == text)
    }

    @Test(arguments: ["", "-1", "+2", " 3", "0x10", "Latest", "first", "99999999999999999999"])
    func otherWordsDoNot(_ text: String) {
        #expect(RunReference(text) == nil)
    }

    /// The README's case: a leftover `snapshot.sqlite` with an old run, and
    /// the run just recorded. Without `--run`: refused, naming both, and
    /// nothing written; `--run latest` is the new run.
    @Test func severalRunsWithoutRunAreRefused() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        let input = TraceInput(text: ValidTraceLine.validLine)
        try Recorder(inputs: [input]).record(into: store)
        #expect(try Self.export(store) == (1, 1))
        var tuned = Config()
        tuned.threshold = 0.3
        try Recorder(config: tuned, inputs: [TraceInput(text: ValidTraceLine.validLine)]).record(into: store)

        var written = 0
        let error = try #require(throws: AmbiguousRunError.self) {
            try Exporter.exportDecisions(in: store) { _ in written += 1 }
        }
        #expect(written == 0)
        #expect(error == AmbiguousRunError(database: workspace.db, runs: 2, baseline: 1, accepted: false, latest: 2))
        #expect(
            "\(error)"
                == "\(workspace.db) has 2 runs: say which to export: baseline (run 1, the first), latest (run 2) or a run id")
        #expect(try Self.export(store, run: .latest) == (2, 1))
        #expect(try Self.export(store, run: .baseline) == (1, 1))

        // An accepted baseline is named as such.
        try store.setBaseline(2)
        let accepted = try #require(throws: AmbiguousRunError.self) { try Self.export(store) }
        #expect(accepted.baseline == 2 && accepted.accepted && accepted.latest == 2)
        #expect("\(accepted)".contains("baseline (run 2, accepted)"))
    }

    @Test func aStoreWithoutRunsHasNoBaselineOrLatest() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        for reference in [nil, RunReference.baseline, .latest] {
            #expect(throws: WorkflowError.noRunToExport(database: workspace.db)) { try Self.export(store, run: reference) }
        }
        #expect(throws: StoreError.runNotFound(1)) { try Self.export(store, run: .id(1)) }
    }
}

import TestFolders
import Foundation
import PanTraceKit
import PanTraceCore
import PanTraceStore
import Subprocess
import Testing
import PanTraceModel
import PanTraceReports

/// docs/safety.md through the workflows: run deletion, refused records
/// leaving no file, `--accept` in one transaction, hand edits then replay.
@Suite struct StoreEdgeWorkflowTests {
    /// The worked examples recorded as run 1 into the workspace's database.
    static func recorded(_ workspace: Workspace) throws -> Store {
        try workspace.recorded("record worked-examples") { store in
            _ = try Recorder(inputs: [try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl"))]).record(into: store)
        }
    }

    static func tuned() throws -> Config {
        var config = Config()
        try config.apply(overrides: ["threshold=0.3"])
        return config
    }

    @Test func deletingTheBaselineNeedsForceAndAMissingRunIsNamed() throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        _ = try Replayer(config: try Self.tuned(), storesFrames: true).replay(in: store)
        #expect(throws: WorkflowError.deletesBaseline(1)) { try RunDeletion(run: 1).delete(in: store) }
        #expect(throws: StoreError.runNotFound(7)) { try RunDeletion(run: 7).delete(in: store) }
        let deleted = try RunDeletion(run: 2).delete(in: store)
        let traces = try store.traceCount()
        #expect(deleted.run == 2 && deleted.results == traces)
        #expect(try store.runs().map(\.id) == [1])
        // The next replay is run 3; the baseline goes only with force.
        #expect(try Replayer(config: try Self.tuned()).replay(in: store).candidate.run == 3)
        try RunDeletion(run: 1, force: true).delete(in: store)
        #expect(try store.runs().map(\.id) == [3])
        #expect(try store.defaultBaselineRunID() == 3)
    }

    @Test func aRefusedRecordAtANewPathLeavesNoFile() throws {
        let workspace = try Workspace()
        let input = try workspace.write(ValidTraceLine.validLine + "\n" + ValidTraceLine.validLine + "\n", to: "twice.jsonl")
        do {
            let store = try Store(path: workspace.db)
            #expect(throws: TraceError.self) { try Recorder(inputs: [try TraceInput(path: input)]).record(into: store) }
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.db))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path) == ["twice.jsonl"])
    }

    /// An accept whose report fails stores no run and moves no baseline.
    @Test func acceptIsOneTransaction() throws {
        struct ReportFailed: Error {}
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let regression = Regression(replayer: Replayer(config: try Self.tuned()), accept: true)
        #expect(throws: ReportFailed.self) { try regression.replay(in: store, reporting: [EachComparedTrace { _ in throw ReportFailed() }]) }
        #expect(try store.runs().map(\.id) == [1])
        #expect(try store.baselineRunID() == nil)
        let comparison = try regression.replay(in: store)
        // Marked by the replay's own commit, before conclude is called.
        #expect(try store.baselineRunID() == comparison.candidate.run)
        #expect(regression.conclude(comparison) == .accepted(comparison.candidate.run))
    }

    /// A sample row deleted in the shell (foreign keys off): replay uses the rows, nothing is "damaged".
    @Test func replayAfterHandEditsInTheShell() async throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let traces = try store.traceCount()
        let shell = Shell(path: workspace.db)
        try await shell.run(
            """
            DELETE FROM sample WHERE trace_id = 1 AND seq = (SELECT max(seq) - 1 FROM sample WHERE trace_id = 1);
            DELETE FROM trace WHERE id = 2;
            """)
        let comparison = try Replayer(config: Config()).replay(in: store)
        #expect(comparison.traces + comparison.withoutBaseline == traces - 1)
        #expect(try store.runs().map(\.traceCount) == [traces - 1, traces - 1])
    }
}

/// The sqlite3 shell's way of writing: its own connection, foreign keys off.
struct Shell {
    let path: String

    func run(_ sql: String) async throws {
        let shell = try await Subprocess.run(
            .path("/usr/bin/sqlite3"), arguments: [path, "PRAGMA foreign_keys = OFF;\n" + sql], output: .string(limit: 1 << 20),
            error: .combinedWithOutput)
        #expect(shell.terminationStatus == .exited(0), "\(shell.standardOutput)")
    }
}

import Foundation
import PanTrace
import Testing

/// `trace.packed` format 2 through the workflows: a recorded synthetic corpus
/// is packed in format 2, and replaying it stores the very results that
/// replaying its `sample` rows does (schema.sql, after `trace`).
@Suite struct PackedFormatReplayTests {
    /// Runs `sql` on `database` with the sqlite3 shell, as a user editing by hand would; returns its output.
    static func sqlite(_ database: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func replayOfFormatTwoBlobsStoresWhatReplayOfTheRowsStores() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(
            inputs: [try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl"))],
            synthetic: SyntheticTraces(count: 300, seed: 7), storesFrames: false
        ).record(into: store)
        // Every synthetic trace is in format 2 (names end in -s7-NNNN).
        let formatTwo = "SELECT count(*) FROM trace WHERE name LIKE '%-s7-%' AND hex(substr(packed, 1, 1)) = '02'"
        #expect(try Self.sqlite(workspace.db, formatTwo) == "300")

        let candidate = try ConfigSource(overrides: ["threshold=0.3"]).resolve()
        let fromBlobs = try Replayer(config: candidate, baseline: 1).replay(in: store)
        #expect(try Self.sqlite(workspace.db, "UPDATE trace SET packed = NULL; SELECT changes()") != "0")
        let fromRows = try Replayer(config: candidate, baseline: 1).replay(in: store)

        #expect(fromBlobs.changed > 0)
        #expect(fromBlobs.traces == fromRows.traces && fromBlobs.changes == fromRows.changes)
        let runs = try store.runs().map(\.id)
        #expect(runs.count == 3)
        func outcomes(_ run: RunID) throws -> [String: Outcome] {
            Dictionary(uniqueKeysWithValues: try store.results(ofRun: run).map { ($0.traceName, $0.outcome) })
        }
        let blobOutcomes = try outcomes(runs[1])
        #expect(blobOutcomes.count == 300 + 4)
        #expect(try outcomes(runs[2]) == blobOutcomes)
    }
}

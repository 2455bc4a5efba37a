import Foundation
import PanTraceKit
import PanTraceStore
import SQLiteTestSupport
import Testing

/// `record --no-frames` (docs/commands.md §7.1) in-process: no frame rows, the same results
/// as a framed record, and `show` recomputing the frames it did not store.
@Suite struct FramelessRecordTests {
    /// The worked examples, the bundled families and 300 synthetic traces
    /// (more than one ``ComputeAhead`` batch) recorded into a new database.
    static func record(into workspace: Workspace, storesFrames: Bool) throws -> (Store, RecordSummary) {
        let store = try Store(path: workspace.db)
        let summary = try Recorder(
            inputs: [
                try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl")),
                try TraceInput(path: Workspace.fixture("traces/families.jsonl")),
            ],
            synthetic: SyntheticTraces(count: 300, seed: 7), storesFrames: storesFrames
        ).record(into: store)
        return (store, summary)
    }

    /// A table as the sqlite3 shell dumps it (`.dump TABLE`): its schema and
    /// every column of every row, REALs exactly (``SQLiteShell``, in-process).
    static func dump(_ table: String, of database: String) -> String {
        SQLiteShell.dump(database, table: table)
    }

    static func count(_ table: String, of database: String) throws -> Int {
        try DatabaseFile(path: database).integer("SELECT count(*) FROM \(table)")
    }

    @Test func framelessRecordStoresTheSameResultsAndNoFrames() throws {
        let framedSpace = try Workspace()
        let framelessSpace = try Workspace()
        let (framed, framedSummary) = try Self.record(into: framedSpace, storesFrames: true)
        let (frameless, framelessSummary) = try Self.record(into: framelessSpace, storesFrames: false)
        #expect(try Self.count("frame", of: framedSpace.db) > 0)
        #expect(try Self.count("frame", of: framelessSpace.db) == 0)
        // Every column of every result (and every trace) is the same.
        let results = Self.dump("result", of: framedSpace.db)
        #expect(try Self.count("result", of: framedSpace.db) > 0)
        #expect(Self.dump("result", of: framelessSpace.db) == results)
        #expect(Self.dump("trace", of: framelessSpace.db) == Self.dump("trace", of: framedSpace.db))
        #expect(framedSummary.framesStored && !framelessSummary.framesStored)
        #expect(framelessSummary.decisions == framedSummary.decisions && framelessSummary.traces == framedSummary.traces)
        #expect(framelessSummary.text(database: "x", seconds: 0).contains(", no frames stored (show recomputes them)\n"))
        #expect(!framedSummary.text(database: "x", seconds: 0).contains("no frames"))

        // show: the frames recomputed, equal to the stored ones, and said so.
        for name in ["spec-4.9-1-slow-drag", "spec-4.9-3-scroll-offset-50", "flick-s1-0002", "flick-s7-0002"] {
            let stored = try TraceInspection(trace: name, run: 1, in: framed)
            let recomputed = try TraceInspection(trace: name, run: 1, in: frameless)
            #expect(stored.framesStored && !recomputed.framesStored)
            #expect(!recomputed.frames.isEmpty)
            #expect(recomputed.frames == stored.frames, "\(name)")
            #expect(recomputed.outcome == stored.outcome)
            #expect(recomputed.text().contains("frames recomputed under the run's config"))
            #expect(
                recomputed.text().replacingOccurrences(of: "recomputed under the run's config", with: "stored") == stored.text())
        }

        // A replay of either compares the same way.
        let candidate = try ConfigSource(overrides: ["threshold=0.3"]).resolve()
        let a = try Replayer(config: candidate).replay(in: framed)
        let b = try Replayer(config: candidate).replay(in: frameless)
        #expect(a.changes == b.changes && a.traces == b.traces && a.changed > 0)
    }
}

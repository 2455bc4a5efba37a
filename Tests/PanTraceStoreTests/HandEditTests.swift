import Foundation
import PanTraceModel
import Testing

@testable import PanTraceStore

/// The edits a user makes in the sqlite3 shell, which runs with foreign keys
/// off: the store stays consistent by itself (schema 2's triggers), ids are
/// never reused and orphans never counted (docs/commands.md §7.7).
@Suite struct HandEditTests {
    /// Three traces of 6, 7 and 8 samples recorded as run 1 (with frames), the first two replayed as run 2.
    static func recorded(in folder: TemporaryFolder) throws -> Store {
        let store = try Store.fresh(in: folder)
        let traces = (0..<3).map { makeTrace("t\($0)", seed: $0, count: 6 + $0) }
        try record(traces, into: store)
        try record(Array(traces.prefix(2)), into: store, config: "tuned", kind: .replay)
        return store
    }

    /// Runs `sql` on a second connection to the file with foreign keys off, as the sqlite3 shell would.
    static func shell(_ store: Store, _ sql: String) throws {
        let shell = try Database(path: store.path)
        try shell.execute("PRAGMA foreign_keys = OFF")
        try shell.execute(sql)
    }

    static func count(_ store: Store, _ sql: String) throws -> Int64 {
        try store.database.integer(sql)
    }

    @Test func deletedSampleRowKeepsTheCountAndIsReplayedFromTheRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Self.recorded(in: folder)
        // t1 has 7 samples (seq 0-6); delete the one in the middle.
        try Self.shell(store, "DELETE FROM sample WHERE trace_id = 2 AND seq = 3")
        #expect(try Self.count(store, "SELECT sample_count FROM trace WHERE id = 2") == 6)
        #expect(try Self.count(store, "SELECT packed IS NULL FROM trace WHERE id = 2") == 1)
        var counts: [Int] = []
        try store.forEachTrace { _, trace in counts.append(trace.samples.count) }
        #expect(counts == [6, 6, 8])
        // Updated and inserted rows are counted too.
        try Self.shell(store, "INSERT INTO sample (trace_id, seq, t, x, y, phase) VALUES (2, 3, 0.05, 200, 120, 'move')")
        #expect(try Self.count(store, "SELECT sample_count FROM trace WHERE id = 2") == 7)
        try Self.shell(store, "UPDATE sample SET trace_id = 3, seq = 50 WHERE trace_id = 1 AND seq = 5")
        #expect(try Self.count(store, "SELECT sample_count FROM trace WHERE id = 1") == 5)
        #expect(try Self.count(store, "SELECT sample_count FROM trace WHERE id = 3") == 9)
        #expect(try Self.count(store, "SELECT count(*) FROM trace WHERE packed IS NULL") == 3)
        // A count set by hand goes back to the number of rows.
        try Self.shell(store, "UPDATE trace SET sample_count = 99 WHERE id = 3")
        #expect(try Self.count(store, "SELECT sample_count FROM trace WHERE id = 3") == 9)
    }

    @Test func deletedRunTakesItsResultsAndFramesAndItsIdIsNotReused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Self.recorded(in: folder)
        // Run 2: 2 results of 6 and 7 frames.
        #expect(try Self.count(store, "SELECT count(*) FROM frame") == 6 + 7 + 8 + 6 + 7)
        try Self.shell(store, "DELETE FROM run WHERE id = 2")
        #expect(try Self.count(store, "SELECT count(*) FROM result") == 3)
        #expect(try Self.count(store, "SELECT count(*) FROM frame") == 6 + 7 + 8)
        // The next run is 3, not 2, and its results do not take the deleted results' ids (4, 5).
        let run = try record([makeTrace("t0", seed: 0, count: 6)], into: store, config: "again", kind: .replay)
        #expect(run == 3)
        #expect(try Self.count(store, "SELECT min(id) FROM result WHERE run_id = 3") == 6)
        // The record dropped sample_insert_counts while it wrote and made it again: the schema is schema.sql's.
        let plain = try Database(path: folder.file("plain.sqlite"))
        try plain.execute(try SchemaTests.schemaFile())
        #expect(try SchemaTests.schemaRows(store.database) == SchemaTests.schemaRows(plain))
        #expect(try store.runs().map(\.traceCount) == [3, 1])
    }

    /// A session writes its own results without the word trigger and creates it again: a result
    /// inserted by hand afterwards, or beside a session still open, is checked as before.
    @Test func aHandWrittenResultsWordsAreCheckedBesideAndAfterASession() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Self.recorded(in: folder)
        let bad = "INSERT INTO result (run_id, trace_id, decision, reason, percent, peak_percent, velocity, settle, "
            + "overscroll, tracking_error) VALUES (1, 3, 'maybe', 'threshold', 0, 0, 0, 0, 0, 0)"
        #expect(throws: SQLiteError.self) { try Self.shell(store, bad) }
        let open = try store.beginRun(.replay, configName: "open", configJSON: #"{"open":1}"#)
        _ = try open.addResult(traceID: 1, outcome: Outcome(decision: .none, reason: .neverBegan))
        try open.flushPendingResults()
        // Another connection sees the schema as committed: the trigger is there.
        let shell = try Database(path: store.path)
        #expect(try shell.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'result_words_insert'") == 1)
        try open.commit()
        #expect(throws: SQLiteError.self) { try Self.shell(store, bad) }
        #expect(try Self.count(store, "SELECT count(*) FROM result WHERE decision = 'maybe'") == 0)
    }

    @Test func deletedTraceTakesItsSamplesResultsAndFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Self.recorded(in: folder)
        try Self.shell(store, "DELETE FROM trace WHERE name = 't2'")
        #expect(try Self.count(store, "SELECT count(*) FROM sample") == 6 + 7)
        #expect(try Self.count(store, "SELECT count(*) FROM result") == 4)
        #expect(try Self.count(store, "SELECT count(*) FROM frame") == 6 + 7 + 6 + 7)
        // Run 1 counts the two traces it still has.
        #expect(try store.runs().map(\.traceCount) == [2, 2])
        // A later record stores the trace again under a new id (not 3).
        try record([makeTrace("t2", seed: 2, count: 8)], into: store)
        #expect(try Self.count(store, "SELECT id FROM trace WHERE name = 't2'") == 4)
    }

    @Test func runWhoseConfigRowWasDeletedIsDamageNotAMissingRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Self.recorded(in: folder)
        // Not an edit the README invites, but the shell allows it with foreign keys off.
        try Self.shell(store, "DELETE FROM config WHERE id = (SELECT config_id FROM run WHERE id = 2)")
        for read in [{ _ = try store.configOfRun(2) }, { _ = try store.run(2) }] {
            let error = try #require(throws: StoreError.self) { try read() }
            #expect(cannotOpenReason(error)?.contains("run 2's config row is missing") == true, "\(error)")
        }
        #expect(try store.configOfRun(9) == nil)
        #expect(try store.run(9) == nil)
    }

    @Test func deletingTheNewestRowsStillNeverReusesTheirIds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Self.recorded(in: folder)
        try Self.shell(store, "DELETE FROM run; DELETE FROM trace")
        #expect(try rowCounts(store).filter { $0.key != "config" }.values.allSatisfy { $0 == 0 })
        let run = try record([makeTrace("new")], into: store)
        #expect(run == 3)
        #expect(try Self.count(store, "SELECT id FROM trace") == 4)
        #expect(try Self.count(store, "SELECT id FROM result") == 6)
    }

    /// A version 1 file edited by hand before it was upgraded: migration 2 removes the orphans and remembers their ids.
    @Test func upgradeRemovesOrphansOfEarlierEdits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("v1.sqlite")
        // Trace 1's count says 2 for 1 row; a sample of trace 9, and result 7 of run 5 with a frame, are orphans.
        try makeVersionOneFile(
            at: path,
            then: """
                UPDATE trace SET sample_count = 2;
                INSERT INTO sample (trace_id, seq, t, x, y, phase) VALUES (9, 0, 0, 0, 0, 'down');
                \(outcomeRowSQL(id: 7, run: 5, trace: 1));
                INSERT INTO frame (result_id, seq, state, owner, percent, scroll_offset) VALUES (7, 0, 'possible', 'none', 0, 0);
                """)
        let store = try Store(path: path)
        #expect(try rowCounts(store) == ["trace": 1, "sample": 1, "config": 1, "run": 1, "result": 1, "frame": 0])
        #expect(try Self.count(store, "SELECT sample_count FROM trace") == 1)
        // The orphans named run 5, trace 9 and result 7: none of those ids comes back.
        let session = try store.beginRun(.replay, configName: "c", configJSON: "{}")
        #expect(session.runID == 6)
        #expect(try session.add(makeTrace("b")) == 10)
        #expect(try session.addResult(traceID: 10, outcome: makeOutcome(0)) == 8)
        try session.commit()
    }

    /// Deleted by hand or by ``Store/deleteRun(_:)``, a run is never counted again and the file shrinks.
    @Test func deleteRunShrinksTheFileAndKeepsTheTraces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let traces = (0..<300).map { makeTrace("t\($0)", seed: $0, count: 60) }
        try record(traces, into: store)
        try record(traces, into: store, config: "tuned", kind: .replay)
        let deleted = try store.deleteRun(2)
        // 300 results of 60 frames each.
        #expect(deleted.run == 2 && deleted.results == 300 && deleted.frames == 300 * 60)
        #expect(deleted.bytesAfter < deleted.bytesBefore)
        #expect(try Self.count(store, "PRAGMA freelist_count") == 0)
        #expect(try store.traceCount() == 300)
        #expect(try store.runs().map(\.id) == [1])
        #expect(throws: StoreError.runNotFound(2)) { try store.deleteRun(2) }
        #expect(try record([makeTrace("t0", seed: 0, count: 60)], into: store, kind: .replay) == 3)
    }
}

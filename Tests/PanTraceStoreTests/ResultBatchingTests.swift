import PanTraceModel
import Testing

@testable import PanTraceStore

/// Results are inserted 16 rows at a time with ids the session assigns: the
/// ids, the frames and what the store reads are as if each were inserted at once.
@Suite struct ResultBatchingTests {
    @Test func idsAreSQLitesAndFramesBelongToThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let traces = (0..<37).map { makeTrace("t\($0)", seed: $0) }
        try record(Array(traces.prefix(5)), into: store)
        // A gap: ids continue after the largest, as SQLite would choose them.
        try store.database.execute("DELETE FROM result WHERE id = 3")

        let session = try store.beginRun(.record, configName: "b", configJSON: #"{"b":1}"#)
        var ids: [ResultID] = []
        for (index, trace) in traces.enumerated() {
            let id = try session.add(trace)
            ids.append(try session.addResult(traceID: id, outcome: makeOutcome(index), frames: makeFrames(count: index % 4)))
        }
        #expect(ids == Array(6...42))
        let run = try session.commit()
        let stored = try store.results(ofRun: run)
        #expect(stored.map(\.outcome) == (0..<37).map(makeOutcome))
        #expect(try store.database.integer("SELECT count(*) FROM result WHERE run_id = \(run)") == 37)
        for (index, id) in ids.enumerated() {
            #expect(try store.database.integer("SELECT count(*) FROM frame WHERE result_id = \(id)") == Int64(index % 4))
            #expect(try store.database.integer("SELECT trace_id FROM result WHERE id = \(id)") == Int64(index + 1))
        }
        #expect(try store.database.integer("SELECT trace_count FROM run WHERE id = \(run)") == 37)
    }

    @Test func storeMethodsReadThePendingResults() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record((0..<20).map { makeTrace("t\($0)", seed: $0) }, into: store)
        let session = try store.beginRun(.replay, configName: "r", configJSON: #"{"r":1}"#)
        for id in 1...3 { try session.addResult(traceID: TraceID(id), outcome: makeOutcome(id)) }
        // Fewer than 16: still queued, but a store method writes them before it reads.
        #expect(try store.results(ofRun: session.runID).count == 3)
        #expect(try store.database.integer("SELECT count(*) FROM result WHERE run_id = \(session.runID)") == 3)
        session.rollback()
        #expect(try store.database.integer("SELECT count(*) FROM result WHERE run_id = 2") == 0)
    }

    @Test func readsOfTracesLeaveTheQueueAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record((0..<5).map { makeTrace("t\($0)", seed: $0) }, into: store)
        let session = try store.beginRun(.replay, configName: "r", configJSON: #"{"r":1}"#)
        for id in 1...3 { try session.addResult(traceID: TraceID(id), outcome: makeOutcome(id)) }
        // Only reads of results insert the queued rows (docs/performance.md): these read none.
        #expect(try store.traceCount() == 5)
        try store.forEachTrace { _, _ in }
        #expect(try store.configOfRun(1) != nil)
        #expect(try store.database.integer("SELECT count(*) FROM result WHERE run_id = \(session.runID)") == 0)
        #expect(try store.run(session.runID) != nil)
        #expect(try store.database.integer("SELECT count(*) FROM result WHERE run_id = \(session.runID)") == 3)
        #expect(try session.commit() == 2)
        #expect(try store.results(ofRun: 2).map(\.outcome) == (1...3).map(makeOutcome))
    }

    @Test func aSecondResultForATraceFailsTheSession() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a"), makeTrace("b", seed: 1)], into: store)
        let before = try rowCounts(store)
        let session = try store.beginRun(.replay, configName: "r", configJSON: #"{"r":1}"#)
        try session.addResult(traceID: 1, outcome: makeOutcome(0))
        try session.addResult(traceID: 1, outcome: makeOutcome(1))
        #expect(throws: StoreError.self) { try session.commit() }
        #expect(throws: StoreError.self) { try session.addResult(traceID: 2, outcome: makeOutcome(2)) }
        #expect(try rowCounts(store) == before)
    }
}

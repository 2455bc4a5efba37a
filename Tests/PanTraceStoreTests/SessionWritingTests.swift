import PanTraceModel
import Testing

@testable import PanTraceStore

/// How a run session writes: several rows per statement, foreign keys checked by construction.
@Suite struct SessionWritingTests {
    @Test(arguments: [2, 15, 16, 17, 32, 33, 100])
    func samplesAndFramesRoundTripAtEveryBatchBoundary(count: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let trace = makeTrace("long", seed: count, count: count)
        try record([trace], into: store)
        let read = try #require(try store.trace(named: "long"))
        #expect(read.trace == trace)
        let result = try #require(try store.result(ofRun: 1, traceName: "long"))
        #expect(try store.frames(ofResult: result.id) == makeFrames(count: count))
        let seqs = try store.database.prepare("SELECT group_concat(seq) FROM (SELECT seq FROM sample ORDER BY seq)")
        #expect(try seqs.step())
        #expect(seqs.string(at: 0) == (0..<count).map(String.init).joined(separator: ","))
    }

    @Test func foreignKeysAreBackOnAfterEverySession() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a")], into: store)
        #expect(try store.database.integer("PRAGMA foreign_keys") == 1)

        let rolledBack = try store.beginRun(.record, configName: "b", configJSON: #"{"b":1}"#)
        try rolledBack.add(makeTrace("b"))
        rolledBack.rollback()
        #expect(try store.database.integer("PRAGMA foreign_keys") == 1)

        do {
            let dropped = try store.beginRun(.record, configName: "c", configJSON: #"{"c":1}"#)
            try dropped.add(makeTrace("c"))
        }
        #expect(try store.database.integer("PRAGMA foreign_keys") == 1)
        #expect(try store.traceCount() == 1)
    }

    @Test func aResultOfAnotherStoredTraceIsAccepted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a"), makeTrace("b", seed: 1)], into: store)
        let session = try store.beginRun(.replay, configName: "r", configJSON: #"{"r":1}"#)
        // Not the trace added last (none was): checked against the trace table.
        try session.addResult(traceID: 1, outcome: makeOutcome(0))
        try session.addResult(traceID: 2, outcome: makeOutcome(1))
        #expect(throws: StoreError.self) { try session.addResult(traceID: 3, outcome: makeOutcome(2)) }
    }
}

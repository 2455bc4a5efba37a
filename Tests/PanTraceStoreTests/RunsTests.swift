import PanTraceModel
import Testing

@testable import PanTraceStore

@Suite struct RunsTests {
    @Test func runListCountsDecisions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        #expect(try store.runs().isEmpty)
        #expect(try store.firstRunID() == nil)
        #expect(try store.defaultBaselineRunID() == nil)
        let traces = (0..<7).map { makeTrace("t\($0)", seed: $0) }
        try record(traces, into: store, config: "baseline")
        try record(Array(traces.prefix(2)), into: store, config: "tuned", kind: .replay, frames: false)

        let runs = try store.runs()
        #expect(runs.count == 2)
        let first = runs[0]
        #expect(first.id == 1)
        #expect(first.kind == .record)
        #expect(first.configName == "baseline")
        #expect(first.configSettings == #"{"name":"baseline"}"#)
        #expect(first.traceCount == 7)
        #expect([first.finishCount, first.cancelCount, first.noneCount] == [3, 2, 2])
        #expect(!first.isBaseline)
        #expect(first.createdAt.count == 24 && first.createdAt.hasSuffix("Z"))
        #expect(runs[1].traceCount == 2)
        #expect(try store.run(2) == runs[1])
        #expect(try store.run(3) == nil)
        #expect(try store.firstRunID() == 1)
    }

    @Test func baselineMarkMovesAndDefaultsToTheFirstRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        for config in ["a", "b", "c"] { try record([makeTrace("t")], into: store, config: config) }
        #expect(try store.baselineRunID() == nil)
        #expect(try store.defaultBaselineRunID() == 1)

        try store.setBaseline(2)
        #expect(try store.baselineRunID() == 2)
        #expect(try store.defaultBaselineRunID() == 2)
        try store.setBaseline(3)
        #expect(try store.baselineRunID() == 3)
        #expect(try store.runs().map(\.isBaseline) == [false, false, true])

        #expect(throws: StoreError.runNotFound(9)) { try store.setBaseline(9) }
        #expect(try store.baselineRunID() == 3)
        // The schema allows one marked run only.
        #expect(throws: SQLiteError.self) { try store.database.execute("UPDATE run SET baseline = 1") }
    }

    @Test func resultsOfAMissingRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        #expect(throws: StoreError.runNotFound(1)) { try store.results(ofRun: 1) }
    }
}

@Suite struct ResultLookupTests {
    @Test func resultOfATraceByName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let run = try record([makeTrace("a"), makeTrace("b", seed: 1)], into: store)
        let found = try #require(try store.result(ofRun: run, traceName: "b"))
        #expect(found.outcome == makeOutcome(1))
        #expect(found.traceName == "b")
        #expect(found.intent == .finish)
        #expect(found.family == "drag")
        #expect(try store.frames(ofResult: found.id) == makeFrames(count: 6))
        #expect(try store.result(ofRun: run, traceName: "c") == nil)
        #expect(try store.result(ofRun: run + 1, traceName: "a") == nil)
    }
}

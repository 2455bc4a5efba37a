import PanTraceModel
import Testing

@testable import PanTraceStore

/// `forEachTrace(_:withOutcomesOf:_:)`: each trace with its outcome in a run, as replay compares them.
@Suite struct OutcomeReadingTests {
    static func corpus(_ count: Int) -> [Trace] {
        (0..<count).map { index in
            makeTrace(
                "trace-\(index)", seed: index, count: 2 + (index * 5) % 9,
                family: index % 3 == 0 ? nil : "drag", intent: index % 2 == 0 ? .cancel : nil)
        }
    }

    static func read(_ store: Store) throws -> [(TraceID, Trace)] {
        var read: [(TraceID, Trace)] = []
        try store.forEachTrace(.all) { read.append(($0, $1)) }
        return read
    }

    @Test func outcomesComeWithTheirTraces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus(25)
        let first = try record(Array(corpus.prefix(15)), into: store)
        // A second run over part of the corpus: the others have no outcome in it.
        let second = try record(Array(corpus.suffix(12)), into: store, config: "second")
        let expected = try store.results(ofRun: first)

        // The whole corpus (merged with the run's results) and a filter (looked up).
        let families: [String?] = corpus.map(\.family)
        for filter in [TraceFilter.all, .families(["drag"])] {
            let selected = corpus.indices.filter { filter == .all || families[$0] == "drag" }
            var seen: [(String, Outcome?)] = []
            try store.forEachTrace(filter, withOutcomesOf: first) { _, trace, outcome in
                seen.append((trace.name, outcome))
            }
            #expect(seen.map(\.0) == selected.map { corpus[$0].name })
            #expect(seen.compactMap(\.1) == selected.filter { $0 < 15 }.map { expected[$0].outcome })
            #expect(seen.filter { $0.1 == nil }.map(\.0) == selected.filter { $0 >= 15 }.map { corpus[$0].name })
        }
        var withSecond: [Outcome?] = []
        try store.forEachTrace(.all, withOutcomesOf: second) { _, _, outcome in withSecond.append(outcome) }
        #expect(withSecond.prefix(13).allSatisfy { $0 == nil })
        #expect(withSecond.suffix(12).allSatisfy { $0 != nil })
    }

    @Test func aSessionThatAddedTracesReadsThemItself() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus(10)
        try record(Array(corpus.prefix(6)), into: store)
        let session = try store.beginRun(.record, configName: "open", configJSON: #"{"name":"open"}"#)
        for trace in corpus.suffix(4) { try session.add(trace) }
        // Not committed: only this connection sees the last four.
        #expect(try Self.read(store).map(\.1) == corpus)
        session.rollback()
    }

    @Test func readingEmptyStoreCallsNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        #expect(try Self.read(store).isEmpty)
    }

    @Test func anErrorOfTheBodyStopsTheReading() throws {
        struct Stop: Error, Equatable {}
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let run = try record(Self.corpus(30), into: store)
        var calls = 0
        #expect(throws: Stop()) {
            try store.forEachTrace(.all, withOutcomesOf: run) { _, _, _ in
                calls += 1
                if calls == 5 { throw Stop() }
            }
        }
        #expect(calls == 5)
        // The store is still usable.
        #expect(try Self.read(store).count == 30)
    }
}

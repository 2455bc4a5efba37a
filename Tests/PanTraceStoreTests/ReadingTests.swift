import PanTraceModel
import Testing

@testable import PanTraceStore

@Suite struct ReadingTests {
    static func corpus() -> [Trace] {
        (0..<12).map { index in
            makeTrace(
                "trace-\(index)", seed: index, count: 3 + (index * 7) % 11,
                family: index % 4 == 3 ? nil : ["drag", "flick", "peek"][index % 4],
                intent: index % 2 == 0 ? .finish : nil)
        }
    }

    static func read(_ store: Store, _ filter: TraceFilter = .all) throws -> [(TraceID, Trace)] {
        var read: [(TraceID, Trace)] = []
        try store.forEachTrace(filter) { read.append(($0, $1)) }
        return read
    }

    /// Traces read one after another keep their own detents, whether the set repeats, changes or is absent.
    @Test func eachTraceReadsItsOwnDetents() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let two = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]
        let three = [Detent(name: "tip", height: 0.1), Detent(name: "half", height: 0.5), Detent(name: "full", height: 0.9)]
        let sets: [([Detent]?, String?)] = [(two, "large"), (two, "medium"), (three, "half"), (nil, nil), (two, "large"), (three, "tip")]
        let corpus = sets.enumerated().map { index, set in
            var trace = makeTrace("sheet-\(index)", seed: index, intent: nil)
            trace.detents = set.0
            trace.startDetent = set.1
            return trace
        }
        try record(corpus, into: store)
        let read = try Self.read(store).map(\.1)
        #expect(read.map(\.detents) == sets.map(\.0))
        #expect(read.map(\.startDetent) == sets.map(\.1))
    }

    @Test func streamingReturnsExactlyWhatWasWrittenInOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus()
        try record(corpus, into: store)
        let read = try Self.read(store)
        #expect(read.map(\.0) == Array(1...12))
        #expect(read.map(\.1) == corpus)
    }

    @Test func filtersSelectByNameAndFamily() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus()
        try record(corpus, into: store)

        let byName = try Self.read(store, .names(["trace-7", "trace-2", "trace-7"]))
        #expect(byName.map(\.1) == [corpus[2], corpus[7]])

        let flicks = try Self.read(store, .families(["flick", "peek"]))
        #expect(flicks.map(\.1) == corpus.filter { $0.family == "flick" || $0.family == "peek" })

        #expect(try Self.read(store, .families(["nothing"])).isEmpty)
        #expect(throws: StoreError.traceNotFound(name: "nope")) {
            try Self.read(store, .names(["trace-1", "nope"]))
        }
        // Filters do not leak into the next read.
        #expect(try Self.read(store).count == corpus.count)
    }

    @Test func traceByName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus()
        try record(corpus, into: store)
        let found = try #require(try store.trace(named: "trace-5"))
        #expect(found.id == 6)
        #expect(found.trace == corpus[5])
        #expect(try store.trace(named: "missing") == nil)
    }

    @Test func replayReadsSamplesWhileWritingResultsInOneTransaction() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus()
        let baseline = try record(corpus, into: store)
        let before = try rowCounts(store)

        let session = try store.beginRun(.replay, configName: "candidate", configJSON: #"{"c":1}"#)
        var seen: [String] = []
        try store.forEachTrace(.families(["drag", "flick"])) { id, trace in
            seen.append(trace.name)
            let outcome = Outcome(decision: .cancel, reason: .belowThreshold, percent: Double(trace.samples.count))
            try session.addResult(traceID: id, outcome: outcome, frames: makeFrames(count: trace.samples.count))
        }
        let candidate = try session.commit()
        let counts = try rowCounts(store)
        #expect(counts["trace"] == before["trace"])
        #expect(counts["sample"] == before["sample"])
        #expect(counts["result"] == (before["result"] ?? 0) + Int64(seen.count))
        #expect(try store.run(candidate)?.traceCount == seen.count)

        var comparisons: [ResultComparison] = []
        try store.forEachComparison(baseline: baseline, candidate: candidate) { comparisons.append($0) }
        #expect(comparisons.map(\.traceName) == seen)
        #expect(comparisons.allSatisfy { $0.baseline != nil })
        let changed = comparisons.filter(\.isChange).map(\.traceName)
        let expected = corpus.enumerated().filter { index, trace in
            seen.contains(trace.name) && makeOutcome(index).decision != .cancel
        }.map(\.element.name)
        #expect(changed == expected)
    }

    @Test func comparisonAgainstARunWithoutTheTrace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let baseline = try record([makeTrace("old")], into: store)
        let candidate = try record([makeTrace("old"), makeTrace("new", seed: 1)], into: store, config: "c")
        var comparisons: [ResultComparison] = []
        try store.forEachComparison(baseline: baseline, candidate: candidate) { comparisons.append($0) }
        #expect(comparisons.map(\.traceName) == ["old", "new"])
        #expect(comparisons[0].baseline == makeOutcome(0))
        #expect(comparisons[1].baseline == nil)
        #expect(throws: StoreError.runNotFound(7)) {
            try store.forEachComparison(baseline: 7, candidate: candidate) { _ in }
        }
    }
}

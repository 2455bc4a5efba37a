import PanTraceCore
import Testing

@testable import PanTraceStore

/// The reader threads of `forEachTrace` return exactly what one connection reads, in the same order.
@Suite struct ParallelReadingTests {
    /// Ids with gaps and chunks of 3 ids: chunk boundaries fall inside and between traces.
    static let tiny = ParallelReading(readers: 2, chunkSpan: 3, batchSize: 2, queuedBatches: 1)

    static func corpus(_ count: Int) -> [Trace] {
        (0..<count).map { index in
            makeTrace(
                "trace-\(index)", seed: index, count: 2 + (index * 5) % 9,
                family: index % 3 == 0 ? nil : "drag", intent: index % 2 == 0 ? .cancel : nil)
        }
    }

    static func read(_ store: Store, _ reading: ParallelReading) throws -> [(TraceID, Trace)] {
        var read: [(TraceID, Trace)] = []
        try store.forEachTrace(.all, reading: reading) { read.append(($0, $1)) }
        return read
    }

    @Test func readerThreadsReadWhatOneConnectionReads() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus(40)
        try record(corpus, into: store)
        let sequential = try Self.read(store, ParallelReading(readers: 0))
        #expect(sequential.map(\.1) == corpus)
        for reading in [Self.tiny, ParallelReading(readers: 3, chunkSpan: 7), ParallelReading(readers: 1)] {
            let parallel = try Self.read(store, reading)
            #expect(parallel.map(\.0) == sequential.map(\.0))
            #expect(parallel.map(\.1) == corpus)
        }
    }

    @Test func outcomesComeWithTheirTraces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus(25)
        let first = try record(Array(corpus.prefix(15)), into: store)
        // A second run over part of the corpus: the others have no outcome in it.
        try record(Array(corpus.suffix(12)), into: store, config: "second")
        let expected = try store.results(ofRun: first)

        for reading in [ParallelReading(readers: 0), Self.tiny] {
            var seen: [(String, Outcome?)] = []
            try store.forEachTrace(.all, withOutcomesOf: first, reading: reading) { _, trace, outcome in
                seen.append((trace.name, outcome))
            }
            #expect(seen.map(\.0) == corpus.map(\.name))
            #expect(seen.compactMap(\.1) == expected.map(\.outcome))
            #expect(seen.filter { $0.1 == nil }.map(\.0) == corpus.suffix(10).map(\.name))
        }
    }

    @Test func aSessionThatAddedTracesReadsThemOnItsOwnConnection() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Self.corpus(10)
        try record(Array(corpus.prefix(6)), into: store)
        let session = try store.beginRun(.record, configName: "open", configJSON: #"{"name":"open"}"#)
        for trace in corpus.suffix(4) { try session.add(trace) }
        // Not committed: reader threads would not see the last four.
        #expect(try Self.read(store, Self.tiny).map(\.1) == corpus)
        session.rollback()
    }

    @Test func readingEmptyStoreCallsNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        #expect(try Self.read(store, Self.tiny).isEmpty)
    }

    @Test func anErrorOfTheBodyStopsTheReaders() throws {
        struct Stop: Error, Equatable {}
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record(Self.corpus(30), into: store)
        var calls = 0
        #expect(throws: Stop()) {
            try store.forEachTrace(.all, reading: Self.tiny) { _, _ in
                calls += 1
                if calls == 5 { throw Stop() }
            }
        }
        #expect(calls == 5)
        // The store is still usable.
        #expect(try Self.read(store, Self.tiny).count == 30)
    }
}

/// Every word bound as a static C string is the case's raw value: one spelling everywhere.
@Suite struct StoredWordTests {
    func check<Word: StoredWord & CaseIterable & Equatable>(_ type: Word.Type) {
        #expect(Set(Word.storedCases.map(\.rawValue)) == Set(Word.allCases.map(\.rawValue)))
        #expect(Word.storedCases.count == Word.allCases.count)
        for word in Word.allCases {
            #expect(word.storedWord.description == word.rawValue)
            let bytes = Array(word.rawValue.utf8)
            let found: Word? = bytes.withUnsafeBufferPointer { buffer in
                guard let start = buffer.baseAddress else { return nil }
                return Word.matching(start, count: buffer.count)
            }
            #expect(found == .some(word))
        }
        #expect(Word.matching([UInt8]("nothing".utf8), count: 7) == nil)
    }

    @Test func wordsAreTheRawValues() {
        check(Phase.self)
        check(Intent.self)
        check(Decision.self)
        check(Reason.self)
        check(GestureState.self)
        check(Owner.self)
        check(RunKind.self)
    }
}

import PanTraceCore
import PanTraceModel
import Testing

@testable import PanTraceStore

/// `trace.packed` in the database: written with the samples, read by replay, and
/// dropped by the triggers when the `sample` rows are edited by hand.
@Suite struct PackedColumnTests {
    /// Every way of reading traces: the whole corpus, with a run's outcomes
    /// (merged), filtered, and still packed (decoded by `StoredTrace.unpacked()`).
    static let readings = ["all", "with outcomes", "filtered", "stored", "stored filtered"]

    /// A fresh store holding ``corpus()``, recorded; removed afterwards.
    static func withRecordedCorpus(_ body: (Store, [Trace]) throws -> Void) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = corpus()
        try record(corpus, into: store)
        try body(store, corpus)
    }

    /// Drags whose times are sixtieths of a second, no whole number of microseconds: stored in format 1.
    static func corpus() -> [Trace] {
        (0..<9).map { makeTrace("trace-\($0)", seed: $0, count: 3 + $0 % 5, family: $0 % 2 == 0 ? "drag" : nil) }
    }

    static func read(_ store: Store, _ reading: String = "all") throws -> [Trace] {
        var traces: [Trace] = []
        switch reading {
        case "with outcomes": try store.forEachTrace(.all, withOutcomesOf: 1) { _, trace, _ in traces.append(trace) }
        case "filtered": try store.forEachTrace(.namesOrFamilies(names: ["trace-1"], families: ["drag"])) { traces.append($1) }
        case "stored": try store.forEachStoredTrace(.all, withOutcomesOf: 1) { stored, _ in traces.append(try stored.unpacked()) }
        case "stored filtered":
            try store.forEachStoredTrace(.namesOrFamilies(names: ["trace-1"], families: ["drag"]), withOutcomesOf: 1) {
                stored, _ in traces.append(try stored.unpacked())
            }
        default: try store.forEachTrace(.all) { traces.append($1) }
        }
        return traces
    }

    /// What ``read(_:_:)`` reads of `corpus`: all of it, or (filtered) all but the last odd ones.
    static func expected(_ corpus: [Trace], _ reading: String) -> [Trace] {
        reading.hasSuffix("filtered") ? corpus.filter { $0.family == "drag" || $0.name == "trace-1" } : corpus
    }

    static func packedIsNull(_ store: Store) throws -> [Bool] {
        let statement = try store.database.prepare("SELECT packed IS NULL FROM trace ORDER BY id")
        var nulls: [Bool] = []
        while try statement.step() { nulls.append(statement.int(at: 0) == 1) }
        return nulls
    }

    @Test func recordWritesThePackedSamplesBesideTheRows() throws {
        try Self.withRecordedCorpus { store, corpus in
            let packed = try store.database.prepare("SELECT packed FROM trace ORDER BY id")
            var buffer: [UInt8] = []
            for trace in corpus {
                #expect(try packed.step())
                let stored = packed.blob(at: 0).map { Array($0) } ?? []
                #expect(stored == Array(buffer[..<PackedSamples.encode(trace.samples, into: &buffer)]))
                #expect(stored.first == PackedSamples.format1)
            }
            #expect(try store.database.integer("SELECT count(*) FROM sample") == corpus.reduce(0) { $0 + $1.samples.count })
        }
    }

    /// With `packed` NULL (or in a later format) every reading path reads the `sample` rows, and gets the same traces.
    @Test func nullOrUnknownPackedFallsBackToTheSampleRows() throws {
        try Self.withRecordedCorpus { store, corpus in
            try store.database.execute("UPDATE trace SET packed = NULL WHERE id % 3 = 0")
            try store.database.execute("UPDATE trace SET packed = X'03' WHERE id = 4")
            #expect(try Self.packedIsNull(store).filter { $0 }.count == 3)
            for reading in Self.readings {
                #expect(try Self.read(store, reading) == Self.expected(corpus, reading), "\(reading)")
            }
            #expect(try store.trace(named: "trace-2")?.trace == corpus[2])
            #expect(try store.trace(named: "trace-3")?.trace == corpus[3])
            try store.database.execute("UPDATE trace SET packed = NULL")
            for reading in Self.readings {
                #expect(try Self.read(store, reading) == Self.expected(corpus, reading), "\(reading)")
            }
        }
    }

    /// An UPDATE of a sample row through SQL drops the trace's blob, and replay simulates the edited sample.
    @Test func updatedSampleRowsChangeWhatReplaySimulates() throws {
        try Self.withRecordedCorpus { store, corpus in
            let config = Config()
            let before = corpus.map { Simulator.simulate($0, under: config) }

            // Too many fingers on one sample of trace 5 (id 6): the pan fails.
            try store.database.execute("UPDATE sample SET touches = 9 WHERE trace_id = 6 AND seq = 1")
            #expect(try Self.packedIsNull(store) == (1...9).map { $0 == 6 })
            for name in ["all", "with outcomes"] {
                let traces = try Self.read(store, name)
                #expect(traces[5].samples[1].touches == 9, "\(name)")
                let after = traces.map { Simulator.simulate($0, under: config) }
                #expect(after[5] != before[5], "\(name)")
                #expect(after[5].reason == .tooManyTouches, "\(name)")
                #expect(Array(after[..<5]) == Array(before[..<5]), "\(name)")
                #expect(Array(after[6...]) == Array(before[6...]), "\(name)")
            }

            // Moving a sample to another trace drops both blobs.
            try store.database.execute("UPDATE sample SET trace_id = 3, seq = 100 WHERE trace_id = 2 AND seq = 0")
            #expect(try Self.packedIsNull(store) == (1...9).map { [2, 3, 6].contains($0) })
        }
    }

    @Test func deletedSampleRowsDropTheBlob() throws {
        try Self.withRecordedCorpus { store, corpus in
            try store.database.execute(
                """
                DELETE FROM sample WHERE trace_id = 8 AND seq = (SELECT max(seq) - 1 FROM sample WHERE trace_id = 8);
                UPDATE trace SET sample_count = sample_count - 1 WHERE id = 8
                """)
            #expect(try Self.packedIsNull(store) == (1...9).map { $0 == 8 })
            // A move deleted (the trace stays one that record takes: docs/safety.md).
            var expected = corpus
            expected[7].samples.remove(at: expected[7].samples.count - 2)
            for reading in Self.readings {
                #expect(try Self.read(store, reading) == Self.expected(expected, reading), "\(reading)")
            }
        }
    }

    /// An inserted sample row drops the blob and is counted (schema 2's insert trigger); the recorded ones are not touched.
    @Test func insertedSampleRowsDropTheBlobAndAreCounted() throws {
        try Self.withRecordedCorpus { store, corpus in
            // The lift becomes a move and a later lift is inserted: still a trace record takes.
            try store.database.execute(
                """
                UPDATE sample SET phase = 'move' WHERE trace_id = 1 AND seq = (SELECT max(seq) FROM sample WHERE trace_id = 1);
                INSERT INTO sample (trace_id, seq, t, x, y, phase, touches) VALUES (1, 99, 9, 1, 1, 'up', 1)
                """)
            #expect(try Self.packedIsNull(store) == (1...9).map { $0 == 1 })
            #expect(try store.database.integer("SELECT sample_count FROM trace WHERE id = 1") == Int64(corpus[0].samples.count + 1))
            #expect(try Self.read(store)[0].samples.count == corpus[0].samples.count + 1)
            // The old README's advice, followed after the trigger, changes nothing.
            try store.database.execute("UPDATE trace SET packed = NULL, sample_count = sample_count + 1 WHERE id = 1")
            #expect(try store.database.integer("SELECT sample_count FROM trace WHERE id = 1") == Int64(corpus[0].samples.count + 1))
            #expect(try Self.read(store)[0].samples.count == corpus[0].samples.count + 1)
        }
    }

    @Test(arguments: ["substr(packed, 1, 30)", "X'02'", "X'020000000400'", "packed || X'00'"])
    func malformedBlobIsReportedAsDamage(damage: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record(Self.corpus(), into: store)
        try store.database.execute("UPDATE trace SET packed = \(damage) WHERE id = 2")
        // Decoded on another thread or not, the damage is said in the same words.
        var messages: Set<String> = []
        for reading in Self.readings {
            let error = #expect(throws: StoreError.self, "\(reading)") { try Self.read(store, reading) }
            messages.insert(error.map { "\($0)" } ?? "")
        }
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("trace \"trace-1\" was edited into one that record refuses") == true, "\(messages)")
    }

    /// Samples as bit patterns: `==` of doubles would let −0 pass for 0.
    static func bits(_ traces: [Trace]) -> [[UInt64]] {
        traces.map { trace in
            trace.samples.flatMap {
                [$0.t.bitPattern, $0.x.bitPattern, $0.y.bitPattern, UInt64(bitPattern: Int64($0.touches))]
            }
        }
    }

    /// Synthetic traces (µs times, positions on 1/1000 pt) are packed in format
    /// 2, read back bit for bit, and simulate exactly as their `sample` rows do.
    @Test func syntheticCorpusIsPackedInFormatTwoAndReplaysAsItsRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let corpus = Array(SyntheticCorpus(seed: 11).traces(count: 300))
        try record(corpus, into: store, frames: false)
        let samples = corpus.reduce(0) { $0 + $1.samples.count }
        #expect(try store.database.integer("SELECT count(*) FROM trace WHERE substr(packed, 1, 1) = X'02'") == 300)
        // About 8 bytes a sample (format 1: 26).
        #expect(try store.database.integer("SELECT sum(length(packed)) FROM trace") < Int64(10 * samples))

        var config = Config()
        config.threshold = 0.3
        for reading in ["all", "with outcomes"] {
            #expect(Self.bits(try Self.read(store, reading)) == Self.bits(corpus), "\(reading)")
        }
        let packed = try Self.read(store)
        let fromBlobs = packed.map { Simulator.simulate($0, under: config) }
        try store.database.execute("UPDATE trace SET packed = NULL")
        let rows = try Self.read(store)
        #expect(Self.bits(rows) == Self.bits(packed))
        #expect(rows == packed)
        #expect(rows.map { Simulator.simulate($0, under: config) } == fromBlobs)
        #expect(Set(fromBlobs.map(\.decision)).count == 3)
    }

    /// A trace read from `packed` is read as pantrace wrote it, without the
    /// checks a hand-edited trace gets: so an edit of the trace's own row (a
    /// width, its meta) drops `packed` as an edited sample does, and the
    /// trace is then read from its rows and checked.
    @Test func editingATraceRowDropsItsPackedSamples() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record(Array(SyntheticCorpus(seed: 3).traces(count: 2)), into: store, frames: false)
        #expect(try store.database.integer("SELECT count(*) FROM trace WHERE packed IS NOT NULL") == 2)
        try store.database.execute("UPDATE trace SET sample_count = sample_count WHERE id = 1")
        #expect(try store.database.integer("SELECT count(*) FROM trace WHERE packed IS NOT NULL") == 2)
        try store.database.execute("UPDATE trace SET width = width + 1 WHERE id = 1")
        try store.database.execute("UPDATE trace SET meta = '{}' WHERE id = 2")
        #expect(try store.database.integer("SELECT count(*) FROM trace WHERE packed IS NOT NULL") == 0)
    }

    @Test func schemaHasTheTriggers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let names = try store.database.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
        var found: [String] = []
        while try names.step() { found.append(names.string(at: 0) ?? "") }
        #expect(
            found == [
                "result_delete_cascades", "result_words_insert", "result_words_update", "run_delete_cascades",
                "run_delete_preferences", "sample_delete_counts", "sample_insert_counts", "sample_update_counts",
                "trace_delete_cascades", "trace_delete_preferences", "trace_edit_unpacks", "trace_observed_edit_unpacks",
                "trace_observed_insert", "trace_observed_update", "trace_rename_preferences",
                "trace_sample_count_follows", "trace_words_insert", "trace_words_update",
            ])
        #expect(try store.database.integer("SELECT count(*) FROM pragma_table_info('trace') WHERE name = 'packed'") == 1)
    }
}

import CSQLite
import PanTraceCore

/// Reading `trace` rows, with their samples, into ``Trace`` values, shared by every reading path.
enum TraceRow {
    /// The `trace` columns ``read(_:into:samples:)`` expects, in order.
    static let columns =
        "id, name, width, height, scroll_offset, scroll_content, intent, meta, family, sample_count, packed"

    /// Reads the columns of ``columns`` into `trace`, samples included; returns the id.
    ///
    /// The samples come from `packed` (one BLOB, ``PackedSamples``) when it
    /// is not NULL and in a known format, else from the trace's `sample`
    /// rows through `rows`. `trace.samples` keeps its storage from trace to
    /// trace: no allocation per sample.
    static func read(_ row: Statement, into trace: inout Trace, samples rows: inout SampleRows) throws -> TraceID {
        let id = row.int64(at: 0)
        trace.name = row.string(at: 1) ?? ""
        trace.width = row.double(at: 2)
        trace.height = row.double(at: 3)
        trace.scrollOffset = row.double(at: 4)
        trace.scrollContent = row.double(at: 5)
        trace.intent = try row.word(Intent.self, at: 6)
        trace.meta = row.string(at: 7)
        trace.family = row.string(at: 8)
        let count = row.int(at: 9)
        trace.samples.removeAll(keepingCapacity: true)
        if !row.isNull(at: 10) {
            let decoding = row.withBlob(at: 10) { bytes in
                PackedSamples.decode(bytes, count: count, into: &trace.samples)
            }
            switch decoding {
            case .decoded:
                return id
            case .malformed:
                throw SQLiteError(
                    code: SQLITE_CORRUPT, message: "trace '\(trace.name)': its packed samples are malformed")
            case .unknownFormat:
                trace.samples.removeAll(keepingCapacity: true)
            }
        }
        try rows.read(trace: id, into: &trace.samples)
        try checkSampleCount(trace, expected: count)
        return id
    }

    /// Fails with `SQLITE_CORRUPT` unless `trace` has the number of samples its row announces.
    static func checkSampleCount(_ trace: Trace, expected: Int) throws {
        guard trace.samples.count == expected else {
            throw SQLiteError(
                code: SQLITE_CORRUPT,
                message: "trace '\(trace.name)' has \(trace.samples.count) samples, expected \(expected)")
        }
    }
}

/// The `sample` rows of one trace, for a trace whose `packed` column is NULL.
///
/// The statement is prepared on first use: a corpus written by pantrace
/// never needs it.
struct SampleRows {
    private let database: Database
    private var statement: Statement?

    init(_ database: Database) {
        self.database = database
    }

    /// Appends the samples of trace `id`, in `seq` order, to `samples`.
    mutating func read(trace id: TraceID, into samples: inout [Sample]) throws {
        let rows: Statement
        if let statement {
            rows = statement
            try rows.reset()
        } else {
            rows = try database.prepare(
                "SELECT t, x, y, phase, touches FROM sample WHERE trace_id = ? ORDER BY seq", persistent: true)
            statement = rows
        }
        try rows.bind(id, at: 1)
        while try rows.step() {
            samples.append(
                Sample(
                    t: rows.double(at: 0), x: rows.double(at: 1), y: rows.double(at: 2),
                    phase: try rows.requiredWord(Phase.self, at: 3), touches: rows.int(at: 4)))
        }
    }
}

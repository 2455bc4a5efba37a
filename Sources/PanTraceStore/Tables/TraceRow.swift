import CSQLite
import PanTraceModel

/// A row of `trace`: a trace's fields, its identity and its samples packed in one BLOB.
///
/// Read into one reused value: `trace.samples` keeps its storage from row
/// to row, so streaming the corpus allocates nothing per sample.
struct TraceRow: TableRow {
    static let table = "trace"
    static var blank: TraceRow { TraceRow(trace: Trace(name: "", width: 1, height: 1, samples: [])) }

    var id: TraceID = 0
    var trace: Trace
    /// The number of samples (`trace.samples.count` when written).
    var sampleCount = 0
    /// ``TraceDigest`` of the trace.
    var digest: Int64 = 0
    /// ``PackedSamples`` of the samples; when read, valid until the statement steps.
    var packed = BorrowedBlob(nil)

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("id", &id, .generated)
        try visitor.visit("name", &trace.name)
        try visitor.visit("width", &trace.width)
        try visitor.visit("height", &trace.height)
        try visitor.visit("scroll_offset", &trace.scrollOffset)
        try visitor.visit("scroll_content", &trace.scrollContent)
        try visitor.visit("intent", &trace.intent)
        try visitor.visit("meta", &trace.meta)
        try visitor.visit("family", &trace.family)
        try visitor.visit("sample_count", &sampleCount)
        try visitor.visit("digest", &digest)
        try visitor.visit("packed", &packed)
        // Added by a later migration: SQLite appends it after the others.
        try visitor.visit("intent_source", &trace.intentSource)
        try visitor.visit("detents", &trace.detents)
        try visitor.visit("start_detent", &trace.startDetent)
        try visitor.visit("observed", &trace.observed)
        try visitor.visit("observed_source", &trace.observedSource)
    }

    /// Reads the current row of `statement` (the columns of `selection("trace")`), samples included.
    ///
    /// The samples come from `packed` when it is not NULL and in a known
    /// format, else from the trace's `sample` rows through `rows`. With
    /// `keepingPacked`, samples in a known packed format are not decoded:
    /// their bytes are returned (a copy) and `trace.samples` is left empty,
    /// for ``StoredTrace/unpacked()`` to decode on another thread.
    @discardableResult
    mutating func read(
        from statement: Statement, samples rows: inout SampleRows, keepingPacked: Bool = false
    ) throws -> [UInt8]? {
        trace.name = ""
        do {
            // `packed` is dropped by the schema's triggers when a sample or
            // the trace's row is edited by hand: a trace read from it is one
            // pantrace wrote, checked when it was recorded.
            let source = try readUnchecked(from: statement, samples: &rows, keepingPacked: keepingPacked)
            // Any other is read back only as record would have taken it: hand
            // edits (docs/sqlite.md) that break the trace format (no samples,
            // times going backwards, text in a number column …) are refused
            // here, so that no command simulates or exports it (docs/safety.md).
            switch source {
            case .rows: try trace.validate()
            case .decoded: return nil
            case .kept(let bytes): return bytes
            }
        } catch let error as TraceError {
            throw StoredTraceIssue(name: trace.name, reason: error.description)
        } catch let error as SQLiteError where error.primaryCode == SQLITE_CORRUPT && !trace.name.isEmpty {
            throw StoredTraceIssue(name: trace.name, reason: error.message)
        }
        return nil
    }

    /// Where a row's samples came from.
    private enum Source {
        /// The `sample` rows: the trace is checked as record checks one.
        case rows
        /// `packed`, decoded into `trace.samples`.
        case decoded
        /// `packed`, not decoded: its bytes.
        case kept([UInt8])
    }

    /// Reads the row and says where its samples came from.
    private mutating func readUnchecked(
        from statement: Statement, samples rows: inout SampleRows, keepingPacked: Bool
    ) throws -> Source {
        var reader = RowReader(statement)
        try read(&reader)
        trace.samples.removeAll(keepingCapacity: true)
        if let bytes = packed.bytes {
            packed = BorrowedBlob(nil)
            if keepingPacked, PackedSamples.isKnownFormat(bytes) { return .kept(Array(bytes)) }
            switch PackedSamples.decode(bytes, count: sampleCount, into: &trace.samples) {
            case .decoded:
                return .decoded
            case .malformed:
                throw PackedSamples.malformedError(trace: trace.name)
            case .unknownFormat:
                trace.samples.removeAll(keepingCapacity: true)
            }
        }
        // The rows are the samples: sample_count only sizes the packed copy
        // (schema.sql's triggers keep it, but a version 1 file read without
        // write access may have it stale after a hand edit).
        try rows.read(trace: id, into: &trace.samples)
        return .rows
    }
}

/// The `sample` rows of one trace, for a trace whose `packed` column is NULL.
///
/// The statement is prepared on first use: a corpus written by pantrace
/// never needs it.
struct SampleRows {
    private let database: Database
    private var statement: Statement?
    private var row = SampleRow.blank

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
                "SELECT \(SampleRow.selection("sample")) FROM sample WHERE trace_id = ? ORDER BY seq", persistent: true)
            statement = rows
        }
        try rows.bind(id, at: 1)
        while try rows.step() {
            var reader = RowReader(rows)
            try row.read(&reader)
            samples.append(row.sample)
        }
    }
}

/// The trace columns that label a result: `trace.id, trace.name, trace.intent, trace.family`.
struct TraceLabel: ColumnGroup {
    static var blank: TraceLabel { TraceLabel() }

    var id: TraceID = 0
    var name = ""
    var intent: Intent?
    var family: String?

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("id", &id, .generated)
        try visitor.visit("name", &name)
        try visitor.visit("intent", &intent)
        try visitor.visit("family", &family)
    }
}

/// A stored trace that breaks the trace format after a hand edit; ``Store``
/// reports it as ``StoreError/cannotOpen(path:reason:)`` (exit 66) naming
/// the trace and what is wrong.
struct StoredTraceIssue: Error {
    var name: String
    var reason: String

    /// The error the store throws for it: the file at `path` cannot be used as it is.
    func error(in path: String) -> StoreError {
        .cannotOpen(
            path: path,
            reason: "trace \(JSONWriter.string(name)) was edited into one that record refuses (\(reason)); "
                + "correct or delete it (docs/sqlite.md)")
    }
}

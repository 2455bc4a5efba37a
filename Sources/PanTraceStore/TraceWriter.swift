import PanTraceModel

/// Writes the traces of a run session: each once, with its digest, its packed samples and its `sample` rows.
///
/// A trace already stored under the same name is found by its digest
/// (``TraceDigest``) instead of written again; the same name with other
/// content is a conflict. A new trace's id is never a deleted trace's
/// (``Database/nextID(of:)``).
struct TraceWriter {
    private let database: Database
    private let find: Statement
    private let insert: Statement
    private let insertSamples: MultiRowInsert<SampleRow>
    /// The names added through this writer, compared as the store compares them: by their scalars.
    private var names = Set<ExactName>()
    /// The id of the next new trace (``Database/nextID(of:)``), once known.
    private var nextID: TraceID?
    /// The `trace.packed` blob being written, reused from trace to trace.
    private var packed: [UInt8] = []
    /// Whether this writer dropped `sample_insert_counts` (``restoreTriggers()`` creates it again).
    private var droppedInsertTrigger = false
    /// The trace added last: the results of the session that follow it need no existence check.
    private(set) var lastTraceID: TraceID?

    init(_ database: Database) throws {
        self.database = database
        find = try database.prepare("SELECT id, digest, intent_source FROM trace WHERE name = ?", persistent: true)
        insert = try database.prepare(TraceRow.insertWithIDSQL, persistent: true)
        insertSamples = MultiRowInsert(database)
    }

    /// Stores `trace` and its samples, or finds it stored already; returns its id.
    ///
    /// The samples are written twice: packed in `trace.packed`
    /// (``PackedSamples``), which replay reads, and as rows of `sample`,
    /// which users query.
    ///
    /// - Throws: ``StoreError/traceConflict(name:)``, ``StoreError/duplicateTrace(name:)``.
    mutating func add(_ trace: Trace) throws -> TraceID {
        // The meta as export writes it (docs/safety.md): a raw CR between
        // its tokens would make the exported trace another trace.
        var trace = trace
        if let meta = trace.meta { trace.meta = Trace.oneLine(meta: meta) }
        guard names.insert(ExactName(trace.name)).inserted else { throw StoreError.duplicateTrace(name: trace.name) }
        let digest = TraceDigest.of(trace)
        if let stored = try stored(named: trace.name) {
            // The digest leaves out where the intent came from (it was fixed
            // before intent_source existed): the column is compared instead.
            // A NULL beside an intent is a person's (docs/sqlite.md).
            let storedSource = trace.intent == nil ? nil : stored.source ?? .person
            guard try stored.digest == digest || storedContent(of: stored.id, equals: trace),
                storedSource == trace.labelSource
            else {
                throw StoreError.traceConflict(name: trace.name)
            }
            return stored.id
        }
        if !droppedInsertTrigger {
            // The trigger counts sample rows inserted by hand; the session's
            // own rows are counted already, and the trigger's lookup per row
            // would cost a record about a third more time on sample rows
            // (docs/performance.md). Dropped inside the transaction, it
            // exists for every other connection throughout.
            try database.execute("DROP TRIGGER IF EXISTS sample_insert_counts")
            droppedInsertTrigger = true
        }
        let id = try nextID ?? database.nextID(of: TraceRow.table)
        let length = PackedSamples.encode(trace.samples, into: &packed)
        try packed.withUnsafeBytes { bytes in
            var row = TraceRow(trace: trace, sampleCount: trace.samples.count, digest: digest)
            row.trace.intentSource = trace.labelSource
            row.trace.observedSource = trace.observationSource
            row.packed = BorrowedBlob(UnsafeRawBufferPointer(rebasing: bytes[..<length]))
            try insert.bind(id, at: 1)
            var binder = RowBinder(insert, from: 2)
            try row.bind(&binder)
            try insert.execute()
        }
        nextID = id + 1
        lastTraceID = id
        let samples = trace.samples
        try insertSamples.insert(count: samples.count) { seq in SampleRow(traceID: id, seq: seq, sample: samples[seq]) }
        return id
    }

    /// Creates the trigger this writer dropped again (before the session commits).
    mutating func restoreTriggers() throws {
        guard droppedInsertTrigger else { return }
        try database.execute(Schema.sampleInsertTrigger)
        droppedInsertTrigger = false
    }

    /// Whether the trace stored as `id` holds `trace`'s content, read back as
    /// every command reads it: the digest is the one computed when it was
    /// stored, so a trace edited by hand since (docs/sqlite.md), or stored by
    /// a version that kept a raw CR in `meta`, is compared by its content,
    /// and its export recorded again is the same trace (docs/safety.md).
    private func storedContent(of id: TraceID, equals trace: Trace) throws -> Bool {
        let statement = try database.prepare("SELECT \(TraceRow.selection("trace")) FROM trace WHERE id = ?")
        try statement.bind(id, at: 1)
        guard try statement.step() else { return false }
        var row = TraceRow.blank
        var rows = SampleRows(database)
        try row.read(from: statement, samples: &rows)
        var stored = row.trace
        stored.meta = stored.meta.map(Trace.oneLine(meta:))
        // `family` follows `meta`; its column is not the trace's content.
        stored.family = trace.family
        return stored == trace
    }

    /// The id, digest and intent source of the trace stored under `name`, if any.
    private func stored(named name: String) throws -> (id: TraceID, digest: Int64, source: IntentSource?)? {
        try find.bind(name, at: 1)
        defer { _ = try? find.reset() }
        guard try find.step() else { return nil }
        var reader = RowReader(find)
        return (try reader.next(), try reader.next(), try reader.next())
    }
}

import PanTraceModel

/// A stored trace as ``Store/forEachStoredTrace(_:withOutcomesOf:_:)`` reads
/// it: its fields, and its samples still packed as `trace.packed` holds them.
///
/// ``unpacked()`` decodes the samples. It touches no database, so it may run
/// on another thread while the store reads the next rows: replay decodes and
/// simulates a batch of traces on the second core while SQLite reads and
/// writes on the first (docs/performance.md).
public final class StoredTrace: Sendable {
    /// The trace's id in the store.
    public let id: TraceID
    /// The trace, without its samples when ``packed`` holds them.
    private let trace: Trace
    /// The `trace.packed` bytes, in a format this build decodes; `nil` when the samples are in ``trace``.
    private let packed: [UInt8]?
    /// `trace.sample_count`.
    private let sampleCount: Int
    /// The database's path, for the error of a malformed blob.
    private let store: String
    /// The ``RunSession/token`` of the session open when the trace was read, if any.
    let readInSession: UInt64?

    init(_ row: TraceRow, packed: [UInt8]?, store: String, session: UInt64?) {
        id = row.id
        var trace = row.trace
        // Not sharing the row's sample buffer, which it reuses for the next trace.
        if packed != nil { trace.samples = [] }
        self.trace = trace
        self.packed = packed
        sampleCount = row.sampleCount
        self.store = store
        readInSession = session
    }

    /// The trace's name.
    public var name: String { trace.name }
    /// The trace's family.
    public var family: String? { trace.family }
    /// What the person meant, if labelled.
    public var intent: Intent? { trace.intent }
    /// The detent the sheet starts at; `nil` without detents (docs/model.md §4.10).
    public var startDetent: String? { trace.detents == nil ? nil : trace.startingDetent?.name }
    /// Where the label came from.
    public var intentSource: IntentSource? { trace.intentSource }
    /// What the app did, when recorded (docs/model.md "What the app did").
    public var observed: Observed? { trace.observed }
    /// Who reported ``observed``.
    public var observedSource: ObservedSource? { trace.observationSource }
    /// The container's width in points.
    public var width: Double { trace.width }
    /// The container's height in points.
    public var height: Double { trace.height }

    /// Makes `trace` this trace as the simulation reads it: its size, its
    /// scroll view, its detents and its samples, decoded into `trace.samples`' storage
    /// (kept from call to call, so that a batch allocates nothing per trace).
    /// The name, labels and `meta` are left out (empty): see ``unpacked()``.
    ///
    /// - Throws: as ``unpacked()``.
    public func unpackForSimulation(into trace: inout Trace) throws {
        trace.name = ""
        trace.intent = nil
        trace.intentSource = nil
        trace.observed = nil
        trace.observedSource = nil
        trace.meta = nil
        trace.family = nil
        trace.width = self.trace.width
        trace.height = self.trace.height
        trace.scrollOffset = self.trace.scrollOffset
        trace.scrollContent = self.trace.scrollContent
        trace.detents = self.trace.detents
        trace.startDetent = self.trace.startDetent
        trace.samples.removeAll(keepingCapacity: true)
        guard let packed else {
            trace.samples.append(contentsOf: self.trace.samples)
            return
        }
        try decode(packed, into: &trace.samples)
    }

    /// The trace with its samples.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` naming the trace when
    ///   its packed samples are malformed (the file was damaged or edited by
    ///   hand past the schema's triggers), as reading it with
    ///   ``Store/forEachTrace(_:withOutcomesOf:_:)`` would.
    public func unpacked() throws -> Trace {
        guard let packed else { return trace }
        var unpacked = trace
        try decode(packed, into: &unpacked.samples)
        return unpacked
    }

    /// Appends the samples of `packed` to `samples`; throws for a malformed blob, naming the trace.
    private func decode(_ packed: [UInt8], into samples: inout [Sample]) throws {
        let decoding = packed.withUnsafeBytes { PackedSamples.decode($0, count: sampleCount, into: &samples) }
        guard decoding == .decoded else {
            let reason = PackedSamples.malformedError(trace: trace.name).message
            throw StoredTraceIssue(name: trace.name, reason: reason).error(in: store)
        }
    }
}

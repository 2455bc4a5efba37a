import PanTraceModel

/// A row of `result`: the outcome of one trace in one run.
struct ResultRow: TableRow {
    static let table = "result"
    static var blank: ResultRow { ResultRow(id: 0, runID: 0, traceID: 0, outcome: .blank) }

    /// Assigned by the session, not by SQLite (``ResultWriter``).
    var id: ResultID
    var runID: RunID
    var traceID: TraceID
    var outcome: Outcome

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("id", &id)
        try visitor.visit("run_id", &runID)
        try visitor.visit("trace_id", &traceID)
        try outcome.visitColumns(&visitor)
    }
}

/// The outcome columns of `result`, also read on their own (`c.decision, c.reason, …`).
extension Outcome: ColumnGroup {
    static var blank: Outcome { Outcome(decision: .none, reason: .neverBegan) }

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("decision", &decision)
        try visitor.visit("reason", &reason)
        try visitor.visit("percent", &percent)
        try visitor.visit("peak_percent", &peakPercent)
        try visitor.visit("velocity", &velocity)
        try visitor.visit("projected", &projected)
        try visitor.visit("settle", &settle)
        try visitor.visit("overscroll", &overscroll)
        try visitor.visit("tracking_error", &trackingError)
        try visitor.visit("attempted", &attempted)
        try visitor.visit("began_seq", &beganSeq)
        try visitor.visit("start_seq", &startSeq)
        try visitor.visit("rest", &rest)
        try visitor.visit("stale", &stale)
        try visitor.visit("detent", &detent)
    }
}

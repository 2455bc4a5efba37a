/// A row of `run`: one pass of one config over stored traces.
struct RunRow: TableRow {
    static let table = "run"
    static var blank: RunRow { RunRow(configID: 0, kind: .record) }

    var id: RunID = 0
    var configID: Int64
    var kind: RunKind
    /// Set by SQLite when the row is inserted (schema.sql's `DEFAULT`).
    var createdAt = ""
    /// Written 0 with the row; the session sets it when it commits.
    var traceCount = 0
    var isBaseline = false

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("id", &id, .generated)
        try visitor.visit("config_id", &configID)
        try visitor.visit("kind", &kind)
        try visitor.visit("created_at", &createdAt, .generated)
        try visitor.visit("trace_count", &traceCount)
        try visitor.visit("baseline", &isBaseline)
    }
}

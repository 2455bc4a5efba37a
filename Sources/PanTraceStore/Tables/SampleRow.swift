import PanTraceModel

/// A row of `sample`: one touch event of a trace.
struct SampleRow: TableRow {
    static let table = "sample"
    static var blank: SampleRow { SampleRow(traceID: 0, seq: 0, sample: Sample(t: 0, x: 0, y: 0, phase: .down)) }

    var traceID: TraceID
    var seq: Int
    var sample: Sample

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("trace_id", &traceID)
        try visitor.visit("seq", &seq)
        try visitor.visit("t", &sample.t)
        try visitor.visit("x", &sample.x)
        try visitor.visit("y", &sample.y)
        try visitor.visit("phase", &sample.phase)
        try visitor.visit("touches", &sample.touches)
    }
}

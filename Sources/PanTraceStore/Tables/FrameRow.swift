import PanTraceModel

/// A row of `frame`: the simulated state after one sample of one result.
struct FrameRow: TableRow {
    static let table = "frame"
    static var blank: FrameRow {
        FrameRow(resultID: 0, frame: Frame(seq: 0, state: .possible, owner: .none, percent: 0, scrollOffset: 0))
    }

    var resultID: ResultID
    var frame: Frame

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("result_id", &resultID)
        try visitor.visit("seq", &frame.seq)
        try visitor.visit("state", &frame.state)
        try visitor.visit("owner", &frame.owner)
        try visitor.visit("percent", &frame.percent)
        try visitor.visit("scroll_offset", &frame.scrollOffset)
    }
}

import PanTraceModel

/// A row of `preference`: one answer to "Which felt better?" of a lab A/B session.
struct PreferenceRow: TableRow {
    static let table = "preference"
    static var blank: PreferenceRow {
        PreferenceRow(
            preference: Preference(session: "", task: "", runA: 0, runB: 0, traceA: "", traceB: "", shownFirst: .a, choice: .same))
    }

    var preference: Preference

    @inline(__always)
    mutating func visitColumns<Visitor: ColumnVisitor>(_ visitor: inout Visitor) throws {
        try visitor.visit("session", &preference.session)
        try visitor.visit("task", &preference.task)
        try visitor.visit("run_a", &preference.runA)
        try visitor.visit("run_b", &preference.runB)
        try visitor.visit("trace_a", &preference.traceA)
        try visitor.visit("trace_b", &preference.traceB)
        try visitor.visit("shown_first", &preference.shownFirst)
        try visitor.visit("choice", &preference.choice)
    }
}

import PanTraceStore
import PanTraceModel

extension DecisionRow {
    /// The row as one line of JSON, without a newline: an object whose keys
    /// are the view's columns in the view's order (docs/commands.md §7.6, `export decisions`).
    ///
    /// SQL NULL is `null`, an INTEGER an integer, a REAL its shortest
    /// round-trip text (`JSONWriter.number(_:)`: the same double, bit for
    /// bit, when read back) and TEXT a JSON string. The same row gives the
    /// same bytes on every machine, so that two exports diff line by line.
    /// The columns named in `omitting` are left out.
    public func jsonLine(omitting: Set<String> = []) -> String {
        var line = "{"
        var first = true
        for (index, column) in columns.enumerated() where !omitting.contains(column) {
            if !first { line += ", " }
            first = false
            JSONWriter.appendString(column, to: &line)
            line += ": "
            switch values[index] {
            case .null: line += "null"
            case .integer(let value): line += String(value)
            case .real(let value): line += JSONWriter.number(value)
            case .text(let value): JSONWriter.appendString(value, to: &line)
            }
        }
        return line + "}"
    }
}

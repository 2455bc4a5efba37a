import PanTraceStore
import PanTraceModel

extension DecisionRow {
    /// The columns each line of `export decisions` starts with, in this
    /// order (docs/commands.md §7.6): what a reader of a diff looks for first.
    /// `detent` goes right after `reason` when the view has it.
    public static let leadingColumns = ["trace", "decision", "reason", "detent"]

    /// The REAL columns that are fractions of the transition (rounded to 4
    /// decimals); seconds (to 3); every other REAL column of the view is
    /// points or points per second (to 1).
    public static let fractionColumns: Set<String> = ["percent", "peak_percent", "projected"]
    /// The REAL columns in seconds.
    public static let secondColumns: Set<String> = ["settle", "rest"]

    /// The decimals a REAL column is rounded to in `export decisions`.
    public static func decimals(ofColumn column: String) -> Int {
        if fractionColumns.contains(column) { return 4 }
        if secondColumns.contains(column) { return 3 }
        return 1
    }

    /// The row as one line of JSON, without a newline (docs/commands.md §7.6,
    /// `export decisions`): an object whose keys are the view's columns,
    /// ``leadingColumns`` first, then the others in the view's order.
    ///
    /// SQL NULL is `null`, an INTEGER an integer, TEXT a JSON string, and a
    /// REAL rounded for reading in a diff (half away from zero,
    /// ``decimals(ofColumn:)``): fractions to 4 decimals, seconds to 3,
    /// points and points per second to 1, written in the shortest text
    /// that reads back as the rounded number (`0.4833`, `400`). The same
    /// row gives the same bytes on every machine, so that two exports diff
    /// line by line. The columns named in `omitting` are left out.
    public func jsonLine(omitting: Set<String> = []) -> String {
        var order: [Int] = []
        for name in Self.leadingColumns {
            if let index = columns.firstIndex(of: name), !omitting.contains(name) { order.append(index) }
        }
        let leading = Set(order)
        for (index, column) in columns.enumerated() where !leading.contains(index) && !omitting.contains(column) {
            order.append(index)
        }
        var line = "{"
        for (position, index) in order.enumerated() {
            let column = columns[index]
            if position > 0 { line += ", " }
            JSONWriter.appendString(column, to: &line)
            line += ": "
            switch values[index] {
            case .null: line += "null"
            case .integer(let value): line += String(value)
            case .real(let value): line += Self.rounded(value, decimals: Self.decimals(ofColumn: column))
            case .text(let value): JSONWriter.appendString(value, to: &line)
            }
        }
        return line + "}"
    }

    /// `value` rounded half away from zero to `decimals`, as JSON (`-0` as `0`).
    static func rounded(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return JSONWriter.number(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded(.toNearestOrAwayFromZero) / scale
        return JSONWriter.number(rounded == 0 ? 0 : rounded)
    }
}

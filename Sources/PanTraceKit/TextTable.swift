/// A plain text table with padded columns, for terminal reports: two spaces
/// between columns, no trailing spaces.
public struct TextTable: Sendable {
    /// The column titles.
    public var header: [String]
    /// The cells, row by row.
    public var rows: [[String]]
    /// Columns whose cells are aligned right (numbers).
    public var rightAligned: Set<Int>

    /// A table of `rows` under `header`.
    public init(header: [String], rows: [[String]], rightAligned: Set<Int> = []) {
        self.header = header
        self.rows = rows
        self.rightAligned = rightAligned
    }

    /// The table as lines of text, each ending in a line break.
    public func render() -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
                if column > 0 { text += "  " }
                text += rightAligned.contains(column) ? pad + cell : cell + (column == cells.count - 1 ? "" : pad)
            }
            return text
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}

/// A plain text table with padded columns, for terminal reports.
struct Table {
    var header: [String]
    var rows: [[String]]
    /// Columns whose cells are aligned right (numbers).
    var rightAligned: Set<Int> = []

    func render() -> String {
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


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

    /// The table as lines without line breaks: the header, then a line per
    /// row; columns two spaces apart, as wide as their widest cell, the
    /// ``rightAligned`` ones padded on the left; no trailing spaces.
    public func lines() -> [String] {
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return [line(header)] + rows.map(line)
    }

    /// The table as text, each line ending in a line break.
    public func render() -> String {
        lines().joined(separator: "\n") + "\n"
    }
}

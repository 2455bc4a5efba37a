
/// `agree` of every combination of two sweeps as a grid of coloured cells,
/// the best candidate outlined (docs/commands.md §7.8). With three sweeps there is one
/// grid per value of the first, on a shared colour scale.
struct TuneHeatMap {
    let page: TunePage
    /// The sweep down the rows and the one across the columns.
    let rowSweep: Int
    let columnSweep: Int
    /// With three sweeps: the first sweep's value this grid shows.
    let fixedValue: String?
    /// The colour scale's ends (shared between grids).
    let lowest: Int
    let highest: Int
    let id: String

    /// Grids larger than this are not drawn (a note says so): a million cells
    /// would make a page no browser opens quickly.
    static let maximumCells = 40_000

    func render(_ markup: inout Markup) {
        let rows = page.sweeps[rowSweep].values
        let columns = page.sweeps[columnSweep].values
        guard rows.count * columns.count <= Self.maximumCells else {
            markup.element(
                "p", [("class", "small")],
                "The grid of \(rows.count) × \(columns.count) candidates is too large to draw; the Pareto frontier below shows them all.")
            return
        }
        let rowIndex = Dictionary(rows.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let columnIndex = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // One grid spans the page; small multiples (three sweeps) sit three to a row.
        let (gridWidth, gridHeight) = fixedValue == nil ? (900.0, 520.0) : (210.0, 300.0)
        let cellWidth = max(4, min(80, gridWidth / Double(max(columns.count, 1))))
        let cellHeight = max(4, min(30, gridHeight / Double(max(rows.count, 1))))
        let left = 96.0
        let top = 10.0
        let width = left + cellWidth * Double(columns.count) + 20
        let height = top + cellHeight * Double(rows.count) + 56
        let showNumbers = cellWidth >= 40 && cellHeight >= 16
        markup.open("svg", [
            ("id", id), ("class", "chart heatmap"), ("viewBox", "0 0 \(n(width)) \(n(height))"), ("width", n(width)),
            ("height", n(height)), ("role", "img"),
            ("aria-label", "agree for every \(page.sweeps[rowSweep].key) and \(page.sweeps[columnSweep].key)"),
        ])
        var bestCell: (Double, Double)?
        for (index, candidate) in page.candidates.enumerated() {
            if let fixedValue, candidate.values.first != fixedValue { continue }
            guard candidate.values.count > max(rowSweep, columnSweep),
                let row = rowIndex[candidate.values[rowSweep]], let column = columnIndex[candidate.values[columnSweep]]
            else { continue }
            let x = left + Double(column) * cellWidth
            let y = top + Double(row) * cellHeight
            let fraction = highest > lowest ? Double(candidate.agree - lowest) / Double(highest - lowest) : 1
            markup.open("rect", [
                ("x", n(x)), ("y", n(y)), ("width", n(cellWidth)), ("height", n(cellHeight)),
                ("fill", Palette.ramp(fraction)), ("data-agree", String(candidate.agree)),
                ("data-floor", String(candidate.floor)),
            ])
            markup.element(
                "title", [],
                zip(page.sweeps.map(\.key), candidate.values).map { "\($0)=\($1)" }.joined(separator: " ")
                    + ": agree \(candidate.agree) (floor \(candidate.floor)), accidental \(candidate.accidental), "
                    + "missed \(candidate.missed)")
            markup.close()
            if showNumbers {
                markup.element(
                    "text",
                    [
                        ("x", n(x + cellWidth / 2)), ("y", n(y + cellHeight / 2 + 4)), ("text-anchor", "middle"),
                        ("class", "tick"), ("style", Palette.needsLightText(fraction) ? "fill:#fff" : "fill:#111"),
                    ], String(candidate.agree))
            }
            if index == page.best { bestCell = (x, y) }
        }
        if let (x, y) = bestCell {
            markup.empty("rect", [
                ("x", n(x + 1)), ("y", n(y + 1)), ("width", n(cellWidth - 2)), ("height", n(cellHeight - 2)), ("fill", "none"),
                ("stroke", Palette.orange), ("stroke-width", "3"), ("class", "best"),
            ])
        }
        // Axis labels: every value when they fit, else every k-th.
        let columnStep = max(1, Int((40 / cellWidth).rounded(.up)))
        for (index, value) in columns.enumerated() where index % columnStep == 0 {
            markup.element(
                "text",
                [
                    ("x", n(left + (Double(index) + 0.5) * cellWidth)), ("y", n(top + cellHeight * Double(rows.count) + 16)),
                    ("text-anchor", "middle"), ("class", "tick"),
                ], value)
        }
        let rowStep = max(1, Int((14 / cellHeight).rounded(.up)))
        for (index, value) in rows.enumerated() where index % rowStep == 0 {
            markup.element(
                "text",
                [
                    ("x", n(left - 6)), ("y", n(top + (Double(index) + 0.5) * cellHeight + 4)), ("text-anchor", "end"),
                    ("class", "tick"),
                ], value)
        }
        markup.element(
            "text",
            [
                ("x", n(left + cellWidth * Double(columns.count) / 2)), ("y", n(top + cellHeight * Double(rows.count) + 40)),
                ("text-anchor", "middle"), ("class", "label"),
            ], page.sweeps[columnSweep].key)
        let middle = top + cellHeight * Double(rows.count) / 2
        markup.element(
            "text",
            [
                ("x", "12"), ("y", n(middle)), ("text-anchor", "middle"), ("class", "label"),
                ("transform", "rotate(-90 12 \(n(middle)))"),
            ], page.sweeps[rowSweep].key)
        markup.close()
    }

    /// The colour scale from `lowest` to `highest` agree, as an HTML legend.
    static func legend(_ markup: inout Markup, lowest: Int, highest: Int) {
        markup.open("svg", [("class", "chart"), ("viewBox", "0 0 340 40"), ("width", "340"), ("height", "40"), ("role", "img"), ("aria-label", "colour scale of agree")])
        for step in 0..<40 {
            markup.empty("rect", [
                ("x", n(10 + Double(step) * 6)), ("y", "4"), ("width", "6.3"), ("height", "14"),
                ("fill", Palette.ramp(Double(step) / 39)),
            ])
        }
        markup.element("text", [("x", "10"), ("y", "32"), ("class", "tick")], "agree \(lowest)")
        markup.element("text", [("x", "250"), ("y", "32"), ("text-anchor", "end"), ("class", "tick")], String(highest))
        markup.empty("rect", [("x", "262"), ("y", "4"), ("width", "14"), ("height", "14"), ("fill", "none"), ("stroke", Palette.orange), ("stroke-width", "3")])
        markup.element("text", [("x", "282"), ("y", "16"), ("class", "tick")], "best")
        markup.close()
    }
}

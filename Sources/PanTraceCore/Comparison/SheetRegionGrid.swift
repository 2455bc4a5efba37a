import PanTraceModel

/// Where a sheet's release goes under one config (docs/model.md §4.10), over
/// a grid of release velocities (across) and heights (up): at each cell's
/// centre, the anchor ``DetentRule`` decides — the simulation's own rule,
/// `guarded` and `maxSteps` included. The release maps of the HTML reports
/// shade and outline these regions (docs/commands.md §7.8).
package struct SheetRegionGrid: Sendable {
    /// Cells across (velocities).
    package let columns: Int
    /// Cells up (heights).
    package let rows: Int
    /// The velocities spanned, pt/s, lowest first.
    package let velocities: ClosedRange<Double>
    /// The heights spanned, fractions of the extent, lowest first.
    package let heights: ClosedRange<Double>
    /// `anchors[row * columns + column]`: the anchor decided at the cell's
    /// centre (0 dismissed, then the detents lowest first); row 0 is the lowest.
    package let anchors: [UInt8]
    /// The anchors' heights, 0 (dismissed) first.
    package let anchorHeights: [Double]
    /// The detents' names, lowest first (anchor `i` is `detentNames[i - 1]`).
    package let detentNames: [String]
    /// The start detent's anchor.
    package let start: Int

    /// The regions of a sheet with `detents` starting at `start` under
    /// `config`, for the extent `extent`; `nil` without detents.
    package init?(
        config: Config, detents: [Detent], start: String, extent: Double, velocities: ClosedRange<Double>,
        heights: ClosedRange<Double>, columns: Int, rows: Int
    ) {
        guard let rule = DetentRule(detents: detents, start: start, config: config), columns > 0, rows > 0,
            extent > 0, extent.isFinite
        else { return nil }
        self.columns = columns
        self.rows = rows
        self.velocities = velocities
        self.heights = heights
        anchorHeights = rule.heights
        detentNames = rule.detentNames
        self.start = rule.start
        var anchors = [UInt8](repeating: 0, count: columns * rows)
        for row in 0..<rows {
            let h = heights.lowerBound + (heights.upperBound - heights.lowerBound) * (Double(row) + 0.5) / Double(rows)
            for column in 0..<columns {
                let v =
                    velocities.lowerBound + (velocities.upperBound - velocities.lowerBound) * (Double(column) + 0.5)
                    / Double(columns)
                anchors[row * columns + column] = UInt8(truncatingIfNeeded: rule.decide(height: h, velocity: v, extent: extent).anchor)
            }
        }
        self.anchors = anchors
    }

    /// The anchor at `column`, `row`.
    package subscript(column: Int, row: Int) -> Int { Int(anchors[row * columns + column]) }

    /// The anchor's name: its detent's, or `dismissed`.
    package func name(of anchor: Int) -> String {
        anchor == 0 ? "dismissed" : detentNames[anchor - 1]
    }
}

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
    private let rule: DetentRule
    private let extent: Double

    /// The regions of a sheet with `detents` starting at `start` under
    /// `config`, for the extent `extent`; `nil` without detents, and under
    /// an interaction other than pull-to-dismiss, where a sheet is not
    /// simulated (docs/model.md §4.10: decision `none`, `notApplicable`).
    package init?(
        config: Config, detents: [Detent], start: String, extent: Double, velocities: ClosedRange<Double>,
        heights: ClosedRange<Double>, columns: Int, rows: Int
    ) {
        guard config.interaction == .pullToDismiss,
            let rule = DetentRule(detents: detents, start: start, config: config), columns > 0, rows > 0,
            extent > 0, extent.isFinite
        else { return nil }
        self.columns = columns
        self.rows = rows
        self.velocities = velocities
        self.heights = heights
        anchorHeights = rule.heights
        detentNames = rule.detentNames
        self.start = rule.start
        self.rule = rule
        self.extent = extent
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
        Rest(anchor: anchor, detentNames: detentNames).word
    }

    /// The anchor ``DetentRule`` decides for a release at height `h` with velocity `v`.
    package func anchor(velocity v: Double, height h: Double) -> Int {
        rule.decide(height: h, velocity: v, extent: extent).anchor
    }

    /// The velocity at the centre of column `column`.
    package func velocity(_ column: Int) -> Double {
        velocities.lowerBound + (velocities.upperBound - velocities.lowerBound) * (Double(column) + 0.5) / Double(columns)
    }

    /// The height at the centre of row `row`.
    package func height(_ row: Int) -> Double {
        heights.lowerBound + (heights.upperBound - heights.lowerBound) * (Double(row) + 0.5) / Double(rows)
    }

    /// Where the regions meet, as segments (velocity, height) to (velocity,
    /// height): between two neighbouring cell centres of different anchors
    /// the crossing is found by bisection on the rule itself, and the
    /// crossings around each square of four centres are joined (marching
    /// squares; three or four crossings meet at their mean).
    package func boundarySegments() -> [((Double, Double), (Double, Double))] {
        // The point between a and b (in data) where the anchor first differs from a's.
        func crossing(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
            let from = anchor(velocity: a.0, height: a.1)
            var (low, high) = (0.0, 1.0)
            for _ in 0..<24 {
                let middle = (low + high) / 2
                if anchor(velocity: a.0 + (b.0 - a.0) * middle, height: a.1 + (b.1 - a.1) * middle) == from {
                    low = middle
                } else {
                    high = middle
                }
            }
            let t = (low + high) / 2
            return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
        }
        var across: [Int: (Double, Double)] = [:]  // between (c, r) and (c + 1, r)
        var up: [Int: (Double, Double)] = [:]  // between (c, r) and (c, r + 1)
        for row in 0..<rows {
            for column in 0..<columns {
                if column + 1 < columns, self[column, row] != self[column + 1, row] {
                    across[row * columns + column] = crossing(
                        (velocity(column), height(row)), (velocity(column + 1), height(row)))
                }
                if row + 1 < rows, self[column, row] != self[column, row + 1] {
                    up[row * columns + column] = crossing((velocity(column), height(row)), (velocity(column), height(row + 1)))
                }
            }
        }
        var segments: [((Double, Double), (Double, Double))] = []
        guard columns > 1, rows > 1 else { return segments }
        for row in 0..<(rows - 1) {
            for column in 0..<(columns - 1) {
                let points = [
                    across[row * columns + column], across[(row + 1) * columns + column],
                    up[row * columns + column], up[row * columns + column + 1],
                ].compactMap { $0 }
                switch points.count {
                case 0, 1: continue
                case 2: segments.append((points[0], points[1]))
                default:
                    let mean = (
                        points.map(\.0).reduce(0, +) / Double(points.count), points.map(\.1).reduce(0, +) / Double(points.count)
                    )
                    for point in points { segments.append((point, mean)) }
                }
            }
        }
        return segments
    }
}

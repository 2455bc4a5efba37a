import PanTraceCore
import PanTraceModel

/// The release map of a replay page (docs/commands.md §7.8): one mark per trace at its
/// release, percent complete across and release velocity up, coloured by
/// intent, the changed traces as outlined diamonds, and both configs'
/// decision boundaries.
struct ReleaseMapChart {
    let page: ReplayPage
    /// Changed trace name → its number in the plots below (1-based).
    let numbers: [String: Int]

    static let columns = 100
    static let rows = 64
    /// Up to this many changes each mark carries its name (a hover title and
    /// `data-trace`); beyond, the marks are bare so that the page stays small.
    static let namedChangesUpTo = 12_000

    /// `flick-0003: cancel → finish, intent finish; 31.0 % 1210.5 pt/s`, with the
    /// baseline's release too when it differs.
    static func hover(_ change: ComparedTrace) -> String {
        let candidate = change.candidate
        var text = "\(change.name): \(change.baseline?.decision.rawValue ?? "-") → \(candidate.decision.rawValue), "
            + "intent \(Palette.word(for: change.intent)); " + release(candidate)
        if let baseline = change.baseline, release(baseline) != release(candidate) {
            text += " (baseline " + release(baseline) + ")"
        }
        return text
    }

    private static func release(_ result: ResultSummary) -> String {
        "\(HTMLText.number(result.percent * 100, digits: 1)) % \(HTMLText.number(result.velocity, digits: 1)) pt/s"
    }

    init(_ page: ReplayPage) {
        self.page = page
        var numbers: [String: Int] = [:]
        for (index, plot) in page.plots.enumerated() { numbers[plot.trace.name] = index + 1 }
        self.numbers = numbers
    }

    /// Where a changed trace is drawn: its candidate release, else its
    /// baseline release; `nil` when neither run released.
    /// A sheet with detents is on its own map (``SheetMapChart``), never here.
    static func position(of change: ComparedTrace) -> ResultSummary? {
        guard change.startDetent == nil else { return nil }
        if ReleaseMapInput.hasRelease(change.candidate) { return change.candidate }
        if let baseline = change.baseline, ReleaseMapInput.hasRelease(baseline) { return baseline }
        return nil
    }

    var usesDensity: Bool { page.releases.unchangedCount > page.densityAbove }

    func render(_ markup: inout Markup) {
        let releases = page.releases
        let changes = page.comparison.changeList

        // The velocity axis spans every release drawn.
        var low = 0.0
        var high = 0.0
        for velocity in releases.velocities {
            low = min(low, Double(velocity))
            high = max(high, Double(velocity))
        }
        var changedDrawn = 0
        for index in 0..<changes.count {
            let change = changes[index]
            guard let at = Self.position(of: change) else { continue }
            changedDrawn += 1
            low = min(low, at.velocity)
            high = max(high, at.velocity)
            if let baseline = change.baseline, ReleaseMapInput.hasRelease(baseline) {
                low = min(low, baseline.velocity)
                high = max(high, baseline.velocity)
            }
        }
        // The axis fits the releases, not a boundary's extremes: a flick line far
        // above every release is drawn past the edge and clipped.
        if high - low < 1 { (low, high) = (-100, 100) }
        let pad = (high - low) * 0.04
        let area = PlotArea(
            id: "release-map", width: 1040, height: 580, margins: (78, 24, 16, 54), x: (0, 1),
            y: (low - pad, high + pad), niceX: false)

        area.open(
            &markup, id: "release-map",
            label: "Release map: percent complete and release velocity of every trace, coloured by intent",
            data: [
                ("data-unchanged", String(releases.unchangedCount)), ("data-changed-drawn", String(changedDrawn)),
                ("data-without-release", String(releases.withoutRelease)),
                ("data-density", usesDensity ? "true" : "false"),
            ])
        area.drawAxes(
            &markup, xTitle: "percent complete at release (%)", yTitle: "release velocity (pt/s)",
            xTick: { HTMLText.number($0 * 100, digits: 1) }, xTicks: 10, yTicks: 8)
        area.openClipped(&markup, class: "marks")
        markup.empty("line", [
            ("x1", n(area.left)), ("y1", n(area.y(0))), ("x2", n(area.right)), ("y2", n(area.y(0))),
            ("stroke", "#bbb"), ("stroke-width", "1"),
        ])
        if usesDensity {
            drawDensity(&markup, area)
        } else {
            drawUnchangedMarks(&markup, area)
        }
        for (config, colour, dashed) in [
            (page.baselineConfig, Palette.baseline, true), (page.candidateConfig, Palette.candidate, false),
        ] {
            // Past the plot's edges, so that the clip hides the parts along them.
            let margin = (area.y.upper - area.y.lower) * 0.05 + 1
            let boundary = DecisionBoundary(
                config, extent: releases.mostCommonExtent, velocities: area.y.lower - margin, area.y.upper + margin)
            guard !boundary.points.isEmpty else { continue }
            area.polyline(
                &markup, boundary.points,
                [("stroke", colour), ("stroke-width", "2.5"), ("class", dashed ? "boundary baseline" : "boundary candidate")]
                    + (dashed ? [("stroke-dasharray", "8 5")] : []))
        }
        drawStale(&markup, area)
        drawChanges(&markup, area)
        markup.close()
        markup.close()
    }

    /// docs/model.md §4.6: a ring around each stale release (unchanged dots
    /// and changed diamonds alike), decided by a movement that had ended.
    private func drawStale(_ markup: inout Markup, _ area: PlotArea) {
        let releases = page.releases
        let changes = page.comparison.changeList
        var path = ""
        func ring(_ p: Double, _ v: Double) {
            let (x, y) = (area.x(p), area.y(v))
            path += "M\(n(x - 8)) \(n(y))a8 8 0 1 0 16 0a8 8 0 1 0-16 0"
        }
        for index in releases.staleIndexes {
            ring(Double(releases.percents[Int(index)]), Double(releases.velocities[Int(index)]))
        }
        for index in 0..<changes.count {
            let change = changes[index]
            guard change.candidate.stale, let at = Self.position(of: change) else { continue }
            ring(at.percent, at.velocity)
        }
        guard !path.isEmpty else { return }
        markup.open("path", [
            ("d", path), ("fill", "none"), ("stroke", "#7a3e00"), ("stroke-width", "1.5"), ("class", "stale"),
        ])
        markup.element("title", [], "stale velocity: the finger had rested before the lift")
        markup.close()
    }

    private func drawUnchangedMarks(_ markup: inout Markup, _ area: PlotArea) {
        let releases = page.releases
        // One path per intent of zero-length round-capped strokes: a dot per
        // trace in a dozen bytes.
        for code in 0..<3 {
            var path = ""
            for index in releases.intents.indices where releases.intents[index] == UInt8(code) {
                path += "M" + n(area.x(Double(releases.percents[index]))) + " "
                    + n(area.y(Double(releases.velocities[index]))) + "h0"
            }
            guard !path.isEmpty else { continue }
            let intent = ReleaseMapInput.intentsByCode[code]
            markup.open("path", [
                ("d", path), ("stroke", Palette.colour(of: intent)), ("stroke-width", "5"), ("stroke-linecap", "round"),
                ("stroke-opacity", "0.55"), ("class", "unchanged"),
            ])
            markup.element("title", [], "unchanged, intent \(Palette.word(for: intent))")
            markup.close()
        }
    }

    private func drawDensity(_ markup: inout Markup, _ area: PlotArea) {
        let releases = page.releases
        let columns = Self.columns
        let rows = Self.rows
        var counts = [Int32](repeating: 0, count: columns * rows * 3)
        let x = area.x
        let y = area.y
        for index in releases.percents.indices {
            let column = min(max(Int((Double(releases.percents[index]) - x.lower) / (x.upper - x.lower) * Double(columns)), 0), columns - 1)
            let row = min(max(Int((Double(releases.velocities[index]) - y.lower) / (y.upper - y.lower) * Double(rows)), 0), rows - 1)
            counts[(row * columns + column) * 3 + Int(releases.intents[index])] += 1
        }
        var largest: Int32 = 1
        for cell in 0..<(columns * rows) {
            largest = max(largest, counts[cell * 3] + counts[cell * 3 + 1] + counts[cell * 3 + 2])
        }
        let cellWidth = (area.right - area.left) / Double(columns)
        let cellHeight = (area.bottom - area.top) / Double(rows)
        markup.open("g", [("class", "density")])
        for row in 0..<rows {
            for column in 0..<columns {
                let base = (row * columns + column) * 3
                let finish = Int(counts[base])
                let cancel = Int(counts[base + 1])
                let unlabelled = Int(counts[base + 2])
                let total = finish + cancel + unlabelled
                guard total > 0 else { continue }
                let dominant: Intent? = finish >= cancel && finish >= unlabelled ? .finish : cancel >= unlabelled ? .cancel : nil
                let opacity = 0.18 + 0.82 * (Double(total) / Double(largest)).squareRoot()
                let p0 = x.lower + (x.upper - x.lower) * Double(column) / Double(columns)
                let v0 = y.lower + (y.upper - y.lower) * Double(row) / Double(rows)
                let v1 = y.lower + (y.upper - y.lower) * Double(row + 1) / Double(rows)
                markup.open("rect", [
                    ("x", n(area.left + Double(column) * cellWidth)), ("y", n(area.bottom - Double(row + 1) * cellHeight)),
                    ("width", n(cellWidth + 0.3)), ("height", n(cellHeight + 0.3)), ("fill", Palette.colour(of: dominant)),
                    ("fill-opacity", HTMLText.number(opacity, digits: 2)), ("data-n", String(total)),
                ])
                markup.element(
                    "title", [],
                    "\(total) unchanged: \(finish) finish, \(cancel) cancel, \(unlabelled) unlabelled; "
                        + "p \(HTMLText.number(p0 * 100, digits: 0))–\(HTMLText.number((p0 + 0.01) * 100, digits: 0)) %, "
                        + "v \(HTMLText.number(v0, digits: 0))…\(HTMLText.number(v1, digits: 0)) pt/s")
                markup.close()
            }
        }
        markup.close()
    }

    private func drawChanges(_ markup: inout Markup, _ area: PlotArea) {
        let changes = page.comparison.changeList
        let named = changes.count <= Self.namedChangesUpTo
        // Where a change moved from: a thin line from its baseline release.
        markup.open("g", [("class", "moves"), ("stroke", "#555"), ("stroke-width", "1")])
        for index in 0..<changes.count {
            let change = changes[index]
            guard let at = Self.position(of: change), let baseline = change.baseline,
                ReleaseMapInput.hasRelease(baseline)
            else { continue }
            let (bx, by, px, py) = (area.x(baseline.percent), area.y(baseline.velocity), area.x(at.percent), area.y(at.velocity))
            if abs(bx - px) + abs(by - py) > 2 {
                markup.empty("line", [("x1", n(bx)), ("y1", n(by)), ("x2", n(px)), ("y2", n(py))])
            }
        }
        markup.close()
        // The diamonds, one group per intent so that each mark carries only its place and name.
        markup.open("g", [("class", "changed"), ("stroke", "#000"), ("stroke-width", "1.5")])
        for code in 0..<3 {
            let intent = ReleaseMapInput.intentsByCode[code]
            markup.open("g", [("fill", Palette.colour(of: intent))])
            for index in 0..<changes.count {
                let change = changes[index]
                guard change.intent == intent, let at = Self.position(of: change) else { continue }
                let d = "M\(n(area.x(at.percent))) \(n(area.y(at.velocity) - 6))l6 6-6 6-6-6z"
                guard named else {
                    markup.empty("path", [("d", d)])
                    continue
                }
                markup.open("path", [("d", d), ("data-trace", change.name)])
                markup.element("title", [], (numbers[change.name].map { "\($0). " } ?? "") + Self.hover(change))
                markup.close()
            }
            markup.close()
        }
        markup.close()
        // The numbers go on top of every mark, so that none hides under a
        // neighbour, and a number that would overlap one already placed is
        // left out (its mark's hover title still carries it).
        var placed: [(x: Double, y: Double, width: Double)] = []
        for index in 0..<changes.count {
            let change = changes[index]
            guard let number = numbers[change.name], let at = Self.position(of: change) else { continue }
            let label = String(number)
            let x = area.x(at.percent) + 8
            let y = area.y(at.velocity) - 6
            let width = 7 * Double(label.count) + 2
            let overlaps = placed.contains { other in
                x < other.x + other.width && other.x < x + width && abs(other.y - y) < 12
            }
            guard !overlaps else { continue }
            placed.append((x, y, width))
            markup.element("text", [("x", n(x)), ("y", n(y)), ("class", "mark-label")], label)
        }
    }
}

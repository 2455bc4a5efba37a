import PanTraceCore
import PanTraceModel

extension TracePlotChart {
    /// A changed sheet's plot (docs/commands.md §7.8): its height over time
    /// under both configs (docs/model.md §4.10), every detent a dotted line
    /// named at the left, the release marked, and where each config leaves
    /// the sheet named at the right.
    func renderSheet(_ markup: inout Markup, detents: [Detent]) {
        let trace = plot.trace
        let all = plot.baseline + plot.candidate
        let start = all.map(\.t).min() ?? 0
        var end = all.map(\.t).max() ?? 1
        if let release = plot.releaseTime { end = max(end, release) }
        let span = max(end - start, 0.001)
        markup.open("figure", [("class", "trace-plot"), ("id", "trace-\(number)"), ("data-trace", trace.name)])
        markup.element("h3", [], "\(number). \(trace.name)")
        var summary = ReplayPage.describe(trace, named: false)
        if plot.baseline == plot.candidate {
            summary += ". The sheet moves the same under both configs (the lines coincide); only where it goes at the release differs."
        }
        markup.element("p", [("class", "small")], summary)
        let sorted = detents.sorted { $0.height < $1.height }
        let heights = all.compactMap(\.height)
        let low = min(0, heights.min() ?? 0) - 0.04
        let high = max(sorted.last?.height ?? 1, heights.max() ?? 1) + 0.04
        let id = "trace-\(number)-height"
        // Room on the right for where each config leaves the sheet.
        let area = PlotArea(
            id: id, width: 1040, height: 260, margins: (78, 190, 12, 50), x: (0, span), y: (low, high), niceY: false)
        area.open(&markup, id: id, label: "Sheet height over time of \(trace.name) under both configs, with its detents")
        area.drawAxes(
            &markup, xTitle: "time since touch-down (s)", yTitle: "sheet height (of the extent)",
            yTick: { HTMLText.number($0, digits: 2) }, xTicks: 8, yTicks: 5)
        var placed: [SheetMapChart.Box] = []
        for (index, detent) in sorted.enumerated() {
            let y = area.y(detent.height)
            markup.empty("line", [
                ("x1", n(area.left)), ("y1", n(y)), ("x2", n(area.right)), ("y2", n(y)),
                ("stroke", colours.colour(of: detent.name, rank: index)), ("stroke-width", "1.5"), ("stroke-dasharray", "2 3"),
                ("data-detent", detent.name),
            ])
            let box = SheetMapChart.Box(x: area.left + 4, y: y - 15, width: PlotArea.textWidth(detent.name, fontSize: 11, bold: true), height: 13)
            placed.append(box)
            markup.element(
                "text", [("x", n(box.x)), ("y", n(y - 4)), ("class", "mark-label"), ("style", "fill:\(colours.colour(of: detent.name, rank: index))")],
                detent.name)
        }
        area.openClipped(&markup, class: "lines")
        drawRelease(&markup, area, start: start, labelled: false)
        area.polyline(
            &markup, plot.baseline.compactMap { point in point.height.map { (point.t - start, $0) } },
            [("stroke", Palette.baseline), ("stroke-width", "3"), ("stroke-dasharray", "7 4"), ("class", "series baseline")])
        area.polyline(
            &markup, plot.candidate.compactMap { point in point.height.map { (point.t - start, $0) } },
            [("stroke", Palette.candidate), ("stroke-width", "2"), ("class", "series candidate")])
        markup.close()
        if let release = plot.releaseTime {
            let x = area.x(release - start)
            let label = "release: \(HTMLText.number(trace.candidate.velocity, digits: 1)) pt/s"
            let onLeft = x > (area.left + area.right) / 2
            let width = PlotArea.textWidth(label, fontSize: 11, bold: true)
            let boxX = onLeft ? x - 6 - width : x + 6
            // Below the top detent's name when that is where the label would go.
            var y = area.top + 14
            while placed.contains(where: { $0.overlaps(.init(x: boxX, y: y - 11, width: width, height: 13)) }) { y += 16 }
            markup.element(
                "text",
                [
                    ("x", n(onLeft ? x - 6 : x + 6)), ("y", n(y)), ("text-anchor", onLeft ? "end" : "start"),
                    ("class", "mark-label"), ("data-velocity", HTMLText.number(trace.candidate.velocity, digits: 1)),
                ], label)
        }
        // Where each config leaves the sheet, at the right of the plot, beside that height.
        var used: [Double] = []
        for (result, role, colour) in [(trace.baseline, "baseline", Palette.baseline), (trace.candidate, "candidate", Palette.candidate)] {
            guard let result else { continue }
            let rest = result.rest
            let target: Double =
                switch rest {
                case .dismissed: 0
                case .detent(let name): sorted.first { $0.name == name }?.height ?? 0
                case .shown: 0
                }
            var y = area.y(target) + 4
            while used.contains(where: { abs($0 - y) < 14 }) { y += 14 }
            used.append(y)
            markup.element(
                "text",
                [("x", n(area.right + 8)), ("y", n(y)), ("class", "mark-label"), ("style", "fill:\(colour)"), ("data-rest", role)],
                "\(role) → \(rest.word)")
        }
        markup.close()
        markup.close()
    }
}

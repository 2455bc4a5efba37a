import PanTraceCore
import PanTraceModel

/// The plots of one changed trace (docs/commands.md §7.8): percent over time under the
/// baseline and the candidate with both thresholds and the release marked,
/// and the scroll offset below when the trace has a scroll view.
struct TracePlotChart {
    let plot: ChangedTracePlot
    let number: Int
    let baseline: Config
    let candidate: Config
    /// Each detent's colour by its name, the same across the page.
    var colours = DetentColours()

    func render(_ markup: inout Markup) {
        if let detents = plot.detents, !detents.isEmpty {
            renderSheet(&markup, detents: detents)
            return
        }
        let trace = plot.trace
        let all = plot.baseline + plot.candidate
        let start = all.map(\.t).min() ?? 0
        var end = all.map(\.t).max() ?? 1
        if let release = plot.releaseTime { end = max(end, release) }
        markup.open("figure", [("class", "trace-plot"), ("id", "trace-\(number)"), ("data-trace", trace.name)])
        markup.element("h3", [], "\(number). \(trace.name)")
        var summary = ReplayPage.describe(trace, named: false)
        if plot.baseline == plot.candidate {
            summary += ". The course is the same under both configs (the lines coincide); only the decision at the release differs."
        }
        markup.element("p", [("class", "small")], summary)

        let id = "trace-\(number)-percent"
        let area = PlotArea(
            id: id, width: 1040, height: 250, margins: (78, 24, 12, 50), x: (0, end - start), y: (0, 1), niceY: false)
        area.open(&markup, id: id, label: "Percent complete over time of \(trace.name) under both configs")
        area.drawAxes(
            &markup, xTitle: "time since touch-down (s)", yTitle: "percent complete (%)",
            yTick: { HTMLText.number($0 * 100, digits: 1) }, xTicks: 8, yTicks: 5)
        area.openClipped(&markup, class: "lines")
        for (config, colour, dashed) in [(baseline, Palette.baseline, true), (candidate, Palette.candidate, false)] {
            var attributes: [Markup.Attribute] = [("stroke", colour), ("stroke-width", "1.5"), ("stroke-opacity", "0.8")]
            if dashed { attributes.append(("stroke-dasharray", "6 4")) }
            area.polyline(&markup, [(-1, config.threshold), (end - start + 1, config.threshold)], attributes)
        }
        drawRelease(&markup, area, start: start)
        area.polyline(
            &markup, plot.baseline.map { ($0.t - start, $0.percent) },
            [("stroke", Palette.baseline), ("stroke-width", "3"), ("stroke-dasharray", "7 4"), ("class", "series baseline")])
        area.polyline(
            &markup, plot.candidate.map { ($0.t - start, $0.percent) },
            [("stroke", Palette.candidate), ("stroke-width", "2"), ("class", "series candidate")])
        markup.close()
        drawThresholdLabels(&markup, area)
        markup.close()

        if plot.hasScrollView {
            let offsets = all.map(\.offset)
            let offsetID = "trace-\(number)-offset"
            let offsetArea = PlotArea(
                id: offsetID, width: 1040, height: 170, margins: (78, 24, 10, 50), x: (0, end - start),
                y: (offsets.min() ?? 0, max(offsets.max() ?? 1, (offsets.min() ?? 0) + 1)), niceX: true)
            offsetArea.open(&markup, id: offsetID, label: "Scroll offset over time of \(trace.name) under both configs")
            offsetArea.drawAxes(
                &markup, xTitle: "time since touch-down (s)", yTitle: "scroll offset (pt)", xTicks: 8, yTicks: 3)
            offsetArea.openClipped(&markup, class: "lines")
            drawRelease(&markup, offsetArea, start: start, labelled: false)
            offsetArea.polyline(
                &markup, plot.baseline.map { ($0.t - start, $0.offset) },
                [("stroke", Palette.baseline), ("stroke-width", "3"), ("stroke-dasharray", "7 4")])
            offsetArea.polyline(
                &markup, plot.candidate.map { ($0.t - start, $0.offset) },
                [("stroke", Palette.candidate), ("stroke-width", "2")])
            markup.close()
            markup.close()
        }
        markup.close()
    }

    func drawRelease(_ markup: inout Markup, _ area: PlotArea, start: Double, labelled: Bool = true) {
        guard let release = plot.releaseTime else { return }
        let x = area.x(release - start)
        markup.empty("line", [
            ("x1", n(x)), ("y1", n(area.top)), ("x2", n(x)), ("y2", n(area.bottom)), ("stroke", "#000"),
            ("stroke-width", "1.5"), ("stroke-dasharray", "2 3"), ("class", "release"),
        ])
        guard labelled else { return }
        let candidate = plot.trace.candidate
        var label = "release: \(HTMLText.number(candidate.velocity, digits: 1)) pt/s"
        if let baseline = plot.trace.baseline, abs(baseline.velocity - candidate.velocity) >= 0.05 {
            label += " (baseline \(HTMLText.number(baseline.velocity, digits: 1)) pt/s)"
        }
        // The label goes on the side of the line with more room.
        let onLeft = x > (area.left + area.right) / 2
        markup.element(
            "text",
            [
                ("x", n(onLeft ? x - 6 : x + 6)), ("y", n(area.top + 14)), ("text-anchor", onLeft ? "end" : "start"),
                ("class", "mark-label"), ("data-velocity", HTMLText.number(candidate.velocity, digits: 1)),
            ], label)
        // Each config's percent at the release, where its decision was taken.
        for (result, colour) in [(plot.trace.baseline, Palette.baseline), (candidate, Palette.candidate)] {
            guard let result, ReleaseMapInput.hasRelease(result) else { continue }
            markup.empty("circle", [
                ("cx", n(x)), ("cy", n(area.y(result.percent))), ("r", "5"), ("fill", colour), ("stroke", "#000"),
            ])
        }
    }

    private func drawThresholdLabels(_ markup: inout Markup, _ area: PlotArea) {
        let same = baseline.threshold == candidate.threshold
        for (config, name, colour) in [(baseline, "baseline", Palette.baseline), (candidate, "candidate", Palette.candidate)] {
            if same, name == "baseline" { continue }
            // The lower threshold's label sits below its line so two close lines stay readable.
            let below = !same && config.threshold < max(baseline.threshold, candidate.threshold)
            let y = area.y(config.threshold) + (below ? 13 : -4)
            markup.element(
                "text", [("x", n(area.right - 4)), ("y", n(y)), ("text-anchor", "end"), ("class", "mark-label"), ("style", "fill:\(colour)")],
                (same ? "threshold" : "\(name) threshold") + " \(HTMLText.number(config.threshold * 100, digits: 1)) %")
        }
    }
}

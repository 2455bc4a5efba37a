import PanTraceCore
import PanTraceModel

/// For one sweep: `agree` over the swept values, and below it `accidental`
/// and `missed`, with the best candidate marked (docs/commands.md §7.8).
struct TuneCurvesChart {
    let page: TunePage

    func render(_ markup: inout Markup) {
        guard let sweep = page.sweeps.first, !page.candidates.isEmpty else { return }
        let axis = SweepAxis(sweep)
        // Each candidate at its value's position, in the order of the sweep.
        let points: [(x: Double, candidate: TunePage.Candidate, index: Int)] = page.candidates.enumerated()
            .compactMap { index, candidate in
                guard let value = candidate.values.first, let x = axis.position(of: value) else { return nil }
                return (x, candidate, index)
            }.sorted { $0.x < $1.x }
        let xs = points.map(\.x)
        let xDomain = (xs.min() ?? 0, xs.max() ?? 1)

        let bars = agreeIntervals(points)
        let agree =
            points.flatMap { [Double($0.candidate.agree), Double($0.candidate.floor)] }
            + bars.flatMap { [Double($0.range.lowerBound), Double($0.range.upperBound)] }
        panel(
            &markup, id: "tune-agree", title: "agree (traces)", axis: axis, domain: xDomain,
            y: (0, max(agree.max() ?? 1, 1)), points: points,
            series: [(Agreement.agree.word, Palette.bluishGreen, false, \.agree), ("floor", Palette.reddishPurple, true, \.floor)],
            intervals: bars)
        let errors = points.flatMap {
            [Double($0.candidate.accidental), Double($0.candidate.missed), Double($0.candidate.wrongDetent)]
        }
        panel(
            &markup, id: "tune-errors", title: "against intent (traces)", axis: axis, domain: xDomain,
            y: (0, max(errors.max() ?? 1, 1)), points: points,
            series: [
                (Agreement.accidental.word, Palette.vermillion, false, \.accidental),
                (Agreement.missed.word, Palette.blue, true, \.missed),
                (Agreement.wrongDetent.word, Palette.orange, true, \.wrongDetent),
            ])
    }

    private func panel(
        _ markup: inout Markup, id: String, title: String, axis: SweepAxis, domain: (Double, Double),
        y: (Double, Double), points: [(x: Double, candidate: TunePage.Candidate, index: Int)],
        series: [(name: String, colour: String, dashed: Bool, count: KeyPath<TunePage.Candidate, Int>)],
        intervals: [(x: Double, range: ClosedRange<Int>, name: String)] = []
    ) {
        let area = PlotArea(
            id: id, width: 1040, height: 270, margins: (78, 24, 14, 52), x: domain, y: y, niceX: !axis.isCategorical)
        area.open(&markup, id: id, label: series.map(\.name).joined(separator: " and ") + " over \(axis.key)")
        area.drawAxes(
            &markup, xTitle: axis.key, yTitle: title, xTick: axis.label, yTick: { HTMLText.number($0, digits: 1) },
            xTicks: 8, xTickValues: axis.isCategorical ? axis.positions : nil, yCounts: true)
        if let best = page.best, let point = points.first(where: { $0.index == best }) {
            let x = area.x(point.x)
            markup.empty("line", [
                ("x1", n(x)), ("y1", n(area.top)), ("x2", n(x)), ("y2", n(area.bottom)), ("stroke", "#000"),
                ("stroke-dasharray", "2 3"), ("stroke-width", "1.5"),
            ])
            // Left of the line when the label would pass the chart's right edge.
            let label = "best: \(axis.key)=\(point.candidate.values.first ?? "")"
            let toLeft = x + 5 + PlotArea.textWidth(label, fontSize: 11, bold: true) > area.width - 2
            markup.element(
                "text",
                [("x", n(toLeft ? x - 5 : x + 5)), ("y", n(area.top + 13)), ("class", "mark-label")]
                    + (toLeft ? [("text-anchor", "end")] : []),
                label)
        }
        for line in series {
            var attributes: [Markup.Attribute] = [("stroke", line.colour), ("stroke-width", "2.5"), ("data-series", line.name)]
            if line.dashed { attributes.append(("stroke-dasharray", "7 4")) }
            area.polyline(&markup, points.map { ($0.x, Double($0.candidate[keyPath: line.count])) }, attributes)
            if points.count <= 200 {
                for point in points {
                    let value = point.candidate[keyPath: line.count]
                    markup.open("circle", [
                        ("cx", n(area.x(point.x))), ("cy", n(area.y(Double(value)))), ("r", "3.5"), ("fill", line.colour),
                    ])
                    markup.element("title", [], "\(axis.key)=\(point.candidate.values.first ?? ""): \(line.name) \(value)")
                    markup.close()
                }
            }
        }
        // docs/tune.md "How sure": the 95 % interval of agree as an error bar.
        for interval in intervals {
            let x = area.x(interval.x)
            let low = area.y(Double(interval.range.lowerBound))
            let high = area.y(Double(interval.range.upperBound))
            markup.open("g", [("class", "interval"), ("data-interval", interval.name),
                ("data-low", String(interval.range.lowerBound)), ("data-high", String(interval.range.upperBound))])
            markup.element("title", [], "\(interval.name): agree \(interval.range.lowerBound) to \(interval.range.upperBound) (95 %)")
            markup.empty("line", [("x1", n(x)), ("y1", n(low)), ("x2", n(x)), ("y2", n(high)), ("stroke", "#000"), ("stroke-width", "2")])
            for y in [low, high] {
                markup.empty("line", [("x1", n(x - 6)), ("y1", n(y)), ("x2", n(x + 6)), ("y2", n(y)), ("stroke", "#000"), ("stroke-width", "2")])
            }
            markup.close()
        }
        markup.close()
        markup.open("ul", [("class", "legend")])
        for line in series {
            markup.legendItem(.line(line.colour, dashed: line.dashed), line.name)
        }
        if !intervals.isEmpty {
            markup.legendItem(.line("#000", dashed: false), "95 % interval of agree (error bar: " + intervals.map(\.name).joined(separator: ", ") + ")")
        }
        markup.close()
    }

    /// The error bars of the agree panel: the best's and the base's, at their values.
    private func agreeIntervals(_ points: [(x: Double, candidate: TunePage.Candidate, index: Int)]) -> [(x: Double, range: ClosedRange<Int>, name: String)] {
        guard let intervals = page.intervals else { return [] }
        var bars: [(x: Double, range: ClosedRange<Int>, name: String)] = []
        if let best = page.best, let point = points.first(where: { $0.index == best }) {
            bars.append((point.x, intervals.best.agree, "best"))
        }
        if let base = page.baseCandidate, base != page.best, let point = points.first(where: { $0.index == base }) {
            bars.append((point.x, intervals.base.agree, "base"))
        }
        return bars
    }
}

/// Where a sweep's values go along an axis: at their numbers when every value
/// is a number, else evenly spaced in sweep order (words such as `velocity`).
struct SweepAxis {
    let key: String
    let values: [String]
    let isCategorical: Bool
    private let index: [String: Int]

    init(_ sweep: TunePage.Sweep) {
        key = sweep.key
        values = sweep.values
        isCategorical = !sweep.values.allSatisfy { Double($0) != nil }
        var index: [String: Int] = [:]
        for (position, value) in sweep.values.enumerated() where index[value] == nil { index[value] = position }
        self.index = index
    }

    /// The axis position of `value`, `nil` when the sweep has no such value.
    func position(of value: String) -> Double? {
        guard let position = index[value] else { return nil }
        return isCategorical ? Double(position) : Double(value)
    }

    /// The positions of every value, in sweep order.
    var positions: [Double] { values.compactMap(position(of:)) }

    /// The tick label at `position`.
    func label(_ position: Double) -> String {
        guard isCategorical else { return HTMLText.number(position, digits: 4) }
        let index = Int(position.rounded())
        return values.indices.contains(index) ? values[index] : ""
    }
}

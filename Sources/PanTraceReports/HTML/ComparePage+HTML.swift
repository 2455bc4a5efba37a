import PanTraceCore
import PanTraceModel

extension ConfigComparison {
    /// A colour and a dash pattern per config, so that eleven lines stay apart.
    static let lineStyles: [(colour: String, dash: String?)] = [
        ("#000000", nil), ("#0072B2", nil), ("#D55E00", nil), ("#009E73", nil), ("#CC79A7", nil), ("#E69F00", nil),
        ("#56B4E9", "9 4"), ("#8C564B", "9 4"), ("#7F7F7F", "9 4"), ("#9E9A00", "3 3"), ("#6A3D9A", "3 3"),
        ("#B15928", "3 3"), ("#0072B2", "12 3 2 3"), ("#D55E00", "12 3 2 3"), ("#009E73", "12 3 2 3"),
        ("#CC79A7", "12 3 2 3"),
    ]

    static func lineStyle(_ index: Int) -> (colour: String, dash: String?) {
        lineStyles[index % lineStyles.count]
    }

    /// The most common extent of the traces under config `index`.
    func mostCommonExtent(_ index: Int) -> Double? {
        extentCounts[index].max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key
    }

    /// The comparison's HTML page (docs/presets.md): the table,
    /// the matrix, one release map with every config's decision boundary in
    /// its own colour and named, small multiples of each config's boundary
    /// against the first's, and the most divided traces. Self-contained, no
    /// script (docs/model.md's rules drawn from `LiftRule`).
    public func html() -> String {
        let title = "pantrace compare: \(configs.count) configs over \(HTMLText.count(traces)) traces"
        return HTMLDocument.page(title: title) { markup in
            markup.element("h1", [], title)
            markup.element(
                "p", [("class", "sub")],
                "\(HTMLText.count(labelled)) traces have an intent. Each config is decided as replay would decide it; "
                    + "nothing was stored.")
            renderTable(&markup)
            renderMatrix(&markup)
            if showsPercentMap {
                renderMap(&markup)
                renderMultiples(&markup)
            }
            if !sheets.isEmpty { renderSheetMaps(&markup) }
            renderDivided(&markup)
        }
    }

    private func renderTable(_ markup: inout Markup) {
        markup.element("h2", [], "Configs")
        markup.open("table", [("id", "configs")])
        markup.open("tr")
        // docs/commands.md §7.3: wrongDetent beside agree, accidental and missed, so that they add up to the labelled traces.
        // docs/commands.md §7.9: matches (which config reproduces the app) when some trace records what the app did.
        let headers = ["#", "config"] + TuningCounts.Column.all.map(\.word) + ["stale", "differs"]
        for header in headers + (observed > 0 ? ["matches"] : []) {
            markup.element("th", header == "config" || header == "#" ? [] : [("class", "num")], header)
        }
        markup.close()
        for (index, config) in configs.enumerated() {
            let c = counts[index]
            let style = Self.lineStyle(index)
            markup.open("tr", [("data-config", config.name)])
            markup.open("td")
            markup.element("span", Markup.Swatch.line(style.colour, dashed: style.dash != nil).attributes, "")
            markup.text(" \(index + 1)")
            markup.close()
            markup.element("td", [], config.name)
            let tallied = TuningCounts.Column.all.map { ($0.word, c.tally[column: $0]) }
            for (key, value) in tallied + [("stale", c.stale), ("differs", c.differs)]
                + (observed > 0 ? [("matches", c.matches)] : []) {
                markup.element(
                    "td", [("class", "num"), ("data-count", key), ("data-value", String(value))],
                    index == 0 && key == "differs" ? "–" : HTMLText.count(value))
            }
            markup.close()
        }
        markup.close()
        markup.element(
            "p", [("class", "small")],
            "agree, accidental, missed and wrongDetent (not dismissed, resting at another detent than meant) count the "
                + "\(HTMLText.count(labelled)) traces with an intent; differs counts the traces whose decision or detent "
                + "differs from config 1's."
                + (observed > 0
                    ? " matches counts, of the \(HTMLText.count(observed)) traces that record what the app did, those a config ends where the app ended."
                    : ""))
        if counts.contains(where: { $0.stale > 0 }) {
            markup.element("p", [("class", "small"), ("id", "stale-note")], "Stale: " + RunComparison.staleExplanation)
        }
    }

    private func renderMatrix(_ markup: inout Markup) {
        markup.element("h2", [], "Traces whose decision or detent differs, pair by pair")
        markup.open("table", [("id", "matrix")])
        markup.open("tr")
        markup.element("th", [], "")
        for index in configs.indices { markup.element("th", [("class", "num")], String(index + 1)) }
        markup.close()
        for (row, values) in matrix.enumerated() {
            markup.open("tr")
            markup.element("th", [], "\(row + 1) \(configs[row].name)")
            for (column, value) in values.enumerated() {
                markup.element("td", [("class", "num"), ("data-pair", "\(row + 1)-\(column + 1)")], String(value))
            }
            markup.close()
        }
        markup.close()
    }

    /// The velocity range the maps show: the releases drawn, and no more.
    /// The boundaries are drawn past it and clipped: a flick speed far above
    /// every release (FloatingPanel's 5.5 × the distance to go) would
    /// otherwise squeeze the data into a band and the boundaries into spaghetti.
    private func velocityRange() -> (Double, Double) {
        var low = 0.0
        var high = 0.0
        for release in releases {
            low = min(low, Double(release.velocity))
            high = max(high, Double(release.velocity))
        }
        if high - low < 1 { (low, high) = (-100, 100) }
        let pad = (high - low) * 0.04
        return (low - pad, high + pad)
    }

    private func drawBoundary(_ markup: inout Markup, _ area: PlotArea, _ index: Int, width: String, grey: Bool = false) {
        // Past the plot's edges, so that the clip hides the parts along them.
        let margin = (area.y.upper - area.y.lower) * 0.05 + 1
        let boundary = DecisionBoundary(
            configs[index], extent: mostCommonExtent(index), velocities: area.y.lower - margin, area.y.upper + margin)
        guard !boundary.points.isEmpty else { return }
        let style = Self.lineStyle(index)
        var attributes: [Markup.Attribute] = [
            ("stroke", grey ? "#9a9a9a" : style.colour), ("stroke-width", width),
            ("class", "boundary"), ("data-boundary", String(index + 1)),
        ]
        if let dash = grey ? "6 4" : style.dash { attributes.append(("stroke-dasharray", dash)) }
        area.polyline(&markup, boundary.points, attributes)
    }

    private func renderMap(_ markup: inout Markup) {
        markup.element("h2", [], "Release map: where each config draws the line")
        let area = PlotArea(
            id: "compare-map", width: 1040, height: 600, margins: (78, 24, 16, 54), x: (0, 1), y: velocityRange(),
            niceX: false)
        area.open(
            &markup, id: "compare-map",
            label: "Release map: every trace at its release under the first config, coloured by intent, and every "
                + "config's decision boundary",
            data: [
                ("data-releases", String(releases.count)), ("data-boundaries", String(configs.count)),
                ("data-velocity-top", String(Int(area.y.upper.rounded()))),
                ("data-velocity-bottom", String(Int(area.y.lower.rounded()))),
            ])
        area.drawAxes(
            &markup, xTitle: "percent complete at release (%), under config 1", yTitle: "release velocity (pt/s)",
            xTick: { HTMLText.number($0 * 100, digits: 1) }, xTicks: 10, yTicks: 8)
        area.openClipped(&markup, class: "marks")
        drawReleases(&markup, area, radius: 4)
        for index in configs.indices.reversed() { drawBoundary(&markup, area, index, width: "2.5") }
        drawDividedNumbers(&markup, area)
        markup.close()
        markup.close()
        markup.open("ul", [("class", "legend"), ("id", "boundaries")])
        for (index, config) in configs.enumerated() {
            let style = Self.lineStyle(index)
            let boundary = DecisionBoundary(config, extent: mostCommonExtent(index), velocities: 0, 1)
            markup.legendItem(
                .line(style.colour, dashed: style.dash != nil), "\(index + 1) \(config.name) — \(boundary.description)",
                [("data-boundary", String(index + 1))])
        }
        markup.close()
        markup.open("ul", [("class", "legend")])
        for intent in [Intent.finish, .cancel, nil] {
            markup.legendItem(.dot(Palette.colour(of: intent)), "intent \(Palette.word(for: intent))")
        }
        markup.legendItem(.diamond, "the configs disagree (finish against the rest)")
        markup.legendItem(.ring, "numbered: the most divided traces, as in their table below (hover for the decisions)")
        markup.legendItem(.ring, "thin brown ring: a stale velocity under config 1 (the finger rested before the lift)")
        markup.close()
        markup.element(
            "p", [("class", "small")],
            "Each trace is drawn at its release under config 1 (a config of another interaction or touch slop "
                + "releases the same touches elsewhere); each boundary is drawn for its config's most common extent. "
                + "Finish lies above and to the right of a line.")
    }

    private func drawReleases(_ markup: inout Markup, _ area: PlotArea, radius: Double) {
        for code in 0..<3 {
            var path = ""
            for release in releases where release.intent == UInt8(code) && !release.divided {
                path += "M" + n(area.x(Double(release.percent))) + " " + n(area.y(Double(release.velocity))) + "h0"
            }
            guard !path.isEmpty else { continue }
            let intent = ReleaseMapInput.intentsByCode[code]
            markup.empty("path", [
                ("d", path), ("stroke", Palette.colour(of: intent)), ("stroke-width", n(radius)),
                ("stroke-linecap", "round"), ("stroke-opacity", "0.35"), ("class", "release"),
            ])
        }
        for code in 0..<3 {
            var path = ""
            for release in releases where release.intent == UInt8(code) && release.divided {
                let (x, y) = (area.x(Double(release.percent)), area.y(Double(release.velocity)))
                path += "M\(n(x)) \(n(y - radius - 1))l\(n(radius + 1)) \(n(radius + 1))-\(n(radius + 1)) \(n(radius + 1))"
                    + "-\(n(radius + 1))-\(n(radius + 1))z"
            }
            guard !path.isEmpty else { continue }
            markup.empty("path", [
                ("d", path), ("fill", Palette.colour(of: ReleaseMapInput.intentsByCode[code])), ("stroke", "#000"),
                ("stroke-width", "0.8"), ("class", "divided"),
            ])
        }
        var rings = ""
        for release in releases where release.stale {
            let (x, y) = (area.x(Double(release.percent)), area.y(Double(release.velocity)))
            let r = radius + 3
            rings += "M\(n(x - r)) \(n(y))a\(n(r)) \(n(r)) 0 1 0 \(n(2 * r)) 0a\(n(r)) \(n(r)) 0 1 0-\(n(2 * r)) 0"
        }
        if !rings.isEmpty {
            markup.empty("path", [("d", rings), ("fill", "none"), ("stroke", "#7a3e00"), ("stroke-width", "1.2"), ("class", "stale")])
        }
    }

    /// The most divided traces, numbered as in their table, each with its name
    /// and every config's decision on hover. A number goes beside its ring
    /// where it overlaps no other number (up to three rings of places
    /// around it); when none is free it is left to the hover and the table.
    private func drawDividedNumbers(_ markup: inout Markup, _ area: PlotArea) {
        markup.open("g", [("class", "divided-numbers")])
        var placed: [(x: Double, y: Double, width: Double, height: Double)] = []
        func free(_ box: (x: Double, y: Double, width: Double, height: Double)) -> Bool {
            guard box.x >= area.left, box.x + box.width <= area.right, box.y >= area.top, box.y + box.height <= area.bottom
            else { return false }
            return !placed.contains { other in
                box.x < other.x + other.width + 1 && other.x < box.x + box.width + 1
                    && box.y < other.y + other.height + 1 && other.y < box.y + box.height + 1
            }
        }
        for (number, trace) in mostDivided.enumerated() {
            guard let release = trace.release else { continue }
            let (x, y) = (area.x(release.percent), area.y(release.velocity))
            let decisions = zip(configs, trace.decisions).map { "\($0.name) \($1.rawValue)" }.joined(separator: ", ")
            markup.open("g", [("data-trace", trace.name)])
            markup.element("title", [], "\(number + 1). \(trace.name), intent \(Palette.word(for: trace.intent)): \(decisions)")
            markup.empty("circle", [
                ("cx", n(x)), ("cy", n(y)), ("r", "7"), ("fill", "none"), ("stroke", "#000"), ("stroke-width", "1.5"),
            ])
            let label = String(number + 1)
            let (width, height) = (PlotArea.textWidth(label, fontSize: 11, bold: true) + 2, 14.0)
            // Box corners around the ring, nearest first: right-up, left-up, right-down, left-down, then further out.
            var spot: (x: Double, y: Double, width: Double, height: Double)?
            search: for distance in [9.0, 18, 28] {
                for (dx, dy) in [(1.0, -1.0), (-1, -1), (1, 1), (-1, 1), (0, -1.4), (0, 1.4), (1.4, 0), (-1.4, 0)] {
                    let boxX = dx > 0 ? x + distance * dx : dx < 0 ? x + distance * dx - width : x - width / 2
                    let boxY = dy < 0 ? y + distance * dy - height : dy > 0 ? y + distance * dy : y - height / 2
                    let box = (x: boxX, y: boxY, width: width, height: height)
                    if free(box) {
                        spot = box
                        break search
                    }
                }
            }
            if let spot {
                placed.append(spot)
                markup.element(
                    "text", [("x", n(spot.x + 1)), ("y", n(spot.y + 11)), ("class", "mark-label")], label)
            }
            markup.close()
        }
        markup.close()
    }

    private func renderMultiples(_ markup: inout Markup) {
        guard configs.count > 1 else { return }
        markup.element("h2", [], "Each config against config 1")
        markup.element(
            "p", [("class", "small")],
            "One small map per config: its boundary in colour, config 1's dashed grey, and the traces the configs "
                + "disagree on.")
        markup.open("div", [("class", "multiples")])
        let range = velocityRange()
        for index in configs.indices.dropFirst() {
            markup.open("figure", [("data-multiple", String(index + 1))])
            let area = PlotArea(
                id: "multiple-\(index + 1)", width: 340, height: 220, margins: (66, 10, 8, 40), x: (0, 1), y: range,
                niceX: false)
            area.open(&markup, id: "multiple-\(index + 1)", label: "config \(index + 1) against config 1")
            area.drawAxes(
                &markup, xTitle: "percent (%)", yTitle: "pt/s", xTick: { HTMLText.number($0 * 100, digits: 0) },
                xTicks: 5, yTicks: 4)
            area.openClipped(&markup, class: "marks")
            var path = ""
            for release in releases where release.divided {
                path += "M" + n(area.x(Double(release.percent))) + " " + n(area.y(Double(release.velocity))) + "h0"
            }
            if !path.isEmpty {
                markup.empty("path", [
                    ("d", path), ("stroke", "#444"), ("stroke-width", "3"), ("stroke-linecap", "round"),
                    ("stroke-opacity", "0.5"),
                ])
            }
            drawBoundary(&markup, area, 0, width: "1.5", grey: true)
            drawBoundary(&markup, area, index, width: "2.5")
            markup.close()
            markup.close()
            markup.element("figcaption", [], "\(index + 1) \(configs[index].name): differs on \(HTMLText.count(counts[index].differs))")
            markup.close()
        }
        markup.close()
    }

    private func renderDivided(_ markup: inout Markup) {
        markup.element("h2", [], "The traces the configs are most divided on")
        let divided = mostDivided
        guard !divided.isEmpty else {
            markup.element("p", [("id", "divided")], "No trace divides the configs between finish and the rest.")
            return
        }
        markup.open("table", [("id", "divided")])
        markup.open("tr")
        markup.element("th", [], "#")
        markup.element("th", [], "trace")
        markup.element("th", [], "intent")
        for index in configs.indices { markup.element("th", [], String(index + 1)) }
        markup.close()
        for (number, trace) in divided.enumerated() {
            markup.open("tr", [("data-trace", trace.name)])
            markup.element("td", [("class", "num")], trace.release == nil ? "\(number + 1) (no release)" : String(number + 1))
            markup.element("td", [], trace.name)
            markup.element("td", [], Palette.word(for: trace.intent))
            for decision in trace.decisions {
                let finish = decision == .finish
                markup.element(
                    "td", [("style", finish ? "background:#DCEBF7" : "background:#FBE3D6"), ("data-decision", decision.rawValue)],
                    decision.rawValue)
            }
            markup.close()
        }
        markup.close()
    }
}

import PanTraceCore
import PanTraceModel

/// The HTML report of `pantrace verify` (docs/commands.md §7.12, §7.8):
/// the counts, the confusion table, and the release map with each trace
/// marked by what the app did and the config's boundary (or, for sheets
/// with detents, its regions) drawn, mismatches ringed.
extension Verification {
    /// Observed words of the map without detents, by ``Release/observed`` code, with their colours.
    static let observedColours: [(word: String, colour: String)] = [
        (Decision.finish.rawValue, Palette.blue), (Decision.cancel.rawValue, Palette.vermillion),
        (Decision.none.rawValue, Palette.grey),
    ]

    /// The page, one self-contained HTML file; `origin` says where the config came from.
    public func page(origin: String, limit: Int = 20, wording: ReportWording = .plain) -> String {
        HTMLDocument.page(title: "pantrace verify: \(config.name)") { markup in
            markup.element("h1", [], "Does the simulation reproduce the app?")
            markup.element("p", [("class", "sub")], "config \(config.name) (\(origin))")
            markup.open("ul", [("class", "counts"), ("id", "counts")])
            let counts: [(key: String, value: Int, label: String, tone: String?)] = [
                ("checked", checked, "checked", nil), ("matches", matches, "match what the app did", "good"),
                ("mismatches", mismatchCount, "do not", mismatchCount > 0 ? "bad" : nil),
            ]
            for item in counts {
                markup.open("li", item.tone.map { [("class", $0)] } ?? [])
                markup.element("b", [("data-count", item.key), ("data-value", String(item.value))], HTMLText.count(item.value))
                markup.text(item.label)
                markup.close()
            }
            markup.open("li", [("data-share", share.map { JSONWriter.number($0) } ?? "null")])
            markup.element("b", [], share.map(TextFormat.percent) ?? "-")
            markup.text(
                "matched" + (interval.map { "; 95 % interval " + TextFormat.percent($0.low) + "–" + TextFormat.percent($0.high) } ?? ""))
            markup.close()
            markup.close()
            markup.element(
                "p", [("class", "small")],
                "by who reported what the app did: "
                    + ObservedSource.allCases.map { "\($0.rawValue) \(sources[$0] ?? 0)" }.joined(separator: ", "))

            markup.element("h2", [], "What the app did against what the config decides")
            confusionTable(&markup)

            markup.element("h2", [], "Release map")
            if !releases.isEmpty {
                releaseMap(&markup)
            }
            for (index, group) in sheets.largest(4).enumerated() {
                markup.element("h3", [], "Sheets " + SheetMapChart.title(of: group))
                SheetMapChart(
                    group: group, id: "verify-sheet-map-\(index + 1)", shaded: config,
                    outlines: [.init(config: config, colour: Palette.black, dash: nil, width: 1.5, key: "1")]
                ).render(&markup)
            }
            markup.open("ul", [("class", "legend")])
            if !releases.isEmpty {
                for (word, colour) in Self.observedColours { markup.legendItem(.dot(colour), "the app did \(word)") }
                markup.legendItem(.line(Palette.black, dashed: false), "where \(config.name) turns from cancel to finish")
            }
            if !sheets.isEmpty {
                markup.legendItem(.dot(Palette.grey), "sheets: each dot in the colour of where the app came to rest, "
                    + "on the regions where \(config.name) lets a release land")
            }
            markup.legendItem(.ring, "mismatch: the config ends elsewhere than the app")
            markup.close()
            if withoutRelease + sheets.withoutRelease > 0 {
                markup.element(
                    "p", [("class", "small")],
                    "\(withoutRelease + sheets.withoutRelease) checked traces have no release under \(config.name) (no transition began, or the system cancelled it): they are on no map")
            }

            markup.element("h2", [], "Mismatches")
            let sorted = mismatchesByName
            if sorted.isEmpty {
                markup.element("p", [], "No mismatch: every checked trace ends where the app ended.")
            } else {
                markup.open("table", [("id", "mismatches")])
                markup.open("tr")
                for title in ["trace", "family", "observed", "simulated", "reason", "velocity (pt/s)", "percent"] {
                    markup.element("th", [], title)
                }
                markup.close()
                for mismatch in sorted.prefix(max(0, limit)) {
                    markup.open("tr", [("data-trace", mismatch.trace)])
                    markup.element("td", [], mismatch.trace)
                    markup.element("td", [], mismatch.family ?? "-")
                    markup.element("td", [], mismatch.observed.rawValue)
                    markup.element("td", [], mismatch.simulated)
                    markup.element("td", [], mismatch.reason.rawValue)
                    markup.element("td", [("class", "num")], HTMLText.number(mismatch.velocity, digits: 1))
                    markup.element("td", [("class", "num")], HTMLText.number(mismatch.percent * 100, digits: 1) + " %")
                    markup.close()
                }
                markup.close()
                if sorted.count > limit {
                    markup.element("p", [("class", "small")], "… and \(sorted.count - limit) more (\(wording.fullReport) lists them all)")
                }
            }
        }
    }

    private func confusionTable(_ markup: inout Markup) {
        let columns = simulatedWords
        markup.open("table", [("id", "confusion")])
        markup.open("tr")
        markup.element("th", [], "the app did ↓ · the config decides →")
        for column in columns { markup.element("th", [("class", "num")], column) }
        markup.close()
        for row in observedWords {
            markup.open("tr", [("data-observed", row)])
            markup.element("th", [], row)
            for column in columns {
                let count = count(observed: row, simulated: column)
                markup.element(
                    "td",
                    [("class", "num"), ("data-simulated", column), ("data-value", String(count))]
                        + (row == column && count > 0 ? [("style", "font-weight:600")] : []),
                    String(count))
            }
            markup.close()
        }
        markup.close()
    }

    /// Percent across, velocity up, one dot per release coloured by what the app did, mismatches ringed.
    private func releaseMap(_ markup: inout Markup) {
        var low = -100.0
        var high = 100.0
        for release in releases {
            low = min(low, Double(release.velocity))
            high = max(high, Double(release.velocity))
        }
        let pad = (high - low) * 0.04
        let area = PlotArea(
            id: "verify-map", width: 1040, height: 560, margins: (78, 24, 16, 54), x: (0, 1), y: (low - pad, high + pad),
            niceX: false)
        let mismatched = releases.reduce(0) { $0 + ($1.matches ? 0 : 1) }
        area.open(
            &markup, id: "verify-map",
            label: "Release map: percent complete and release velocity of every checked trace, coloured by what the app did",
            data: [("data-releases", String(releases.count)), ("data-mismatches", String(mismatched))])
        area.drawAxes(
            &markup, xTitle: "percent complete at release (%)", yTitle: "release velocity (pt/s)",
            xTick: { HTMLText.number($0 * 100, digits: 1) }, xTicks: 10, yTicks: 8)
        area.openClipped(&markup, class: "marks")
        let margin = (area.y.upper - area.y.lower) * 0.05 + 1
        let boundary = DecisionBoundary(
            config, extent: mostCommonExtent, velocities: area.y.lower - margin, area.y.upper + margin)
        if !boundary.points.isEmpty {
            area.polyline(&markup, boundary.points, [("stroke", Palette.black), ("stroke-width", "2"), ("class", "boundary")])
        }
        for (code, (word, colour)) in Self.observedColours.enumerated() {
            var path = ""
            for release in releases where release.observed == UInt8(code) {
                path += "M" + n(area.x(Double(release.percent))) + " " + n(area.y(Double(release.velocity))) + "h0"
            }
            guard !path.isEmpty else { continue }
            markup.open("path", [
                ("d", path), ("stroke", colour), ("stroke-width", "6"), ("stroke-linecap", "round"), ("stroke-opacity", "0.7"),
                ("class", "observed"), ("data-observed", word),
            ])
            markup.element("title", [], "the app did \(word)")
            markup.close()
        }
        var rings = ""
        for release in releases where !release.matches {
            let (x, y) = (area.x(Double(release.percent)), area.y(Double(release.velocity)))
            rings += "M\(n(x - 7)) \(n(y))a7 7 0 1 0 14 0a7 7 0 1 0-14 0"
        }
        if !rings.isEmpty {
            markup.open("path", [("d", rings), ("fill", "none"), ("stroke", "#000"), ("stroke-width", "1.5"), ("class", "mismatch")])
            markup.element("title", [], "mismatch: the config ends elsewhere than the app")
            markup.close()
        }
        markup.close()
        markup.close()
    }
}

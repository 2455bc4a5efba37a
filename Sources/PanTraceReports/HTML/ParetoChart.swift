
/// Every candidate's `accidental` against its `missed`, the Pareto frontier
/// joined by a line and the best candidate ringed (docs/commands.md §7.5, §7.8).
///
/// Candidates with the same two counts share one mark (its hover says how
/// many), so a million candidates draw as at most a few thousand marks.
struct ParetoChart {
    let page: TunePage

    private struct Pair: Hashable {
        var accidental: Int
        var missed: Int
    }

    func render(_ markup: inout Markup) {
        var counts: [Pair: (candidates: Int, pareto: Bool, first: Int)] = [:]
        for (index, candidate) in page.candidates.enumerated() {
            let pair = Pair(accidental: candidate.accidental, missed: candidate.missed)
            if let known = counts[pair] {
                counts[pair] = (known.candidates + 1, known.pareto || candidate.pareto, known.first)
            } else {
                counts[pair] = (1, candidate.pareto, index)
            }
        }
        let pairs = counts.keys.sorted { ($0.accidental, $0.missed) < ($1.accidental, $1.missed) }
        let frontier = pairs.filter { counts[$0]?.pareto == true }
        let area = PlotArea(
            id: "pareto", width: 1040, height: 420, margins: (78, 24, 14, 52),
            x: (0, Double(max(pairs.map(\.accidental).max() ?? 1, 1))), y: (0, Double(max(pairs.map(\.missed).max() ?? 1, 1))))
        area.open(
            &markup, id: "pareto", label: "accidental against missed for every candidate, with the Pareto frontier",
            data: [("data-frontier", String(frontier.count))])
        area.drawAxes(
            &markup, xTitle: "accidental dismissals (intent cancel, decided finish)",
            yTitle: "missed dismissals (traces)", xTick: { HTMLText.number($0, digits: 1) },
            yTick: { HTMLText.number($0, digits: 1) }, xTicks: 8, yTicks: 6, xCounts: true, yCounts: true)
        area.polyline(
            &markup, frontier.map { (Double($0.accidental), Double($0.missed)) },
            [("stroke", Palette.orange), ("stroke-width", "2.5"), ("class", "frontier")])
        for pair in pairs {
            guard let entry = counts[pair] else { continue }
            let settings = settingsText(page.candidates[entry.first])
            markup.open("circle", [
                ("cx", n(area.x(Double(pair.accidental)))), ("cy", n(area.y(Double(pair.missed)))),
                ("r", entry.pareto ? "6" : "4"), ("fill", entry.pareto ? Palette.orange : Palette.grey),
                ("stroke", entry.pareto ? "#000" : "none"), ("fill-opacity", entry.pareto ? "1" : "0.6"),
            ])
            let more = entry.candidates > 1 ? " and \(entry.candidates - 1) more candidates" : ""
            markup.element(
                "title", [],
                "\(settings)\(more): accidental \(pair.accidental), missed \(pair.missed)"
                    + (entry.pareto ? " (Pareto frontier)" : ""))
            markup.close()
        }
        if let best = page.best, page.candidates.indices.contains(best) {
            let candidate = page.candidates[best]
            let x = area.x(Double(candidate.accidental))
            let y = area.y(Double(candidate.missed))
            markup.empty("circle", [("cx", n(x)), ("cy", n(y)), ("r", "11"), ("fill", "none"), ("stroke", "#000"), ("stroke-width", "2")])
            // The label stays inside the chart: left of the ring when it would
            // pass the right edge, below it when it would pass the top.
            let label = "best: " + settingsText(candidate)
            let width = PlotArea.textWidth(label, fontSize: 11, bold: true)
            let toLeft = x + 14 + width > area.width - 2
            let labelY = y - 10 - 11 < 2 ? y + 22 : y - 10
            markup.element(
                "text",
                [("x", n(toLeft ? max(width + 2, x - 14) : x + 14)), ("y", n(labelY)), ("class", "mark-label")]
                    + (toLeft ? [("text-anchor", "end")] : []),
                label)
        }
        markup.close()
        markup.open("ul", [("class", "legend")])
        markup.legendItem(.dot(Palette.orange), "on the Pareto frontier (no candidate has both fewer)")
        markup.legendItem(.dot(Palette.grey), "dominated candidate")
        markup.legendItem(
            .ring, "best candidate (largest floor" + (page.maxAccidental.map { " with accidental ≤ \($0)" } ?? "") + ")")
        markup.close()
    }

    func settingsText(_ candidate: TunePage.Candidate) -> String {
        zip(page.sweeps.map(\.key), candidate.values).map { "\($0)=\($1)" }.joined(separator: " ")
    }
}

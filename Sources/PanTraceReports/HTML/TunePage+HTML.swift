import PanTraceCore
import PanTraceModel

extension TunePage {
    /// The page as one self-contained HTML5 document (SPEC 7.8).
    public func html() -> String {
        let title = "pantrace tune: " + sweeps.map(\.key).joined(separator: " × ") + " on \(base)"
        return HTMLDocument.page(title: title) { markup in
            markup.element("h1", [], title)
            markup.open("ul", [("class", "counts"), ("id", "counts")])
            for (key, label, value) in [
                ("traces", "traces decided", traces), ("labelled", "with an intent", labelled),
                ("candidates", "candidates", candidates.count),
            ] {
                markup.open("li")
                markup.element("b", [("data-count", key), ("data-value", String(value))], HTMLText.count(value))
                markup.text(label)
                markup.close()
            }
            markup.close()
            renderBest(&markup)
            markup.element(
                "p", [("class", "words")],
                "agree: the decision matches the trace's intent; accidental: meant to cancel, but the screen was "
                    + "dismissed; missed: meant to dismiss, but it stayed. The best has the most agree.")
            renderSweepCharts(&markup)
            markup.element("h2", [], "Pareto frontier")
            ParetoChart(page: self).render(&markup)
            renderTable(
                &markup, id: "frontier", title: "Candidates on the frontier",
                rows: candidates.indices.filter { candidates[$0].pareto }.sorted {
                    (candidates[$0].accidental, $0) < (candidates[$1].accidental, $1)
                })
            if sweeps.count == 1, candidates.count <= 200 {
                renderTable(&markup, id: "every-candidate", title: "Every value", rows: Array(candidates.indices))
            }
        }
    }

    private func renderBest(_ markup: inout Markup) {
        markup.element("h2", [], "Best candidate")
        guard let best, candidates.indices.contains(best) else {
            markup.element(
                "p", [("id", "best"), ("data-best", "none")],
                "No candidate is within the limit" + (maxAccidental.map { " of \($0) accidental dismissals" } ?? "") + ".")
            return
        }
        let candidate = candidates[best]
        markup.open("p", [("id", "best"), ("data-best", String(best))])
        markup.text(
            ParetoChart(page: self).settingsText(candidate)
                + ": agree \(candidate.agree) of \(labelled) labelled traces, accidental \(candidate.accidental), "
                + "missed \(candidate.missed)" + (maxAccidental.map { " (at most \($0) accidental allowed)" } ?? "") + ".")
        markup.close()
        if let baseCounts {
            func change(_ name: String, _ before: Int, _ after: Int) -> String {
                let delta = after - before
                return "\(name) \(before) → \(after) (\(delta > 0 ? "+" : delta < 0 ? "−" : "±")\(abs(delta)))"
            }
            markup.element(
                "p", [("id", "against-base")],
                "Against the base config (\(base)): " + change("agree", baseCounts.agree, candidate.agree) + ", "
                    + change("accidental", baseCounts.accidental, candidate.accidental) + ", "
                    + change("missed", baseCounts.missed, candidate.missed) + ".")
        }
    }

    private func renderSweepCharts(_ markup: inout Markup) {
        switch sweeps.count {
        case 1:
            markup.element("h2", [], "agree, accidental and missed over \(sweeps[0].key)")
            TuneCurvesChart(page: self).render(&markup)
        case 2, 3:
            let agree = candidates.map(\.agree)
            let lowest = agree.min() ?? 0
            let highest = agree.max() ?? 0
            markup.element("h2", [], "agree over \(sweeps.map(\.key).joined(separator: " and "))")
            TuneHeatMap.legend(&markup, lowest: lowest, highest: highest)
            if sweeps.count == 2 {
                TuneHeatMap(
                    page: self, rowSweep: 0, columnSweep: 1, fixedValue: nil, lowest: lowest, highest: highest,
                    id: "heatmap"
                ).render(&markup)
            } else {
                // Small multiples side by side, one grid per value of the first sweep.
                markup.open("div", [("class", "multiples")])
                for (index, value) in sweeps[0].values.enumerated() {
                    markup.open("figure")
                    markup.element("figcaption", [], "\(sweeps[0].key) = \(value)")
                    TuneHeatMap(
                        page: self, rowSweep: 1, columnSweep: 2, fixedValue: value, lowest: lowest, highest: highest,
                        id: "heatmap-\(index)"
                    ).render(&markup)
                    markup.close()
                }
                markup.close()
            }
        default:
            break
        }
    }

    private func renderTable(_ markup: inout Markup, id: String, title: String, rows: [Int]) {
        markup.element("h3", [], title)
        markup.open("table", [("id", id)])
        markup.open("tr")
        for key in sweeps.map(\.key) { markup.element("th", [], key) }
        for header in ["agree", "accidental", "missed", "finish", "cancel", "none"] {
            markup.element("th", [("class", "num")], header)
        }
        markup.close()
        for index in rows {
            let candidate = candidates[index]
            markup.open("tr", [("data-candidate", String(index))] + (index == best ? [("class", "best")] : []))
            for value in candidate.values { markup.element("td", [], value) }
            for (key, value) in [
                ("agree", candidate.agree), ("accidental", candidate.accidental), ("missed", candidate.missed),
                ("finish", candidate.finish), ("cancel", candidate.cancel), ("none", candidate.none),
            ] {
                markup.element("td", [("class", "num"), ("data-\(key)", String(value))], String(value))
            }
            markup.close()
        }
        markup.close()
    }
}

import PanTraceCore
import PanTraceModel

extension TunePage {
    /// The page as one self-contained HTML5 document (docs/commands.md §7.8).
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
            if let baseOrigin {
                markup.element("p", [("id", "base-origin")], "Base config: \(base), \(baseOrigin).")
            }
            renderEvidence(&markup)
            renderBest(&markup)
            renderIntervals(&markup)
            markup.element(
                "p", [("class", "words")],
                "agree: the decision matches the trace's intent; accidental: meant to cancel, but the screen was "
                    + "dismissed; missed: meant to dismiss, but it stayed; wrongDetent: a sheet that stayed, resting at another "
                    + "detent than meant (agree, accidental, missed and wrongDetent add up to the labelled traces). floor: the fewest agree among a candidate "
                    + "and its neighbours one step away in each FROM:TO:STEP sweep. The best has the largest floor "
                    + "(then the most agree), so that a value whose neighbours lose never wins by a few gestures.")
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

    private func renderEvidence(_ markup: inout Markup) {
        guard let evidence else { return }
        let counts = IntentSource.allCases.map { "\(evidence.count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
        markup.element("p", [("id", "evidence")], "Evidence: \(evidence.labelled) labelled traces: \(counts).")
        if let warning = evidence.warning {
            markup.element("p", [("id", "evidence-warning"), ("class", "warning")], "Warning: " + warning)
        }
    }

    /// docs/tune.md "How sure": the intervals as a table of bands on one scale, and the verdict.
    private func renderIntervals(_ markup: inout Markup) {
        guard let intervals, best != nil else { return }
        markup.element("h2", [], "How sure")
        markup.element(
            "p", [("id", "verdict"), ("data-verdict", intervals.verdict.rawValue)],
            intervals.verdict == .better
                ? "Verdict: better. In 95 % of \(TuningIntervals.resamples) bootstrap resamples of the \(intervals.labelled) "
                    + "labelled traces the best agrees with \(intervals.gain.agree.lowerBound) to "
                    + "\(intervals.gain.agree.upperBound) more of them than the base."
                : "Verdict: uncertain. With \(intervals.labelled) labelled traces no candidate is reliably better than the "
                    + "base: the gain in agree is \(intervals.gain.agree.lowerBound) to \(intervals.gain.agree.upperBound) "
                    + "(95 % bootstrap interval, \(TuningIntervals.resamples) resamples).")
        let rows: [(String, TuningIntervals.Counts)] = [("base", intervals.base), ("best", intervals.best), ("gain", intervals.gain)]
        let bounds = rows.flatMap { row in
            Agreement.allCases.map { row.1[agreement: $0] }.flatMap { [$0.lowerBound, $0.upperBound] }
        }
        let low = Double(min(0, bounds.min() ?? 0))
        let high = Double(max(1, bounds.max() ?? 1))
        markup.open("table", [("id", "intervals")])
        markup.open("tr")
        markup.element("th", [], "")
        for agreement in Agreement.allCases { markup.element("th", [], agreement.word + " (95 %)") }
        markup.close()
        for (name, counts) in rows {
            markup.open("tr", [("data-row", name)])
            markup.element("th", [], name)
            for (key, range) in Agreement.allCases.map({ ($0.word, counts[agreement: $0]) }) {
                markup.open("td", [("data-\(key)", "\(range.lowerBound) \(range.upperBound)")])
                markup.text("\(range.lowerBound) to \(range.upperBound) ")
                // A band on one scale for every cell, with 0 marked.
                let width = 160.0
                func x(_ value: Int) -> Double { (Double(value) - low) / (high - low) * width }
                markup.open("svg", [("width", "160"), ("height", "12"), ("viewBox", "0 0 160 12"), ("role", "img"),
                    ("aria-label", "\(name) \(key) from \(range.lowerBound) to \(range.upperBound)")])
                markup.empty("rect", [("x", n(x(range.lowerBound))), ("y", "2"), ("width", n(max(1.5, x(range.upperBound) - x(range.lowerBound)))),
                    ("height", "8"), ("fill", Palette.skyBlue)])
                markup.empty("line", [("x1", n(x(0))), ("y1", "0"), ("x2", n(x(0))), ("y2", "12"), ("stroke", "#000")])
                markup.close()
                markup.close()
            }
            markup.close()
        }
        markup.close()
    }

    private func renderBest(_ markup: inout Markup) {
        markup.element("h2", [], "Best candidate")
        if labelled == 0 {
            // docs/tune.md "Evidence": the evidence filter left no label to learn from.
            markup.element(
                "p", [("id", "best"), ("data-best", "none")],
                "Nothing to learn from: no trace has an intent from the sources asked for (\(wording.evidence)), so there is no best.")
            return
        }
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
                + "missed \(candidate.missed), wrongDetent \(candidate.wrongDetent)" + (maxAccidental.map { " (at most \($0) accidental allowed)" } ?? "") + ".")
        markup.close()
        for (index, note) in bestNotes.enumerated() {
            markup.element("p", [("class", "best-note"), ("id", "best-note-\(index + 1)")], note)
        }
        if let baseCounts {
            func change(_ name: String, _ before: Int, _ after: Int) -> String {
                let delta = after - before
                return "\(name) \(before) → \(after) (\(delta > 0 ? "+" : delta < 0 ? "−" : "±")\(abs(delta)))"
            }
            markup.element(
                "p", [("id", "against-base")],
                "Against the base config (\(base)): "
                    + Agreement.allCases.map { change($0.word, baseCounts[agreement: $0], candidate.counts[agreement: $0]) }
                    .joined(separator: ", ") + ".")
        }
        if let stale {
            var text = "Stale velocities: base \(stale.base), best \(stale.best)."
            if stale.base + stale.best > 0 { text += " " + RunComparison.staleExplanation }
            markup.element("p", [("id", "stale"), ("data-base", String(stale.base)), ("data-best", String(stale.best))], text)
        }
    }

    private func renderSweepCharts(_ markup: inout Markup) {
        switch sweeps.count {
        case 1:
            markup.element("h2", [], "agree, accidental, missed and wrongDetent over \(sweeps[0].key)")
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
        // agree, its floor, the ways to disagree, then the decisions.
        let columns = [TuningCounts.Column.agreement(.agree)] + TuningCounts.Column.agreements(withDetents: true).dropFirst()
            + TuningCounts.Column.decisions
        for header in [columns[0].word, "floor"] + columns.dropFirst().map(\.word) {
            markup.element("th", [("class", "num")], header)
        }
        markup.close()
        for index in rows {
            let candidate = candidates[index]
            markup.open("tr", [("data-candidate", String(index))] + (index == best ? [("class", "best")] : []))
            for value in candidate.values { markup.element("td", [], value) }
            let cells = columns.map { ($0.word, candidate.counts[column: $0]) }
            for (key, value) in [cells[0], ("floor", candidate.floor)] + cells.dropFirst() {
                markup.element("td", [("class", "num"), ("data-\(key)", String(value))], String(value))
            }
            markup.close()
        }
        markup.close()
    }
}

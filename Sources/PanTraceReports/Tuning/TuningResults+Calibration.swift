import PanTraceCore
import PanTraceModel

extension TuningResults {
    /// The text report of a tune against what the app did (docs/tune.md
    /// "Against what the app did"): the base, the observed traces by who
    /// reported them, the best by the floor of `matches`, the base against
    /// it with the bootstrap intervals and the verdict, and the candidates
    /// with `matches`, their floor and `mismatches`. No Pareto frontier.
    func calibrationReport(
        comparison: TuningComparison?, intervals: TuningIntervals?, context: TuningContext?, limit: Int,
        style: TextStyle, wording: ReportWording
    ) -> String {
        var lines: [String] = []
        let origin = context.map { "   (\(TerminalText.escaped($0.origin)))" } ?? ""
        lines.append("base        \(TerminalText.escaped(grid.base.name))\(origin)")
        let searched = grid.sweeps.map { "\($0.key) \(Self.describe($0.values))" }.joined(separator: " × ")
        lines.append("candidates  \(count): \(searched)")
        lines.append("against     what the app did: \(traces) traces, \(labelled) with an observed outcome")
        if let observed = context?.observed {
            let counts = ObservedSource.allCases.map { "\(observed.count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
            lines.append("evidence    \(observed.observed) observed: \(counts)")
            if let warning = observed.warning { lines.append(style.bad("warning     ") + warning) }
        }
        lines.append("")
        let best = best()
        if let best {
            let why =
                grid.sweeps.contains(where: \.isRange)
                ? "largest floor: its matches and its neighbours' all at least \(floor(at: best))"
                : "most matches"
            lines.append("best        \(settingsText(best))   (\(why))")
            if best == grid.baseIndex {
                lines.append(
                    style.good("            no change recommended") + ": no candidate reproduces the app better than the base's own settings")
            }
            lines.append(contentsOf: edgeSentences(at: best).map { style.bad("            ") + $0 })
            let bestCounts = counts(at: best)
            var rows = [["best", String(bestCounts.agree), String(labelled - bestCounts.agree)]]
            if let comparison {
                let base = comparison.baseCounts.agree
                rows.insert(["base", String(base), String(labelled - base)], at: 0)
                rows.append(["change", Self.signed(bestCounts.agree - base), Self.signed(base - bestCounts.agree)])
            }
            lines.append(
                contentsOf: TextTable(header: ["", "matches", "mismatches"], rows: rows, rightAligned: [1, 2]).lines()
                    .map { "  " + $0 })
            if let comparison {
                let moved = [
                    ("now match the app", comparison.nowAgree), ("no longer match the app", comparison.newlyMissed),
                    ("other decisions that move", comparison.otherMoves),
                ]
                for (title, movers) in moved where movers.count > 0 {
                    let rest = movers.count > movers.names.count ? ", … \(movers.count - movers.names.count) more" : ""
                    lines.append(
                        "  \(title): \(movers.count)  " + movers.names.map(TerminalText.escaped).joined(separator: ", ") + rest)
                }
            }
            if let intervals {
                func range(_ range: ClosedRange<Int>, signed: Bool = false) -> String {
                    let text = signed ? Self.signed : { String($0) }
                    return "\(text(range.lowerBound)) to \(text(range.upperBound))"
                }
                lines.append(
                    "  95 % intervals of matches (\(Self.grouped(TuningIntervals.resamples)) bootstrap resamples of the "
                        + "\(intervals.labelled) observed traces): base \(range(intervals.base.agree)), best "
                        + "\(range(intervals.best.agree)), gain \(range(intervals.gain.agree, signed: true))")
                switch intervals.verdict {
                case .better:
                    lines.append(
                        style.good("verdict     better")
                            + ": the best matches the app on \(range(intervals.gain.agree)) more traces than the base in 95 % of resamples")
                case .uncertain:
                    lines.append(
                        style.bad("verdict     uncertain")
                            + ": with \(intervals.labelled) observed traces no candidate reproduces the app reliably better than the base")
                }
            }
        } else {
            lines.append(style.bad("best        none"))
        }
        lines.append("")
        lines.append(contentsOf: candidateLines(best: best, limit: limit, wording: wording))
        return lines.joined(separator: "\n") + "\n"
    }
}

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
        lines.append(contentsOf: calibrationCandidateLines(best: best, limit: limit, wording: wording))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The candidate table against what the app did: matches, floor, mismatches.
    private func calibrationCandidateLines(best: Int?, limit: Int, wording: ReportWording) -> [String] {
        let selection = textRows(best: best, limit: limit)
        let base = grid.baseIndex
        let single = grid.sweeps.count == 1
        let matches = selection.rows.map { counts(at: $0.first).agree }
        let low = matches.min() ?? 0
        let high = matches.max() ?? 0
        var header = grid.sweeps.map(\.key) + ["matches"]
        if single { header.append("") }
        header += ["floor", "mismatches", ""]
        let rows = selection.rows.map { row -> [String] in
            let counts = counts(at: row.first)
            var cells = zip(grid.sweeps, grid.digits(of: row.first)).map { sweep, digit in
                row.inert.contains(sweep.key) ? "any" : sweep.values[digit]
            }
            cells.append(String(counts.agree))
            if single { cells.append(Self.bar(counts.agree, low: low, high: high, width: 16)) }
            cells += [String(floor(at: row.first)), String(labelled - counts.agree)]
            var marks: [String] = []
            if let base, rowContains(row, base) { marks.append("base") }
            if let best, rowContains(row, best) { marks.append("◀ best") }
            if !row.inert.isEmpty {
                marks.append("\(row.members) alike: \(row.inert.joined(separator: ", ")) not read by this rule")
            }
            cells.append(marks.joined(separator: " "))
            return cells
        }
        let firstNumber = grid.sweeps.count
        let numeric = Set(firstNumber..<(header.count - 1)).subtracting(single ? [firstNumber + 1] : [])
            .union(grid.sweeps.indices.filter { grid.sweeps[$0].isRange })
        var lines = [
            "candidates (matches: traces whose result ends where the app ended; floor: the fewest matches among the "
                + "candidate and its neighbours one step away)"
        ]
        lines.append(contentsOf: TextTable(header: header, rows: rows, rightAligned: numeric).lines().map { "  " + $0 })
        if selection.leftOutRows > 0 {
            lines.append(
                "  … \(selection.leftOutRows) more rows left out (\(selection.leftOutCandidates) candidates); "
                    + "\(wording.fullReport) lists every candidate")
        }
        return lines
    }
}

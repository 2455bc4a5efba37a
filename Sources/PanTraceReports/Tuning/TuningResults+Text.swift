import PanTraceCore
import PanTraceModel
extension TuningResults {
    /// The human report of `tune` (docs/tune.md "tune"): what was
    /// searched, the evidence by source (and the warning when it is all the
    /// generator's), the best candidate against the base config with their
    /// 95 % intervals and the verdict in words, then the candidates.
    ///
    /// `comparison` (a second pass over the traces, `TuningComparison`)
    /// adds the base config's counts and the names of the traces that move;
    /// `intervals` the bootstrap intervals and the verdict; `evidence` the
    /// counts by source. The candidate table has at most `limit` rows after
    /// merging candidates that differ only in inert keys, and says how many
    /// it left out. `wording` names the evidence filter and what lists every
    /// candidate.
    public func textReport(
        maxAccidental: Int? = nil, comparison: TuningComparison? = nil, evidence: TuningEvidence? = nil,
        intervals: TuningIntervals? = nil, context: TuningContext? = nil, limit: Int = Self.textRowLimit,
        style: TextStyle = .plain, wording: ReportWording = .plain
    ) -> String {
        if grid.objective == .observed {
            return calibrationReport(comparison: comparison, intervals: intervals, context: context, limit: limit, style: style, wording: wording)
        }
        var lines: [String] = []
        let origin = context.map { "   (\(TerminalText.escaped($0.origin)))" } ?? ""
        lines.append("base        \(TerminalText.escaped(grid.base.name))\(origin)")
        if let context, !context.baselineDifferences.isEmpty {
            // docs/commands.md §7.2: what the base changes of the config the traces were recorded under.
            let settings = context.baselineDifferences.map { "\($0.key) \(TerminalText.escaped($0.old)) → \(TerminalText.escaped($0.new))" }
            lines.append("            differs from the baseline run's config: " + settings.joined(separator: ", "))
        }
        let searched = grid.sweeps.map { "\($0.key) \(Self.describe($0.values))" }.joined(separator: " × ")
        lines.append("candidates  \(count): \(searched)")
        lines.append("traces      \(traces), \(labelled) with an intent")
        if let evidence {
            lines.append(contentsOf: evidenceLines(evidence, style: style, wording: wording))
            if let people = context?.bestWithPeople {
                lines.append("            " + peopleBestText(people, maxAccidental: maxAccidental, wording: wording))
            }
            if labelled == 0 {
                lines.append("")
                lines.append(
                    "nothing to learn from: no selected trace has an intent from \(evidence.sourcesText) "
                        + "(\(wording.evidence)), so there is no best candidate")
                return lines.joined(separator: "\n") + "\n"
            }
        }
        lines.append("")
        let best = best(maxAccidental: maxAccidental)
        lines.append(contentsOf: bestLines(best, maxAccidental: maxAccidental, comparison: comparison, style: style))
        if let comparison, best != nil {
            lines.append(contentsOf: moverLines(comparison, style: style))
        }
        if let intervals, best != nil {
            lines.append(contentsOf: intervalLines(intervals, style: style))
        }
        lines.append("")
        lines.append(contentsOf: candidateLines(best: best, limit: limit, wording: wording))
        return lines.joined(separator: "\n") + "\n"
    }

    private func evidenceLines(_ evidence: TuningEvidence, style: TextStyle, wording: ReportWording) -> [String] {
        let counts = IntentSource.allCases.map { "\(evidence.count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
        var lines = ["evidence    \(evidence.labelled) labelled: \(counts)"]
        if evidence.leftOut > 0 {
            lines.append("            \(evidence.leftOut) more labelled traces left out by \(wording.evidence) \(evidence.sourcesText)")
        }
        if let warning = evidence.warning {
            lines.append(style.bad("warning     ") + warning)
        }
        return lines
    }

    private func bestLines(
        _ best: Int?, maxAccidental: Int?, comparison: TuningComparison?, style: TextStyle
    ) -> [String] {
        let limitText = maxAccidental.map { " with at most \($0) accidental" } ?? ""
        guard let best else {
            let fewest = (0..<count).map { counts(at: $0).accidental }.min() ?? 0
            return [style.bad("best        none: no candidate\(limitText) (the fewest accidental is \(fewest))")]
        }
        let why =
            grid.sweeps.contains(where: \.isRange)
            ? "largest floor\(limitText): its agree and its neighbours' all at least \(floor(at: best))"
            : "most agree\(limitText)"
        var lines = ["best        \(settingsText(best))   (\(why))"]
        if best == grid.baseIndex {
            lines.append(
                style.good("            no change recommended") + ": no candidate does better than the base's own settings")
        }
        lines.append(contentsOf: edgeSentences(at: best).map { style.bad("            ") + $0 })
        let agreements = Agreement.counted(withDetents: grid.withDetents)
        let header = [""] + agreements.map(\.word)
        func row(_ title: String, _ counts: TuningCounts) -> [String] {
            [title] + agreements.map { String(counts[agreement: $0]) }
        }
        var rows: [[String]] = []
        let bestCounts = counts(at: best)
        if let comparison {
            let base = comparison.baseCounts
            rows.append(row("base", base))
            rows.append(row("best", bestCounts))
            rows.append(["change"] + agreements.map { Self.signed(bestCounts[agreement: $0] - base[agreement: $0]) })
        } else {
            rows.append(row("best", bestCounts))
        }
        lines.append(
            contentsOf: TextTable(header: header, rows: rows, rightAligned: Set(1..<header.count)).lines().map { "  " + $0 })
        if let comparison, !comparison.startDetents.isEmpty {
            lines.append(contentsOf: startDetentLines(comparison.startDetents))
        }
        return lines
    }

    /// docs/tune.md "Sheets with detents": per start detent, how many of its
    /// labelled traces the best leaves where they were meant, and the base.
    private func startDetentLines(_ starts: [TuningComparison.StartDetent]) -> [String] {
        var lines = ["  where the gestures land, by start detent (those with an intent that rest where meant):"]
        let rows = starts.map { start -> [String] in
            [
                TerminalText.escaped(start.detent), "\(start.bestAgree) of \(start.labelled)",
                "\(start.baseAgree) of \(start.labelled)",
            ]
        }
        lines.append(
            contentsOf: TextTable(header: ["from", "best", "base"], rows: rows, rightAligned: [1, 2]).lines().map { "  " + $0 })
        return lines
    }

    private func intervalLines(_ intervals: TuningIntervals, style: TextStyle) -> [String] {
        func range(_ range: ClosedRange<Int>, signed: Bool = false) -> String {
            let text = signed ? Self.signed : { String($0) }
            return "\(text(range.lowerBound)) to \(text(range.upperBound))"
        }
        let agreements = Agreement.counted(withDetents: grid.withDetents)
        func row(_ title: String, _ counts: TuningIntervals.Counts, signed: Bool = false) -> [String] {
            [title] + agreements.map { range(counts[agreement: $0], signed: signed) }
        }
        let rows: [[String]] = [
            row("base", intervals.base), row("best", intervals.best), row("gain", intervals.gain, signed: true),
        ]
        let header = [""] + agreements.map(\.word)
        var lines = [
            "  95 % intervals (\(Self.grouped(TuningIntervals.resamples)) bootstrap resamples of the \(intervals.labelled) labelled traces):"
        ]
        lines.append(
            contentsOf: TextTable(header: header, rows: rows, rightAligned: Set(1..<header.count)).lines().map { "  " + $0 })
        let gain = intervals.gain.agree
        switch intervals.verdict {
        case .better:
            lines.append(
                style.good("verdict     better")
                    + ": the best agrees with \(range(gain)) more of them than the base in 95 % of resamples")
        case .uncertain:
            lines.append(
                style.bad("verdict     uncertain")
                    + ": with \(intervals.labelled) labelled traces no candidate is reliably better than the base "
                    + "(the gain in agree is \(range(gain, signed: true)))")
        }
        return lines
    }

    private func moverLines(_ comparison: TuningComparison, style: TextStyle) -> [String] {
        var lines: [String] = []
        func names(_ title: String, _ movers: TuningComparison.Movers, _ paint: (String) -> String) {
            guard movers.count > 0 else { return }
            let rest = movers.count > movers.names.count ? ", … \(movers.count - movers.names.count) more" : ""
            lines.append(
                "  " + paint("\(title): \(movers.count)") + "  " + movers.names.map(TerminalText.escaped).joined(separator: ", ")
                    + rest)
        }
        names("now agree with intent", comparison.nowAgree, style.good)
        names("new accidental dismissals (intent cancel, now finish)", comparison.newAccidental, style.bad)
        names("newly missed dismissals (intent finish, now cancel or none)", comparison.newlyMissed, style.bad)
        names("new wrong detents (not dismissed, now resting at another detent than meant)", comparison.newWrongDetent, style.bad)
        names("other decisions that move", comparison.otherMoves, { $0 })
        if comparison.nowAgree.count + comparison.newAccidental.count + comparison.newlyMissed.count
            + comparison.newWrongDetent.count + comparison.otherMoves.count == 0
        {
            lines.append("  no decision moves: the base config decides every trace the same way")
        }
        // docs/model.md §4.6: decisions made by a movement that had already ended.
        lines.append("  stale velocities: base \(comparison.baseStale), best \(comparison.bestStale)")
        if comparison.baseStale + comparison.bestStale > 0 { lines.append("  " + RunComparison.staleExplanation) }
        return lines
    }

    /// `the best lies at the first value of the sweep threshold (0.2): widen
    /// the sweep below it`, one per `FROM:TO:STEP` sweep at whose end `index` lies.
    public func edgeSentences(at index: Int) -> [String] {
        sweepEnds(at: index).map { end in
            let value = end.atStart ? end.sweep.values[0] : end.sweep.values[end.sweep.values.count - 1]
            let side = end.atStart ? "below" : "above"
            return "the best lies at the edge of the sweep \(end.sweep.key) (\(value), its \(end.atStart ? "first" : "last") "
                + "value), with neighbours on one side only: widen the sweep \(side) it to see whether the best goes on"
        }
    }

    /// `with the evidence filter person,inferred (12 labelled traces) the best is threshold=0.3`
    /// (``ReportWording/evidence`` names the filter).
    func peopleBestText(_ people: TuningContext.PeopleBest, maxAccidental: Int?, wording: ReportWording) -> String {
        let head = "with \(wording.evidence) person,inferred (\(people.labelled) labelled traces) the best "
        guard let best = people.best else { return head + "is none: no candidate is within the limit" }
        let ownBest = self.best(maxAccidental: maxAccidental)
        let same = ownBest == best ? " (the same)" : ownBest.map { " instead of \(settingsText($0))" } ?? ""
        return head + "is \(settingsText(best))\(same)"
    }

    /// The candidate table: at most `limit` rows after merging, in candidate
    /// order. Against intents: agree, floor, accidental, missed (wrongDetent
    /// with sheets) and the Pareto frontier; against what the app did
    /// (`grid.objective`): matches, floor and mismatches.
    func candidateLines(best: Int?, limit: Int, wording: ReportWording) -> [String] {
        let selection = textRows(best: best, limit: limit)
        let base = grid.baseIndex
        let single = grid.sweeps.count == 1
        let observed = grid.objective == .observed
        let agrees = selection.rows.map { counts(at: $0.first).agree }
        // Bars from zero to the labelled traces: 20 against 19 of 32 must look nearly alike.
        let low = 0
        let high = max(labelled, agrees.max() ?? 0)
        // agree, its bar, floor, then the other agreements (the ways to disagree).
        let disagreements = observed ? [] : Array(Agreement.counted(withDetents: grid.withDetents).dropFirst())
        var header = grid.sweeps.map(\.key) + [observed ? "matches" : Agreement.agree.word]
        if single { header.append("") }
        header += ["floor"] + (observed ? ["mismatches"] : disagreements.map(\.word))
        header.append("")
        let firstNumber = grid.sweeps.count
        let rows = selection.rows.map { row -> [String] in
            let counts = counts(at: row.first)
            var cells = zip(grid.sweeps, grid.digits(of: row.first)).map { sweep, digit in
                row.inert.contains(sweep.key) ? "any" : sweep.values[digit]
            }
            cells.append(String(counts.agree))
            if single { cells.append(Self.bar(counts.agree, low: low, high: high, width: 16)) }
            cells.append(String(floor(at: row.first)))
            cells += observed ? [String(labelled - counts.agree)] : disagreements.map { String(counts[agreement: $0]) }
            var marks: [String] = []
            if !observed, isPareto(row.first) { marks.append("pareto") }
            if let base, rowContains(row, base) { marks.append("base") }
            if let best, rowContains(row, best) { marks.append("◀ best") }
            if !row.inert.isEmpty {
                marks.append("\(row.members) alike: \(row.inert.joined(separator: ", ")) not read by this rule")
            }
            cells.append(marks.joined(separator: " "))
            return cells
        }
        let numeric = Set(firstNumber..<(header.count - 1)).subtracting(single ? [firstNumber + 1] : [])
            .union(grid.sweeps.indices.filter { grid.sweeps[$0].isRange })
        var lines = [
            observed
                ? "candidates (matches: traces whose result ends where the app ended; floor: the fewest matches among the "
                    + "candidate and its neighbours one step away)"
                : "candidates (agree: traces that agree with their intent; floor: the fewest agree among the candidate and its "
                    + "neighbours one step away; pareto: no candidate has fewer accidental and fewer missed)"
        ]
        lines.append(contentsOf: TextTable(header: header, rows: rows, rightAligned: numeric).lines().map { "  " + $0 })
        if selection.leftOutRows > 0 {
            lines.append(
                "  … \(selection.leftOutRows) more rows left out (\(selection.leftOutCandidates) candidates); "
                    + "\(wording.fullReport) lists every candidate")
        }
        return lines
    }

    /// True when candidate `index` is one of the candidates `row` merges.
    func rowContains(_ row: TuningRow, _ index: Int) -> Bool {
        if index == row.first { return true }
        guard row.members > 1, index > row.first else { return false }
        let a = grid.digits(of: row.first)
        let b = grid.digits(of: index)
        return zip(grid.sweeps, zip(a, b)).allSatisfy { sweep, pair in pair.0 == pair.1 || row.inert.contains(sweep.key) }
    }

    /// Candidate `index`'s settings as `key=value` overrides: `threshold=0.3 flickVelocity=600`.
    public func settingsText(_ index: Int) -> String {
        grid.settings(at: index).map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// `0.2, 0.3, 0.4` or `0.05, 0.06, …, 0.95 (91 values)`.
    static func describe(_ values: [String]) -> String {
        guard values.count > 5 else { return values.joined(separator: ", ") }
        return "\(values[0]), \(values[1]), …, \(values[values.count - 1]) (\(values.count) values)"
    }

    static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }

    /// `1,000`: thousands grouped with commas, as the docs write counts.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// A bar of eighths: `value` between `low` (empty) and `high` (`width` full cells).
    static func bar(_ value: Int, low: Int, high: Int, width: Int) -> String {
        let eighths = high > low ? (value - low) * width * 8 / (high - low) : width * 8
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }
}

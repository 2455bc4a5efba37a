extension TuningResults {
    /// The human report of `tune`: what was searched, the best candidate and
    /// how it compares with the base config, the Pareto frontier of
    /// accidental vs missed, and for a single sweep every value with a bar
    /// of agreement.
    ///
    /// `comparison` (a second pass over the traces, ``TuningComparison``)
    /// adds the base config's counts and the names of the traces that move;
    /// without it the best candidate's counts are shown alone. The frontier
    /// table is cut after `limit` rows.
    public func textReport(
        maxAccidental: Int? = nil, comparison: TuningComparison? = nil, limit: Int = 20, style: TextStyle = .plain
    ) -> String {
        var lines: [String] = []
        lines.append("base        \(TerminalText.escaped(grid.base.name))")
        let searched = grid.sweeps.map { "\($0.key) \(Self.describe($0.values))" }.joined(separator: " × ")
        lines.append("candidates  \(count): \(searched)")
        lines.append("traces      \(traces), \(labelled) with an intent")
        lines.append("")
        lines.append(contentsOf: bestLines(maxAccidental: maxAccidental, comparison: comparison, style: style))
        lines.append("")
        if grid.sweeps.count == 1 {
            // One sweep: the frontier is marked in the table of every value.
            lines.append("Pareto frontier (no candidate has fewer accidental and fewer missed): \(paretoIndexes.count), marked below")
            lines.append(contentsOf: sweepLines(best: best(maxAccidental: maxAccidental)))
        } else {
            lines.append(contentsOf: frontierLines(limit: limit, best: best(maxAccidental: maxAccidental)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func bestLines(maxAccidental: Int?, comparison: TuningComparison?, style: TextStyle) -> [String] {
        let limitText = maxAccidental.map { " with at most \($0) accidental" } ?? ""
        guard let best = best(maxAccidental: maxAccidental) else {
            let fewest = (0..<count).map { counts(at: $0).accidental }.min() ?? 0
            return [style.bad("best        none: no candidate\(limitText) (the fewest accidental is \(fewest))")]
        }
        var lines = ["best        \(settingsText(best))   (most agree\(limitText))"]
        let header = ["", "agree", "accidental", "missed"]
        var rows: [[String]] = []
        let bestCounts = counts(at: best)
        if let comparison {
            let base = comparison.baseCounts
            rows.append(["base", String(base.agree), String(base.accidental), String(base.missed)])
            rows.append(["best", String(bestCounts.agree), String(bestCounts.accidental), String(bestCounts.missed)])
            rows.append([
                "change", Self.signed(bestCounts.agree - base.agree), Self.signed(bestCounts.accidental - base.accidental),
                Self.signed(bestCounts.missed - base.missed),
            ])
        } else {
            rows.append(["best", String(bestCounts.agree), String(bestCounts.accidental), String(bestCounts.missed)])
        }
        lines.append(contentsOf: TextFormat.table(header, rows, numeric: [1, 2, 3]).map { "  " + $0 })
        if let comparison {
            func names(_ title: String, _ movers: TuningComparison.Movers, _ paint: (String) -> String) {
                guard movers.count > 0 else { return }
                let rest = movers.count > movers.names.count ? ", … \(movers.count - movers.names.count) more" : ""
                lines.append("  " + paint("\(title): \(movers.count)") + "  " + movers.names.map(TerminalText.escaped).joined(separator: ", ") + rest)
            }
            names("now agree with intent", comparison.nowAgree, style.good)
            names("new accidental dismissals (intent cancel, now finish)", comparison.newAccidental, style.bad)
            names("newly missed dismissals (intent finish, now cancel or none)", comparison.newlyMissed, style.bad)
            names("other decisions that move", comparison.otherMoves, { $0 })
            if comparison.nowAgree.count + comparison.newAccidental.count + comparison.newlyMissed.count
                + comparison.otherMoves.count == 0
            {
                lines.append("  no decision moves: the base config decides every trace the same way")
            }
            // docs/model.md §4.6: decisions made by a movement that had already ended.
            lines.append("  stale velocities: base \(comparison.baseStale), best \(comparison.bestStale)")
            if comparison.baseStale + comparison.bestStale > 0 { lines.append("  " + RunComparison.staleExplanation) }
        }
        return lines
    }

    private func frontierLines(limit: Int, best: Int?) -> [String] {
        let frontier = paretoIndexes
        var lines = ["Pareto frontier (no candidate has fewer accidental and fewer missed): \(frontier.count)"]
        let header = grid.sweeps.map(\.key) + ["agree", "accidental", "missed", ""]
        let firstCount = grid.sweeps.count
        let rows = frontier.prefix(max(0, limit)).map { index in
            let counts = counts(at: index)
            return grid.settings(at: index).map(\.value)
                + [String(counts.agree), String(counts.accidental), String(counts.missed), index == best ? "◀ best" : ""]
        }
        lines.append(contentsOf: TextFormat.table(header, rows, numeric: Set(firstCount..<(firstCount + 3))).map { "  " + $0 })
        if frontier.count > limit { lines.append("  … and \(frontier.count - limit) more (--format json lists every candidate)") }
        return lines
    }

    /// Every value of the only sweep, with a bar of `agree` scaled from the
    /// least to the most agreement among the values.
    private func sweepLines(best: Int?) -> [String] {
        let agrees = (0..<count).map { counts(at: $0).agree }
        let low = agrees.min() ?? 0
        let high = agrees.max() ?? 0
        let header = [grid.sweeps[0].key, "agree", "", "accidental", "missed", ""]
        let rows = (0..<count).map { index in
            let counts = counts(at: index)
            var marks = isPareto(index) ? "pareto" : ""
            if index == best { marks += marks.isEmpty ? "◀ best" : " ◀ best" }
            return [
                grid.sweeps[0].values[index], String(counts.agree), Self.bar(counts.agree, low: low, high: high, width: 24),
                String(counts.accidental), String(counts.missed), marks,
            ]
        }
        return ["agree by \(grid.sweeps[0].key) (bar from \(low) to \(high) agree):"]
            + TextFormat.table(header, rows, numeric: [0, 1, 3, 4]).map { "  " + $0 }
    }

    /// `threshold=0.3 flickVelocity=600`, as `--set` takes them.
    func settingsText(_ index: Int) -> String {
        grid.settings(at: index).map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// `0.2, 0.3, 0.4` or `0.05, 0.06, …, 0.95 (91 values)`.
    static func describe(_ values: [String]) -> String {
        guard values.count > 5 else { return values.joined(separator: ", ") }
        return "\(values[0]), \(values[1]), …, \(values[values.count - 1]) (\(values.count) values)"
    }

    static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }

    /// A bar of eighths: `value` between `low` (empty) and `high` (`width` full cells).
    static func bar(_ value: Int, low: Int, high: Int, width: Int) -> String {
        let eighths = high > low ? (value - low) * width * 8 / (high - low) : width * 8
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }
}

import PanTraceCore

extension RunComparison {
    /// The human report of `replay` and `regress`: the configs, any
    /// `warnings`, totals, changes grouped by transition, what they mean for
    /// intent, a table of the changed traces and one of the traces whose
    /// reason changed with the same decision, each cut after `limit` rows with
    /// a count of the rest (`limit` 0: the counts alone, no table and no names).
    ///
    /// Every name (configs, traces, families) is printed through
    /// ``TerminalText/escaped(_:)``: a control character in a name shows as
    /// an escape and cannot start a line or recolour the terminal.
    ///
    /// A judged `regress` passes its ``RegressionJudgement``: the
    /// regressions are then those the allow list did not accept, and the
    /// report ends with the allow list and the verdict, in the words of
    /// every other report of the run. `wording` names what lists the rows a
    /// table leaves out.
    public func textReport(
        limit: Int = 50, style: TextStyle = .plain, judgement: RegressionJudgement? = nil, wording: ReportWording = .plain
    ) -> String {
        var lines: [String] = []
        // Names come from the input: escaped, so that none can forge a row (docs/safety.md).
        lines.append("baseline   run \(baseline.run)  \(TerminalText.escaped(baseline.config))")
        lines.append("candidate  run \(candidate.run)  \(TerminalText.escaped(candidate.config))")
        if let base { lines.append(TerminalText.escaped(base)) }
        if settingChanges.isEmpty {
            lines.append("settings   identical")
        } else {
            let width = settingChanges.map(\.key.count).max() ?? 0
            lines.append("settings that differ:")
            for setting in settingChanges {
                lines.append("  \(setting.key.padded(to: width))  \(setting.old) → \(setting.new)")
            }
        }
        for warning in warnings { lines.append(style.bad("warning: \(warning)")) }
        lines.append("")
        var compared = "traces compared: \(traces)"
        if withoutBaseline > 0 { compared += " (and \(withoutBaseline) without a baseline result, not compared)" }
        lines.append(compared)
        // docs/commands.md §7.3: decision and detent changes counted apart, each worded by where it rests.
        let headline = changeHeadline(escaping: TerminalText.escaped)
        lines.append(changed == 0 ? style.good(headline) : style.bad(headline))
        // The headline names each decision change; the sheets that rest at another detent, by where.
        for (group, count) in changeGroups.sorted(by: { $0.key < $1.key }) where group.kind == .detent {
            lines.append("  \(TerminalText.escaped(group.words))".padded(to: 22) + " \(count)")
        }
        let shownRegressions = judgement?.regressions ?? regressions
        var against = "regressions against intent: \(shownRegressions)"
        if let judgement, judgement.acceptedRegressions > 0 {
            against += " (and \(judgement.acceptedRegressions) accepted by \(judgement.allowFile ?? "the allow list"))"
        }
        lines.append(shownRegressions == 0 ? against : style.bad(against))
        lines.append("reasons changed, same decision: \(reasonChanges)")
        // docs/model.md §4.6: decisions made by a movement that had already ended.
        lines.append("stale velocities: \(candidateStale) (baseline \(baselineStale))")
        if candidateStale > 0 || baselineStale > 0 { lines.append("  " + Self.staleExplanation) }
        if !accidentalDismissalIndexes.isEmpty || !missedDismissalIndexes.isEmpty || !wrongDetentIndexes.isEmpty
            || !nowAgreeIndexes.isEmpty
        {
            lines.append("")
            lines.append("against intent:")
            let names = min(8, limit)
            appendNames(
                "  new accidental dismissals (intent cancel, now finish)", accidentalDismissalIndexes, names, style.bad, &lines)
            appendNames(
                "  newly missed dismissals (intent finish, now cancel)", missedDismissalIndexes, names, style.bad, &lines)
            appendNames(
                "  new wrong detents (rests at another detent than meant)", wrongDetentIndexes, names, style.bad, &lines)
            appendNames("  now agree with intent", nowAgreeIndexes, names, style.good, &lines)
        }
        // A limit of 0 asks for the counts alone: no table of no rows.
        if !changeList.isEmpty, limit > 0 {
            lines.append("")
            lines.append(contentsOf: changeTable(limit: limit, wording: wording))
        }
        if !reasonChangeList.isEmpty, limit > 0 {
            lines.append("")
            lines.append(contentsOf: reasonTable(limit: limit, wording: wording))
        }
        if let judgement { lines.append(contentsOf: Self.judgementLines(judgement, limit: limit, style: style, wording: wording)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The allow list (its first `limit` entries) and the verdict, the last
    /// lines of a judged `regress`'s text report.
    static func judgementLines(
        _ judgement: RegressionJudgement, limit: Int, style: TextStyle, wording: ReportWording
    ) -> [String] {
        var lines = [""]
        if let file = judgement.allowFile {
            lines.append(
                "accepted by \(TerminalText.escaped(file)): \(judgement.accepted) of \(judgement.allowList.count) listed "
                    + "traces changed and do not count")
            for entry in judgement.allowList.prefix(limit) {
                let state = entry.changed ? "accepted" : "unchanged (remove the line)"
                lines.append(
                    "  \(TerminalText.escaped(file)):\(entry.line)  \(TerminalText.escaped(entry.trace))  \(state)"
                        + (entry.reason.map { "  # \(TerminalText.escaped($0))" } ?? ""))
            }
            if judgement.allowList.count > limit, limit > 0 {
                lines.append("  … and \(judgement.allowList.count - limit) more (\(wording.fullReport) lists them all)")
            }
        }
        let verdict = "verdict: \(judgement.word)"
        lines.append((judgement.passes ? style.good(verdict) : style.bad(verdict)) + ": " + TerminalText.escaped(judgement.sentence))
        return lines
    }

    private func appendNames(
        _ title: String, _ traces: [Int32], _ shown: Int, _ paint: (String) -> String, _ lines: inout [String]
    ) {
        guard !traces.isEmpty else { return }
        let names = traces.prefix(shown).map { TerminalText.escaped(changeList.name(at: Int($0))) }.joined(separator: ", ")
        let rest = traces.count > shown && shown > 0 ? ", … \(traces.count - shown) more" : ""
        lines.append(paint("\(title): \(traces.count)") + (names.isEmpty ? "" : "  \(names)\(rest)"))
    }

    /// The first cells of a row of either table: the trace, its family and its intent.
    private static func traceCells(_ trace: ComparedTrace) -> [String] {
        [TerminalText.escaped(trace.name), trace.family.map(TerminalText.escaped) ?? "-", trace.intent?.rawValue ?? "-"]
    }

    /// `… and N more` under a table cut at `limit` rows of `count`.
    private static func rest(_ count: Int, limit: Int, wording: ReportWording) -> [String] {
        count > limit ? ["… and \(count - limit) more (\(wording.fullReport) lists them all)"] : []
    }

    private func reasonTable(limit: Int, wording: ReportWording) -> [String] {
        let header = ["trace", "family", "intent", "decision", "baseline reason", "candidate reason"]
        let rows = reasonChangeList.indexesByName().prefix(limit).map { index -> [String] in
            let change = reasonChangeList[index]
            return Self.traceCells(change) + [
                change.candidate.decision.rawValue, change.baseline?.reason.rawValue ?? "-", change.candidate.reason.rawValue,
            ]
        }
        return ["reason changed, same decision:"] + TextTable(header: header, rows: rows).lines()
            + Self.rest(reasonChanges, limit: limit, wording: wording)
    }

    private func changeTable(limit: Int, wording: ReportWording) -> [String] {
        // Decision/reason, percent and velocity in columns of their own, numbers
        // aligned right, so that a long list reads down each column.
        let header = ["trace", "family", "intent", "baseline", "%", "pt/s", "candidate", "%", "pt/s"]
        let numeric: Set<Int> = [4, 5, 7, 8]
        func cells(_ summary: ResultSummary?) -> [String] {
            guard let summary else { return ["-", "-", "-"] }
            let rests = summary.detent.map { " " + TerminalText.escaped($0) } ?? ""
            return [
                "\(summary.decision.rawValue)/\(summary.reason.rawValue)" + rests,
                TextFormat.fixed(summary.percent * 100, digits: 1),
                TextFormat.fixed(summary.velocity, digits: 1),
            ]
        }
        let rows = changeList.indexesByName().prefix(limit).map { index -> [String] in
            let change = changeList[index]
            return Self.traceCells(change) + cells(change.baseline) + cells(change.candidate)
        }
        return ["changed traces:"] + TextTable(header: header, rows: rows, rightAligned: numeric).lines() + Self.rest(changed, limit: limit, wording: wording)
    }

    /// `cancel/belowThreshold 31.0% 1210.5pt/s`
    static func describe(_ summary: ResultSummary) -> String {
        "\(summary.decision.rawValue)/\(summary.reason.rawValue)" + (summary.detent.map { " at \($0)" } ?? "")
            + " \(TextFormat.percent(summary.percent)) "
            + "\(TextFormat.fixed(summary.velocity, digits: 1))pt/s"
    }
}

/// Colour for terminal reports: only on a terminal, never with `NO_COLOR`.
public struct TextStyle: Sendable {
    public var colour: Bool

    public static let plain = TextStyle(colour: false)

    public init(colour: Bool) { self.colour = colour }

    func good(_ text: String) -> String { colour ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    func bad(_ text: String) -> String { colour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    public func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

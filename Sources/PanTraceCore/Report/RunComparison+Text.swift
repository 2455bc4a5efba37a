extension RunComparison {
    /// The human report of `replay` and `regress`: the configs, totals, changes
    /// grouped by transition, what they mean for intent, and a table of the
    /// changed traces, cut after `limit` rows with a count of the rest.
    ///
    /// Every name (configs, traces, families) is printed through
    /// ``TerminalText/escaped(_:)``: a control character in a name shows as
    /// an escape and cannot start a line or recolour the terminal.
    public func textReport(limit: Int = 50, style: TextStyle = .plain) -> String {
        var lines: [String] = []
        // Names come from the input: escaped, so that none can forge a row (issue 14).
        lines.append("baseline   run \(baseline.run)  \(TerminalText.escaped(baseline.config))")
        lines.append("candidate  run \(candidate.run)  \(TerminalText.escaped(candidate.config))")
        if settingChanges.isEmpty {
            lines.append("settings   identical")
        } else {
            let width = settingChanges.map(\.key.count).max() ?? 0
            lines.append("settings that differ:")
            for setting in settingChanges {
                lines.append("  \(setting.key.padded(to: width))  \(setting.old) → \(setting.new)")
            }
        }
        lines.append("")
        var compared = "traces compared: \(traces)"
        if withoutBaseline > 0 { compared += " (and \(withoutBaseline) without a baseline result, not compared)" }
        lines.append(compared)
        let headline = "decisions changed: \(changed)"
        lines.append(changed == 0 ? style.good(headline) : style.bad(headline))
        for (transition, count) in transitions.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(transition.from.rawValue) → \(transition.to.rawValue)".padded(to: 22) + "\(count)")
        }
        lines.append("reasons changed, same decision: \(reasonChanges)")
        if !accidentalDismissalIndexes.isEmpty || !missedDismissalIndexes.isEmpty || !nowAgreeIndexes.isEmpty {
            lines.append("")
            lines.append("against intent:")
            appendNames(
                "  new accidental dismissals (intent cancel, now finish)", accidentalDismissalIndexes, style.bad, &lines)
            appendNames("  newly missed dismissals (intent finish, now cancel)", missedDismissalIndexes, style.bad, &lines)
            appendNames("  now agree with intent", nowAgreeIndexes, style.good, &lines)
        }
        if !changeList.isEmpty {
            lines.append("")
            lines.append(contentsOf: changeTable(limit: limit))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func appendNames(
        _ title: String, _ traces: [Int32], _ paint: (String) -> String, _ lines: inout [String]
    ) {
        guard !traces.isEmpty else { return }
        let names = traces.prefix(8).map { TerminalText.escaped(changeList.name(at: Int($0))) }.joined(separator: ", ")
        let rest = traces.count > 8 ? ", … \(traces.count - 8) more" : ""
        lines.append(paint("\(title): \(traces.count)") + "  \(names)\(rest)")
    }

    private func changeTable(limit: Int) -> [String] {
        // Decision/reason, percent and velocity in columns of their own, numbers
        // aligned right, so that a long list reads down each column.
        let header = ["trace", "family", "intent", "baseline", "%", "pt/s", "candidate", "%", "pt/s"]
        let numeric: Set<Int> = [4, 5, 7, 8]
        func cells(_ summary: ResultSummary?) -> [String] {
            guard let summary else { return ["-", "-", "-"] }
            return [
                "\(summary.decision.rawValue)/\(summary.reason.rawValue)", TextFormat.fixed(summary.percent * 100, digits: 1),
                TextFormat.fixed(summary.velocity, digits: 1),
            ]
        }
        var rows: [[String]] = []
        for index in changeList.indexesByName().prefix(limit) {
            let change = changeList[index]
            rows.append(
                [TerminalText.escaped(change.name), change.family.map(TerminalText.escaped) ?? "-", change.intent?.rawValue ?? "-"]
                    + cells(change.baseline)
                    + cells(change.candidate))
        }
        var lines = ["changed traces:"] + TextFormat.table(header, rows, numeric: numeric)
        if changed > limit { lines.append("… and \(changed - limit) more (--format json lists them all)") }
        return lines
    }

    /// `cancel/belowThreshold 31.0% 1210.5pt/s`
    static func describe(_ summary: ResultSummary) -> String {
        "\(summary.decision.rawValue)/\(summary.reason.rawValue) \(TextFormat.percent(summary.percent)) "
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

import PanTraceCore
import PanTraceModel

extension PreferenceComparison {
    /// The text report of `pantrace preferences`: per pair of configs, the
    /// counts, the share preferring A with its interval, the sign test's p,
    /// and the verdict in words (docs/lab.md "pantrace preferences").
    ///
    /// `empty` is the line said when there is no comparison.
    public static func textReport(_ comparisons: [PreferenceComparison], empty: String) -> String {
        guard !comparisons.isEmpty else { return empty + "\n" }
        return comparisons.map(\.text).joined(separator: "\n")
    }

    /// One comparison's paragraph.
    var text: String {
        let (nameA, nameB) = (TerminalText.escaped(a), TerminalText.escaped(b))
        let sessionCount = "\(sessions) session\(sessions == 1 ? "" : "s")"
        var lines = ["A: \(nameA)", "B: \(nameB)"]
        lines.append(
            "  \(sessionCount): A preferred \(tally.preferA), B preferred \(tally.preferB), "
                + "the same \(tally.same) (\(tally.decided) decided)")
        if let share = tally.shareA, let interval = tally.interval {
            lines.append(
                "  preferring A: \(TextFormat.percent(share)) of the decided "
                    + "(95% interval \(TextFormat.percent(interval.low))–\(TextFormat.percent(interval.high))), "
                    + "sign test p = \(TextFormat.fixed(tally.p, digits: 3))")
        } else {
            lines.append("  preferring A: no decided answer, sign test p = 1")
        }
        lines.append("  " + verdictSentence(nameA: nameA, nameB: nameB))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The verdict in words: which config people preferred, or that the answers do not tell them apart.
    func verdictSentence(nameA: String, nameB: String) -> String {
        switch tally.verdict {
        case .a: "People preferred A (\(nameA)): the whole interval lies above one half."
        case .b: "People preferred B (\(nameB)): the whole interval lies below one half."
        case .none:
            tally.decided == 0
                ? "No answer preferred either config: the answers do not tell them apart."
                : "The answers do not tell A and B apart: the interval includes one half (ask more people, or for more pairs)."
        }
    }

    /// The JSON report of `comparisons`, numbers unrounded:
    /// `{"comparisons": [{"a", "b", "sessions", "preferA", "preferB", "same",
    /// "decided", "shareA", "interval", "p", "verdict"}, …]}`.
    public static func jsonReport(_ comparisons: [PreferenceComparison]) -> String {
        let items = comparisons.map { comparison in
            let tally = comparison.tally
            let fields: [(String, String)] = [
                ("a", JSONWriter.string(comparison.a)),
                ("b", JSONWriter.string(comparison.b)),
                ("sessions", String(comparison.sessions)),
                ("preferA", String(tally.preferA)),
                ("preferB", String(tally.preferB)),
                ("same", String(tally.same)),
                ("decided", String(tally.decided)),
                ("shareA", tally.shareA.map(JSONWriter.number) ?? "null"),
                ("interval", tally.interval.map { "[\(JSONWriter.number($0.low)), \(JSONWriter.number($0.high))]" } ?? "null"),
                ("p", JSONWriter.number(tally.p)),
                ("verdict", JSONWriter.string(tally.verdict.rawValue)),
            ]
            return "{" + fields.map { "\(JSONWriter.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        return "{\"comparisons\": [" + items.joined(separator: ", ") + "]}\n"
    }
}

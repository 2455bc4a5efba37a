import PanTraceCore
import PanTraceModel

extension Verification {
    /// The text report of `pantrace verify` (docs/commands.md §7.12): the
    /// config and where it came from, the traces checked by who reported
    /// what the app did, matches and mismatches with the share matched and
    /// its 95 % Wilson interval, the confusion table (rows: what the app
    /// did; columns: what the config decides), and the mismatched traces by
    /// name, up to `limit`, with how many were left out.
    public func textReport(origin: String, limit: Int = 20, wording: ReportWording = .plain) -> String {
        var lines = ["config     \(JSONWriter.string(config.name)) (\(origin))"]
        let bySource = ObservedSource.allCases.map { "\($0.rawValue) \(sources[$0] ?? 0)" }.joined(separator: ", ")
        lines.append("checked    \(checked) traces with what the app did (\(bySource))")
        if let share, let interval {
            lines.append(
                "matches    \(matches) of \(checked) (\(TextFormat.percent(share)); 95% interval "
                    + "\(TextFormat.percent(interval.low))–\(TextFormat.percent(interval.high))); \(mismatchCount) mismatches")
        }
        lines.append("")
        lines.append("what the app did (rows) against what the config decides (columns):")
        let columns = simulatedWords
        let rows = observedWords.map { observed in
            [TerminalText.escaped(observed)] + columns.map { String(count(observed: observed, simulated: $0)) }
        }
        lines += TextTable(header: ["observed"] + columns.map(TerminalText.escaped), rows: rows, rightAligned: Set(1...max(1, columns.count)))
            .lines()
        lines.append("")
        let sorted = mismatchesByName
        if sorted.isEmpty {
            lines.append("no mismatch: every checked trace ends where the app ended")
        } else {
            let shown = sorted.prefix(max(0, limit))
            let sheets = sorted.contains { $0.releaseHeight != nil }
            lines.append("mismatches, by name:")
            var header = ["trace", "family", "observed", "simulated", "reason", "velocity", "percent"]
            if sheets { header.append("height") }
            let rows = shown.map { mismatch -> [String] in
                var row = [
                    TerminalText.escaped(mismatch.trace), mismatch.family.map(TerminalText.escaped) ?? "-",
                    TerminalText.escaped(mismatch.observed.rawValue), TerminalText.escaped(mismatch.simulated),
                    mismatch.reason.rawValue, TextFormat.fixed(mismatch.velocity, digits: 1),
                    TextFormat.fixed(mismatch.percent, digits: 3),
                ]
                if sheets { row.append(mismatch.releaseHeight.map { TextFormat.fixed($0, digits: 3) } ?? "-") }
                return row
            }
            lines += TextTable(header: header, rows: rows, rightAligned: Set(5..<header.count)).lines()
            if sorted.count > shown.count {
                lines.append("… and \(sorted.count - shown.count) more (\(wording.fullReport) lists them all)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON report (docs/commands.md §7.12): `{"config", "checked",
    /// "sources": {"app", "device", "synthetic"}, "matches", "mismatches",
    /// "share", "interval", "confusion": {OBSERVED: {SIMULATED: n}},
    /// "mismatched": [{"trace", "observed", "decision", "detent", "reason"}]}`,
    /// every mismatch by name, numbers unrounded. The confusion's rows are
    /// the words observed and its columns the words simulated, in the
    /// table's order, every cell of them given (0 too).
    public func jsonReport() -> String {
        var out = "{\"config\": " + JSONWriter.string(config.name) + ", \"checked\": \(checked), \"sources\": {"
        out += ObservedSource.allCases.map { "\"\($0.rawValue)\": \(sources[$0] ?? 0)" }.joined(separator: ", ")
        out += "}, \"matches\": \(matches), \"mismatches\": \(mismatchCount), \"share\": "
        out += share.map(JSONWriter.number) ?? "null"
        out += ", \"interval\": " + (interval.map { "[" + JSONWriter.number($0.low) + ", " + JSONWriter.number($0.high) + "]" } ?? "null")
        out += ", \"confusion\": {"
        let columns = simulatedWords
        out += observedWords.map { observed in
            JSONWriter.string(observed) + ": {"
                + columns.map { JSONWriter.string($0) + ": \(count(observed: observed, simulated: $0))" }.joined(separator: ", ")
                + "}"
        }.joined(separator: ", ")
        out += "}, \"mismatched\": ["
        out += mismatchesByName.map { mismatch in
            "{\"trace\": " + JSONWriter.string(mismatch.trace) + ", \"observed\": " + JSONWriter.string(mismatch.observed.rawValue)
                + ", \"decision\": \"" + mismatch.decision.rawValue + "\", \"detent\": "
                + (mismatch.detent.map(JSONWriter.string) ?? "null") + ", \"reason\": \"" + mismatch.reason.rawValue + "\"}"
        }.joined(separator: ", ")
        return out + "]}\n"
    }
}

import PanTraceCore
import PanTraceModel

extension ConfigComparison {
    /// The text report of `pantrace compare`: every config's counts, the
    /// pairwise matrix of differing decisions (configs by number), and the
    /// most divided traces with each config's decision (`F` finish, `c`
    /// cancel, `-` none), or for a trace with detents where each config
    /// leaves the sheet (`dismissed`, `medium`, `large`). The `wrongDetent`
    /// column is shown when some trace has detents. Names are escaped
    /// (``TerminalText/escaped(_:)``).
    public func textReport() -> String {
        let sheets = withDetents > 0
        var lines = ["\(traces) traces, \(labelled) with an intent; \(configs.count) configs "
            + "(\(simulationsPerTrace) simulation\(simulationsPerTrace == 1 ? "" : "s") per trace)", ""]
        let columns = TuningCounts.Column.decisions + TuningCounts.Column.agreements(withDetents: sheets)
        var header = ["#", "config"] + columns.map(\.word)
        header += ["stale", "differs"]
        if observed > 0 { header.append("matches") }
        let rows = configs.indices.map { index -> [String] in
            let c = counts[index]
            let row = [String(index + 1), TerminalText.escaped(configs[index].name)]
                + columns.map { String(c.tally[column: $0]) }
            return row + [String(c.stale), index == 0 ? "-" : String(c.differs)] + (observed > 0 ? [String(c.matches)] : [])
        }
        lines += TextTable(header: header, rows: rows, rightAligned: Set(2..<header.count)).lines()
        if sheets {
            lines.append("(agree, accidental, missed and wrongDetent over the \(labelled) traces with an intent; "
                + "wrongDetent: not dismissed, resting at another detent than meant; "
                + "differs: decisions or detents unlike config 1's)")
        } else {
            lines.append("(agree, accidental and missed over the \(labelled) traces with an intent; "
                + "differs: decisions unlike config 1's)")
        }
        if observed > 0 {
            lines.append("(matches: results that end where the app ended, over the \(observed) traces with what the app did)")
        }
        if counts.contains(where: { $0.stale > 0 }) {
            lines.append("stale: " + RunComparison.staleExplanation)
        }
        lines.append("")
        lines.append(sheets ? "differing decisions or detents, pair by pair:" : "differing decisions, pair by pair:")
        let numbers = configs.indices.map { String($0 + 1) }
        let matrixRows = configs.indices.map { [String($0 + 1)] + matrix[$0].map(String.init) }
        lines += TextTable(header: [""] + numbers, rows: matrixRows, rightAligned: Set(0...configs.count)).lines()
        let divided = mostDivided
        lines.append("")
        if divided.isEmpty {
            lines.append(
                sheets
                    ? "no trace divides the configs: each rests where the others leave it"
                    : "no trace divides the configs between finish and the rest")
        } else {
            lines.append(
                sheets
                    ? "most divided traces (finish against the rest, then where the sheet rests; F finish, c cancel, "
                        + "- none; with detents: dismissed or the detent it rests at):"
                    : "most divided traces (finish against the rest; F finish, c cancel, - none):")
            let dividedRows = divided.map { trace -> [String] in
                [TerminalText.escaped(trace.name), trace.intent.map { TerminalText.escaped($0.rawValue) } ?? "-"]
                    + (trace.rests?.map(TerminalText.escaped)
                        ?? trace.decisions.map { $0 == .finish ? "F" : $0 == .cancel ? "c" : "-" })
            }
            lines += TextTable(header: ["trace", "intent"] + numbers, rows: dividedRows).lines()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON report: `{"traces", "labelled", "configs": [{"name", "settings"
    /// (every key of docs/configs.md), "finish", …, "wrongDetent", "stale", "differs",
    /// "matches" (null without a trace with `observed`)}], "observed", "matrix", "divided": [{"trace", "intent", "decisions"}]}`; a divided
    /// trace with detents adds `"rests"` (`"dismissed"` or a detent's name per config).
    public func jsonReport() -> String {
        var out = "{\"traces\": \(traces), \"labelled\": \(labelled), \"configs\": ["
        for (index, config) in configs.enumerated() {
            if index > 0 { out += ", " }
            let c = counts[index]
            out += "{\"name\": " + JSONWriter.string(config.name) + ", \"settings\": " + config.canonicalJSON()
            out += TuningCounts.Column.all.map { ", \"\($0.word)\": \(c.tally[column: $0])" }.joined()
            out += ", \"stale\": \(c.stale)"
            out += ", \"differs\": \(c.differs), \"matches\": " + (observed > 0 ? String(c.matches) : "null") + "}"
        }
        out += "], \"observed\": \(observed), \"matrix\": ["
        out += matrix.map { "[" + $0.map(String.init).joined(separator: ", ") + "]" }.joined(separator: ", ")
        out += "], \"divided\": ["
        for (index, trace) in mostDivided.enumerated() {
            if index > 0 { out += ", " }
            out += "{\"trace\": " + JSONWriter.string(trace.name) + ", \"intent\": "
            out += trace.intent.map { JSONWriter.string($0.rawValue) } ?? "null"
            out += ", \"decisions\": [" + trace.decisions.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]"
            if let rests = trace.rests {
                out += ", \"rests\": [" + rests.map(JSONWriter.string).joined(separator: ", ") + "]"
            }
            out += "}"
        }
        return out + "]}\n"
    }
}

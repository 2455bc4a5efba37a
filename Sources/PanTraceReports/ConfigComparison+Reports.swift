import PanTraceCore
import PanTraceModel

extension ConfigComparison {
    /// The text report of `pantrace compare`: every config's counts, the
    /// pairwise matrix of differing decisions (configs by number), and the
    /// most divided traces with each config's decision (`F` finish, `c`
    /// cancel, `-` none). Names are escaped (``TerminalText/escaped(_:)``).
    public func textReport() -> String {
        var lines = ["\(traces) traces, \(labelled) with an intent; \(configs.count) configs "
            + "(\(simulationsPerTrace) simulation\(simulationsPerTrace == 1 ? "" : "s") per trace)", ""]
        let header = ["#", "config", "finish", "cancel", "none", "agree", "accidental", "missed", "stale", "differs"]
        let rows = configs.indices.map { index -> [String] in
            let c = counts[index]
            return [
                String(index + 1), TerminalText.escaped(configs[index].name), String(c.finish), String(c.cancel),
                String(c.none), String(c.agree), String(c.accidental), String(c.missed), String(c.stale),
                index == 0 ? "-" : String(c.differs),
            ]
        }
        lines += TextTable(header: header, rows: rows, rightAligned: Set(2..<header.count)).lines()
        lines.append("(agree, accidental and missed over the \(labelled) traces with an intent; "
            + "differs: decisions unlike config 1's)")
        if counts.contains(where: { $0.stale > 0 }) {
            lines.append("stale: " + RunComparison.staleExplanation)
        }
        lines.append("")
        lines.append("differing decisions, pair by pair:")
        let numbers = configs.indices.map { String($0 + 1) }
        let matrixRows = configs.indices.map { [String($0 + 1)] + matrix[$0].map(String.init) }
        lines += TextTable(header: [""] + numbers, rows: matrixRows, rightAligned: Set(0...configs.count)).lines()
        let divided = mostDivided
        lines.append("")
        if divided.isEmpty {
            lines.append("no trace divides the configs between finish and the rest")
        } else {
            lines.append("most divided traces (finish against the rest; F finish, c cancel, - none):")
            let dividedRows = divided.map { trace -> [String] in
                [TerminalText.escaped(trace.name), trace.intent?.rawValue ?? "-"]
                    + trace.decisions.map { $0 == .finish ? "F" : $0 == .cancel ? "c" : "-" }
            }
            lines += TextTable(header: ["trace", "intent"] + numbers, rows: dividedRows).lines()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--format json`: `{"traces", "labelled", "configs": [{"name", "settings"
    /// (every key of docs/configs.md), "finish", …, "stale", "differs"}],
    /// "matrix", "divided": [{"trace", "intent", "decisions"}]}`.
    public func jsonReport() -> String {
        var out = "{\"traces\": \(traces), \"labelled\": \(labelled), \"configs\": ["
        for (index, config) in configs.enumerated() {
            if index > 0 { out += ", " }
            let c = counts[index]
            out += "{\"name\": " + JSONWriter.string(config.name) + ", \"settings\": " + config.canonicalJSON()
            out += ", \"finish\": \(c.finish), \"cancel\": \(c.cancel), \"none\": \(c.none), \"agree\": \(c.agree)"
            out += ", \"accidental\": \(c.accidental), \"missed\": \(c.missed), \"stale\": \(c.stale)"
            out += ", \"differs\": \(c.differs)}"
        }
        out += "], \"matrix\": ["
        out += matrix.map { "[" + $0.map(String.init).joined(separator: ", ") + "]" }.joined(separator: ", ")
        out += "], \"divided\": ["
        for (index, trace) in mostDivided.enumerated() {
            if index > 0 { out += ", " }
            out += "{\"trace\": " + JSONWriter.string(trace.name) + ", \"intent\": "
            out += trace.intent.map { "\"\($0.rawValue)\"" } ?? "null"
            out += ", \"decisions\": [" + trace.decisions.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]}"
        }
        return out + "]}\n"
    }
}

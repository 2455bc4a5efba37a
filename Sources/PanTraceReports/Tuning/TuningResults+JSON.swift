import PanTraceCore
import PanTraceModel

extension TuningResults {
    /// The JSON report of `tune --format json` (SPEC 7.5), one object:
    ///
    /// ```json
    /// {"traces":120,"labelled":100,"base":"baseline","sweeps":["threshold"],
    ///  "results":[{"settings":{"threshold":0.3},"finish":61,"cancel":50,"none":9,
    ///              "agree":88,"accidental":7,"missed":5,"pareto":true},…],
    ///  "best":{"settings":{"threshold":0.3},…} or null}
    /// ```
    ///
    /// `results` is in candidate order; `best` repeats the best candidate's
    /// entry (under `maxAccidental` when given). Setting values are typed as
    /// in a config file (numbers through ``JSONWriter/number(_:)``, so they
    /// read back exactly; `"auto"`, words and booleans as such).
    public func json(maxAccidental: Int? = nil) -> String {
        var text = ""
        writeJSON(maxAccidental: maxAccidental) { text += $0 }
        return text
    }

    /// Writes ``json(maxAccidental:)`` to `write` in pieces (one per
    /// candidate), so a million candidates never become one string.
    public func writeJSON(maxAccidental: Int? = nil, to write: (String) throws -> Void) rethrows {
        let values = settingValuesJSON()
        var head = "{\"traces\":\(traces),\"labelled\":\(labelled),\"base\":"
        JSONWriter.appendString(grid.base.name, to: &head)
        head += ",\"sweeps\":["
        head += grid.sweeps.map { JSONWriter.string($0.key) }.joined(separator: ",")
        try write(head + "],\"results\":[")
        for index in 0..<count {
            try write((index == 0 ? "" : ",") + resultJSON(index, values))
        }
        try write("],\"best\":" + (best(maxAccidental: maxAccidental).map { resultJSON($0, values) } ?? "null") + "}")
    }

    /// One candidate's entry.
    private func resultJSON(_ index: Int, _ values: [[String]]) -> String {
        var text = "{\"settings\":{"
        for (position, digit) in grid.digits(of: index).enumerated() {
            if position > 0 { text += "," }
            JSONWriter.appendString(grid.sweeps[position].key, to: &text)
            text += ":" + values[position][digit]
        }
        let counts = counts(at: index)
        text += "},\"finish\":\(counts.finish),\"cancel\":\(counts.cancel),\"none\":\(counts.none)"
        text += ",\"agree\":\(counts.agree),\"accidental\":\(counts.accidental),\"missed\":\(counts.missed)"
        return text + ",\"pareto\":\(isPareto(index))}"
    }

    /// Each sweep's values as JSON text, typed as the key's config value.
    private func settingValuesJSON() -> [[String]] {
        grid.sweeps.map { sweep in
            var scratch = grid.base
            return sweep.values.map { value in
                try? scratch.set(sweep.key, .text(value))
                return scratch.jsonValue(forKey: sweep.key)
            }
        }
    }
}

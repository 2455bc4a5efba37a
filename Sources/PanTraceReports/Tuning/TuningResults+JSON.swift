import PanTraceCore
import PanTraceModel

extension TuningResults {
    /// The JSON report of the tune (docs/tune.md "tune"), one object:
    ///
    /// ```json
    /// {"traces":120,"labelled":100,"base":"baseline","sweeps":["threshold"],
    ///  "results":[{"settings":{"threshold":0.3},"finish":61,"cancel":50,"none":9,
    ///              "agree":88,"accidental":7,"missed":5,"wrongDetent":0,"pareto":true,"floor":86,"inert":[]},…],
    ///  "best":{"settings":{"threshold":0.3},…} or null,
    ///  "evidence":{"person":0,"inferred":0,"synthetic":100},
    ///  "intervals":{"base":{"agree":[80,92],"accidental":[4,12],"missed":[3,10],"wrongDetent":[0,0]},
    ///               "best":{…},"gain":{…}} or null,
    ///  "verdict":"better" or "uncertain"}
    /// ```
    ///
    /// `results` is in candidate order; `best` repeats the best candidate's
    /// entry (under `maxAccidental` when given). Setting values are typed as
    /// in a config file (numbers through `JSONWriter/number(_:)`, so they
    /// read back exactly; `"auto"`, words and booleans as such). `evidence`
    /// counts the labelled traces that count by source (all zero without
    /// `evidence`); `intervals` is null without a best candidate, and the
    /// verdict is then `uncertain`.
    public func json(
        maxAccidental: Int? = nil, evidence: TuningEvidence? = nil, intervals: TuningIntervals? = nil
    ) -> String {
        var text = ""
        writeJSON(maxAccidental: maxAccidental, evidence: evidence, intervals: intervals) { text += $0 }
        return text
    }

    /// Writes ``json(maxAccidental:evidence:intervals:)`` to `write` in pieces
    /// (one per candidate), so a million candidates never become one string.
    public func writeJSON(
        maxAccidental: Int? = nil, evidence: TuningEvidence? = nil, intervals: TuningIntervals? = nil,
        context: TuningContext? = nil, to write: (String) throws -> Void
    ) rethrows {
        let values = settingValuesJSON()
        let observed = grid.objective == .observed
        // docs/tune.md "Against what the app did": matches and mismatches over
        // the traces with `observed`, in place of every agreement count.
        var head =
            observed
            ? "{\"against\":\"observed\",\"traces\":\(traces),\"observed\":\(labelled),\"base\":"
            : "{\"traces\":\(traces),\"labelled\":\(labelled),\"base\":"
        JSONWriter.appendString(grid.base.name, to: &head)
        if let context {
            head += ",\"baseFrom\":"
            JSONWriter.appendString(context.origin, to: &head)
            // docs/commands.md §7.2: the settings of the base that differ from the baseline run's config.
            head += ",\"baseDiffers\":["
            head += context.baselineDifferences.map { difference in
                "{\"key\":" + JSONWriter.string(difference.key) + ",\"baseline\":" + JSONWriter.string(difference.old)
                    + ",\"base\":" + JSONWriter.string(difference.new) + "}"
            }.joined(separator: ",")
            head += "]"
        }
        head += ",\"sweeps\":["
        head += grid.sweeps.map { JSONWriter.string($0.key) }.joined(separator: ",")
        try write(head + "],\"results\":[")
        for index in 0..<count {
            try write((index == 0 ? "" : ",") + resultJSON(index, values))
        }
        let best = labelled == 0 ? nil : best(maxAccidental: maxAccidental)
        var tail = "],\"best\":" + (best.map { resultJSON($0, values) } ?? "null")
        tail += ",\"evidence\":{"
        if observed {
            tail += ObservedSource.allCases.map { "\"\($0.rawValue)\":\(context?.observed?.count(of: $0) ?? 0)" }
                .joined(separator: ",")
        } else {
            tail += IntentSource.allCases.map { "\"\($0.rawValue)\":\(evidence?.count(of: $0) ?? 0)" }.joined(separator: ",")
        }
        tail += "},\"intervals\":"
        if let intervals, best != nil {
            func counts(_ counts: TuningIntervals.Counts) -> String {
                let ranges =
                    observed
                    ? [("matches", counts.agree)]
                    : Agreement.allCases.map { ($0.word, counts[agreement: $0]) }
                return "{" + ranges.map { "\"\($0)\":[\($1.lowerBound),\($1.upperBound)]" }.joined(separator: ",") + "}"
            }
            tail += "{\"base\":\(counts(intervals.base)),\"best\":\(counts(intervals.best)),\"gain\":\(counts(intervals.gain))}"
        } else {
            tail += "null"
        }
        let verdict = best == nil ? TuningIntervals.Verdict.uncertain : intervals?.verdict ?? .uncertain
        tail += ",\"verdict\":\"\(verdict.rawValue)\""
        tail += ",\"noChangeRecommended\":\(best != nil && best == grid.baseIndex),\"bestAtEdge\":["
        tail += (best.map(sweepEnds(at:)) ?? []).map {
            "{\"key\":\(JSONWriter.string($0.sweep.key)),\"end\":\"\($0.atStart ? "first" : "last")\"}"
        }.joined(separator: ",")
        tail += "]"
        if let people = context?.bestWithPeople {
            tail += ",\"bestWithPeople\":{\"labelled\":\(people.labelled),\"best\":"
            tail += (people.best.map { resultJSON($0, values) } ?? "null") + "}"
        }
        try write(tail + "}")
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
        text += "}"
        for column in TuningCounts.Column.decisions { text += ",\"\(column.word)\":\(counts[column: column])" }
        if grid.objective == .observed {
            // Against what the app did, `agree` holds the matches (TuningObjective).
            text += ",\"matches\":\(counts.agree),\"mismatches\":\(labelled - counts.agree)"
            text += ",\"floor\":\(floor(at: index)),\"inert\":["
        } else {
            for agreement in Agreement.allCases { text += ",\"\(agreement.word)\":\(counts[agreement: agreement])" }
            text += ",\"pareto\":\(isPareto(index)),\"floor\":\(floor(at: index)),\"inert\":["
        }
        text += grid.inertKeys(at: index).map(JSONWriter.string).joined(separator: ",")
        return text + "]}"
    }

    /// Each sweep's values as JSON text, typed as the key's config value.
    private func settingValuesJSON() -> [[String]] {
        grid.sweeps.map { sweep in sweep.settings.map(\.json) }
    }
}

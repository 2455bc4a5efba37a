extension RunComparison {
    /// The JSON report of `replay` and `regress` (SPEC 7.3), one object.
    ///
    /// The spec's keys come first and exactly as specified; after them come
    /// `withoutBaseline`, `reasonChanges`, `transitions`, `intent` and the
    /// `settings` that differ. Each change also carries the trace's `family`
    /// and `intent`. Changes are sorted by trace name, so the report is stable.
    public func jsonReport() -> String {
        var out = "{\"baseline\": "
        Self.append(baseline, to: &out)
        out += ", \"candidate\": "
        Self.append(candidate, to: &out)
        out += ", \"traces\": \(traces), \"changed\": \(changed), \"changes\": ["
        for (index, change) in sortedChanges.enumerated() {
            if index > 0 { out += ", " }
            out += "{\"trace\": "
            JSONWriter.appendString(change.name, to: &out)
            if let baseline = change.baseline {
                out += ", \"baseline\": "
                Self.append(baseline, to: &out)
            }
            out += ", \"candidate\": "
            Self.append(change.candidate, to: &out)
            out += ", \"family\": "
            Self.appendOptional(change.family, to: &out)
            out += ", \"intent\": "
            Self.appendOptional(change.intent?.rawValue, to: &out)
            out += "}"
        }
        out += "], \"withoutBaseline\": \(withoutBaseline), \"reasonChanges\": \(reasonChanges), \"transitions\": ["
        for (index, entry) in transitions.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { out += ", " }
            out += "{\"from\": \"\(entry.key.from.rawValue)\", \"to\": \"\(entry.key.to.rawValue)\", \"count\": \(entry.value)}"
        }
        out += "], \"intent\": {\"accidentalDismissals\": \(accidentalDismissals.count)"
        out += ", \"missedDismissals\": \(missedDismissals.count), \"nowAgree\": \(nowAgree.count)}"
        out += ", \"settings\": ["
        for (index, setting) in settingChanges.enumerated() {
            if index > 0 { out += ", " }
            out += "{\"key\": "
            JSONWriter.appendString(setting.key, to: &out)
            out += ", \"baseline\": "
            JSONWriter.appendString(setting.old, to: &out)
            out += ", \"candidate\": "
            JSONWriter.appendString(setting.new, to: &out)
            out += "}"
        }
        out += "]}"
        return out
    }

    /// The changes ordered by trace name (byte order), ties impossible: names are unique.
    public var sortedChanges: [ComparedTrace] {
        changes.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    private static func append(_ label: RunLabel, to out: inout String) {
        out += "{\"run\": \(label.run), \"config\": "
        JSONWriter.appendString(label.config, to: &out)
        out += "}"
    }

    private static func append(_ summary: ResultSummary, to out: inout String) {
        out += "{\"decision\": \"\(summary.decision.rawValue)\", \"reason\": \"\(summary.reason.rawValue)\""
        out += ", \"percent\": \(JSONWriter.number(summary.percent)), \"velocity\": \(JSONWriter.number(summary.velocity))}"
    }

    private static func appendOptional(_ text: String?, to out: inout String) {
        if let text { JSONWriter.appendString(text, to: &out) } else { out += "null" }
    }
}

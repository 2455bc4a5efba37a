import PanTraceCore
import PanTraceModel

extension RunComparison {
    /// The JSON report of `replay` and `regress` (docs/commands.md §7.3), one object.
    ///
    /// The spec's keys come first and exactly as specified (`regressions`,
    /// the changes that are regressions against intent, right after
    /// `changed`); after them come `withoutBaseline`, `reasonChanges` (a
    /// count) and `reasonChangedTraces` (those traces: `trace`, `decision`,
    /// the `baseline` and `candidate` reasons, `family`, `intent`),
    /// `decisionChanges` and `detentChanges` (the changes counted apart),
    /// `base` (where the candidate's config came from, or null),
    /// `transitions`, `intent`, the `settings` that differ and `warnings`
    /// (sentences, `warnings`). Each change also carries the trace's
    /// `family` and `intent`, and its `change` (`decision` or `detent`)
    /// and `wording` (by where it rests: `large → medium`). Both lists are sorted by trace name, so the
    /// report is stable.
    ///
    /// A judged `regress` passes its ``RegressionJudgement``: `regressions`
    /// then leaves out the changes the allow list accepted, `allowed` (with
    /// an allow list) counts those, and `verdict` closes the object:
    /// `{"result": "pass", "reason": …, "failOn": …, "counted": …,
    /// "maxChanges": …, "allow": {"file": …, "traces": [{"trace": …,
    /// "line": …, "reason": …, "changed": …}]}}` (`allow` null without a list).
    public func jsonReport(judgement: RegressionJudgement? = nil) -> String {
        var report = ""
        jsonReport(judgement: judgement) { report += $0 }
        return report
    }

    /// `jsonReport()` in pieces of a few kilobytes, passed to `write` in order.
    ///
    /// However many traces changed, the report is never held whole in memory.
    public func jsonReport(judgement: RegressionJudgement? = nil, _ write: (String) throws -> Void) rethrows {
        var out = "{\"baseline\": "
        Self.append(baseline, to: &out)
        out += ", \"candidate\": "
        Self.append(candidate, to: &out)
        out += ", \"traces\": \(traces), \"changed\": \(changed), \"regressions\": \(judgement?.regressions ?? regressions)"
        if let judgement, judgement.allowFile != nil { out += ", \"allowed\": \(judgement.accepted)" }
        out += ", \"changes\": ["
        try Self.appendList(changeList, to: &out, write) { change, out in
            // docs/commands.md §7.3: with detents, each side carries where it rests.
            let sheet = change.startDetent != nil
            if let baseline = change.baseline {
                out += ", \"baseline\": "
                Self.append(baseline, sheet: sheet, to: &out)
            }
            out += ", \"candidate\": "
            Self.append(change.candidate, sheet: sheet, to: &out)
            if let kind = change.change, let words = change.changeWording {
                out += ", \"change\": \"\(kind == .decision ? "decision" : "detent")\", \"wording\": "
                JSONWriter.appendString(words, to: &out)
            }
        }
        out += "], \"decisionChanges\": \(decisionChanges), \"detentChanges\": \(detentChanges), \"base\": "
        Self.appendOptional(base, to: &out)
        out += ", \"withoutBaseline\": \(withoutBaseline), \"stale\": \(candidateStale), \"baselineStale\": \(baselineStale)"
        out += ", \"reasonChanges\": \(reasonChanges), \"reasonChangedTraces\": ["
        try Self.appendList(reasonChangeList, to: &out, write) { change, out in
            out += ", \"decision\": \"\(change.candidate.decision.rawValue)\""
            if let baseline = change.baseline { out += ", \"baseline\": \"\(baseline.reason.rawValue)\"" }
            out += ", \"candidate\": \"\(change.candidate.reason.rawValue)\""
        }
        out += "], \"transitions\": ["
        for (index, entry) in transitions.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { out += ", " }
            out += "{\"from\": \"\(entry.key.from.rawValue)\", \"to\": \"\(entry.key.to.rawValue)\", \"count\": \(entry.value)}"
        }
        out += "], \"intent\": {\"accidentalDismissals\": \(accidentalDismissalIndexes.count)"
        out += ", \"missedDismissals\": \(missedDismissalIndexes.count), \"wrongDetents\": \(wrongDetentIndexes.count)"
        out += ", \"nowAgree\": \(nowAgreeIndexes.count)}"
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
        out += "], \"warnings\": ["
        for (index, warning) in warnings.enumerated() {
            if index > 0 { out += ", " }
            JSONWriter.appendString(warning, to: &out)
        }
        out += "]"
        if let judgement { Self.append(judgement, to: &out) }
        out += "}"
        try write(out)
    }

    /// `, "verdict": {…}` of a judged `regress`.
    private static func append(_ judgement: RegressionJudgement, to out: inout String) {
        out += ", \"verdict\": {\"result\": \"\(judgement.word)\", \"reason\": "
        JSONWriter.appendString(judgement.sentence, to: &out)
        out += ", \"failOn\": \"\(judgement.failOn)\", \"counted\": \(judgement.counted), \"maxChanges\": \(judgement.maxChanges)"
        out += ", \"allow\": "
        guard let file = judgement.allowFile else {
            out += "null}"
            return
        }
        out += "{\"file\": "
        JSONWriter.appendString(file, to: &out)
        out += ", \"traces\": ["
        for (index, entry) in judgement.allowList.enumerated() {
            if index > 0 { out += ", " }
            out += "{\"trace\": "
            JSONWriter.appendString(entry.trace, to: &out)
            out += ", \"line\": \(entry.line), \"reason\": "
            if let reason = entry.reason { JSONWriter.appendString(reason, to: &out) } else { out += "null" }
            out += ", \"changed\": \(entry.changed)}"
        }
        out += "]}}"
    }

    /// Appends one object per trace of `list`, by name: `{"trace": …`, what
    /// `body` adds, then the trace's `family` and `intent`. Every 8 KiB the
    /// text so far goes to `write`, so that a long list is never held whole.
    private static func appendList(
        _ list: ChangeList, to out: inout String, _ write: (String) throws -> Void, _ body: (ComparedTrace, inout String) -> Void
    ) rethrows {
        for (position, index) in list.indexesByName().enumerated() {
            if position > 0 { out += ", " }
            if out.utf8.count >= 8192 {
                try write(out)
                out.removeAll(keepingCapacity: true)
            }
            let change = list[index]
            out += "{\"trace\": "
            JSONWriter.appendString(change.name, to: &out)
            body(change, &out)
            out += ", \"family\": "
            appendOptional(change.family, to: &out)
            out += ", \"intent\": "
            appendOptional(change.intent?.rawValue, to: &out)
            out += "}"
        }
    }

    /// The changes ordered by trace name (byte order), ties impossible: names are unique.
    public var sortedChanges: [ComparedTrace] {
        changeList.indexesByName().map { changeList[$0] }
    }

    private static func append(_ label: RunLabel, to out: inout String) {
        out += "{\"run\": \(label.run), \"config\": "
        JSONWriter.appendString(label.config, to: &out)
        out += "}"
    }

    private static func append(_ summary: ResultSummary, sheet: Bool, to out: inout String) {
        out += "{\"decision\": \"\(summary.decision.rawValue)\", \"reason\": \"\(summary.reason.rawValue)\""
        if sheet {
            out += ", \"detent\": "
            appendOptional(summary.detent, to: &out)
        }
        out += ", \"percent\": \(JSONWriter.number(summary.percent)), \"velocity\": \(JSONWriter.number(summary.velocity))"
        out += ", \"stale\": \(summary.stale)}"
    }

    private static func appendOptional(_ text: String?, to out: inout String) {
        if let text { JSONWriter.appendString(text, to: &out) } else { out += "null" }
    }
}

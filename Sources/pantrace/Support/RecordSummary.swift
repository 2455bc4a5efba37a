import PanTraceCore
import PanTraceStore

/// What `record` tells when it is done: traces, samples, decisions by kind and
/// reason, and agreement with intent.
struct RecordSummary {
    private(set) var traces = 0
    private(set) var samples = 0
    private var decisions: [Decision: [Reason: Int]] = [:]
    private var labelled = 0
    private var agreeing = 0
    private var accidental = 0
    private var missed = 0

    mutating func add(_ trace: Trace, _ outcome: Outcome) {
        traces += 1
        samples += trace.samples.count
        decisions[outcome.decision, default: [:]][outcome.reason, default: 0] += 1
        if let intent = trace.intent {
            labelled += 1
            if outcome.decision.agrees(with: intent) {
                agreeing += 1
            } else if intent == .cancel {
                accidental += 1
            } else {
                missed += 1
            }
        }
    }

    func report(run: RunID, config: String, db: String, seconds: Double) -> String {
        var lines = [
            "recorded run \(run) (config \(JSONWriter.string(config))) into \(db) in \(TextFormat.fixed(seconds, digits: 2)) s",
            "traces     \(traces), samples \(samples)",
        ]
        for decision in [Decision.finish, .cancel, .none] {
            let reasons = decisions[decision] ?? [:]
            let total = reasons.values.reduce(0, +)
            let detail = reasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
                .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
            lines.append("\(decision.rawValue.padded(to: 10)) \(total)" + (detail.isEmpty ? "" : " (\(detail))"))
        }
        if labelled > 0 {
            let share = TextFormat.percent(Double(agreeing) / Double(labelled))
            lines.append(
                "intent     \(agreeing) of \(labelled) labelled traces agree (\(share)); "
                    + "\(accidental) meant cancel but finished, \(missed) meant finish but did not")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

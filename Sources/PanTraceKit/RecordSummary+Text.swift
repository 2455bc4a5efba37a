import PanTraceModel
import PanTraceReports

extension RecordSummary {
    /// The summary as `record` prints it: the run, then one line per decision
    /// with its reasons (most frequent first), then the agreement with intent, then how many results match what the app did.
    ///
    /// - Parameters:
    ///   - database: the database's path, as the user named it.
    ///   - seconds: how long the record took.
    public func text(database: String, seconds: Double) -> String {
        var lines = [
            "recorded run \(run) (config \(JSONWriter.string(config))) into \(database) in \(TextFormat.fixed(seconds, digits: 2)) s",
            "traces     \(traces), samples \(samples)" + (framesStored ? "" : ", no frames stored (show recomputes them)"),
        ]
        for decision in [Decision.finish, .cancel, .none] {
            let reasons = decisions[decision] ?? [:]
            let detail = reasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
                .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
            lines.append("\(decision.rawValue.padded(to: 10)) \(count(of: decision))" + (detail.isEmpty ? "" : " (\(detail))"))
        }
        if labelled > 0 {
            let share = TextFormat.percent(Double(agreeing) / Double(labelled))
            lines.append(
                "intent     \(agreeing) of \(labelled) labelled traces agree (\(share)); "
                    + "\(accidental) meant cancel but finished, \(missed) meant finish but did not"
                    + (wrongDetent > 0 ? ", \(wrongDetent) rest at another detent than meant" : ""))
        }
        if observed > 0 {
            let share = TextFormat.percent(Double(matching) / Double(observed))
            lines.append(
                "observed   \(matching) of \(observed) traces with what the app did match it (\(share)); "
                    + "\(observed - matching) do not")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

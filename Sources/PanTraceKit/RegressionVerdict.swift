import PanTraceStore

/// How a regression ended.
public enum RegressionVerdict: Sendable, Hashable {
    /// No more changes counted than allowed.
    case passed(RegressionCount)
    /// More changes counted than allowed: CI fails (exit 1).
    case failed(RegressionCount)
    /// The run is now the baseline; nothing was judged.
    case accepted(RunID)

    /// Whether CI should fail.
    public var fails: Bool {
        if case .failed = self { return true }
        return false
    }
}

extension RegressionVerdict: CustomStringConvertible {
    /// The line `regress` ends with: `regress: ok: …`, `regress: FAIL: …` (see
    /// ``RegressionCount/description``) or `accepted: run N is now the baseline`.
    public var description: String {
        switch self {
        case .passed(let count): "regress: ok: \(count)"
        case .failed(let count): "regress: FAIL: \(count)"
        case .accepted(let run): "accepted: run \(run) is now the baseline"
        }
    }
}

import PanTraceStore

/// How a regression ended.
public enum RegressionVerdict: Sendable, Hashable {
    /// No more changes than allowed.
    case passed(changed: Int, allowed: Int)
    /// More changes than allowed: CI fails (exit 1).
    case failed(changed: Int, allowed: Int)
    /// The run is now the baseline; nothing was judged.
    case accepted(RunID)

    /// Whether CI should fail.
    public var fails: Bool {
        if case .failed = self { return true }
        return false
    }
}

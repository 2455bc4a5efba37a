import PanTraceCore

/// Which changed decisions count against a regression (`regress --fail-on`, docs/commands.md §7.3).
///
/// ```swift
/// let regression = Regression(replayer: Replayer(config: candidate), gate: .intent)
/// let comparison = try regression.replay(in: store)
/// print(regression.gate.counted(in: comparison), "regressions against intent")
/// ```
public enum RegressionGate: String, CaseIterable, Sendable, Hashable {
    /// Every changed decision counts (the default).
    case any
    /// Only a regression against intent counts (`ComparedTrace.isRegression`):
    /// a change whose trace has an intent that the baseline's result agreed
    /// with and the candidate's does not. A change that now agrees with
    /// intent, or whose trace has no intent, passes.
    case intent

    /// Whether `trace`'s change counts against the regression.
    public func counts(_ trace: ComparedTrace) -> Bool {
        switch self {
        case .any: trace.isChange
        case .intent: trace.isRegression
        }
    }

    /// How many of `comparison`'s changes count: what ``Regression/maxChanges`` is compared with.
    public func counted(in comparison: RunComparison) -> Int {
        switch self {
        case .any: comparison.changed
        case .intent: comparison.regressions
        }
    }
}

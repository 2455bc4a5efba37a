import PanTraceModel

/// How a simulated gesture ended, as far as the lift-only keys are concerned.
enum Ending: UInt8, Sendable {
    /// An `up` after the transition started: the lift-only keys decide.
    case lift
    /// A `cancel` after the transition started (docs/model.md §4.6 `cancelled`).
    case cancelled
    /// Decision `none`.
    case none

    init(_ outcome: Outcome) {
        if outcome.decision == .none {
            self = .none
        } else if outcome.reason == .cancelled {
            self = .cancelled
        } else {
            self = .lift
        }
    }
}

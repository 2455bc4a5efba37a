import PanTraceModel

/// The counts of one candidate over a set of traces (docs/commands.md §7.5, words of docs/model.md §2).
///
/// `finish + cancel + none` is every trace; `agree + accidental + missed`
/// is every trace with an intent.
public struct TuningCounts: Equatable, Hashable, Sendable {
    /// Results with decision `finish`.
    public var finish = 0
    /// Results with decision `cancel`.
    public var cancel = 0
    /// Results with decision `none` (the screen stays, the pan never drove it).
    public var none = 0
    /// Results that agree with their trace's intent: intent `finish` got
    /// `finish`, intent `cancel` got `cancel` or `none`.
    public var agree = 0
    /// Intent `cancel`, decision `finish`.
    public var accidental = 0
    /// Intent `finish`, decision `cancel` or `none`.
    public var missed = 0

    /// All zero.
    public init() {}

    /// Counts given directly (for reports and tests).
    public init(finish: Int, cancel: Int, none: Int, agree: Int, accidental: Int, missed: Int) {
        self.finish = finish
        self.cancel = cancel
        self.none = none
        self.agree = agree
        self.accidental = accidental
        self.missed = missed
    }

    /// Counts one result with `decision` for a trace with `intent`.
    public mutating func add(_ decision: Decision, intent: Intent?) {
        switch decision {
        case .finish: finish += 1
        case .cancel: cancel += 1
        case .none: none += 1
        }
        switch (intent, decision) {
        case (nil, _): break
        case (.finish, .finish), (.cancel, .cancel), (.cancel, .none): agree += 1
        case (.cancel, .finish): accidental += 1
        case (.finish, .cancel), (.finish, .none): missed += 1
        }
    }
}

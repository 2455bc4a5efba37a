import PanTraceModel

/// What a tune counts a candidate's results against (docs/commands.md §7.5):
/// what people meant (the traces' intents, the default), or what the app did
/// (the traces' `observed`, *calibration*: docs/tune.md "Against what the app did").
///
/// Against `observed` every count over labelled traces is taken over the
/// traces with `observed` instead: a result that matches
/// (`Observed/matches(decision:detent:withDetents:)`) counts as `Agreement/agree`,
/// one that does not as a mismatch (kept as `Agreement/missed`), so that
/// `agree` is `matches` and the floor, the best, the ties and the bootstrap
/// work on it unchanged.
public enum TuningObjective: String, Sendable, Hashable, CaseIterable {
    /// The traces' intents: agree, accidental, missed, wrongDetent.
    case intent
    /// What the app did: matches and mismatches.
    case observed

    /// Whether `trace` counts as labelled: it has an intent, or `observed`.
    @inline(__always)
    public func isLabelled(_ trace: Trace) -> Bool {
        switch self {
        case .intent: trace.intent != nil
        case .observed: trace.observed != nil
        }
    }

    /// The result's agreement with `trace`'s label: `Agreement`'s rule for
    /// intents; `Agreement/agree` for a match and `Agreement/missed` for a
    /// mismatch against `observed`; `nil` for a trace without the label.
    @inline(__always)
    public func agreement(of trace: Trace, decision: Decision, detent: String?, startDetent: String?) -> Agreement? {
        switch self {
        case .intent:
            return Agreement(intent: trace.intent, decision: decision, detent: detent, startDetent: startDetent)
        case .observed:
            guard let observed = trace.observed else { return nil }
            return observed.matches(decision: decision, detent: detent, withDetents: trace.detents != nil) ? .agree : .missed
        }
    }

    /// The agreement of `outcome` with `trace`'s label.
    @inline(__always)
    public func agreement(of trace: Trace, outcome: Outcome) -> Agreement? {
        agreement(
            of: trace, decision: outcome.decision, detent: outcome.detent,
            startDetent: trace.detents == nil ? nil : trace.startingDetent?.name)
    }

    /// The class of a trace without detents in ``ChunkTally``'s rows: 0 no
    /// label, 1 a label a lift matches by finishing (intent or observed
    /// `finish`), 2 one it matches by cancelling (intent `cancel`, observed
    /// `cancel`). Observed `none` is class 0: no lift matches it, which
    /// ``ChunkTally`` counts apart (``fixedMismatch(_:ending:)``).
    @inline(__always)
    func rowClass(of trace: Trace) -> Int {
        switch self {
        case .intent: return Int(Intent.code(trace.intent))
        case .observed:
            guard let observed = trace.observed else { return 0 }
            return observed == .finish ? 1 : observed == .cancel ? 2 : 0
        }
    }

    /// Against `observed`, whether a trace without detents that ended as
    /// `ending` mismatches whatever the keys read at the lift: observed
    /// `none` after a lift or a system cancel, observed `cancel` that never
    /// began (decision `none`: an app knows whether its transition began).
    /// Observed `finish` without a lift is counted as intent `finish` is.
    @inline(__always)
    func fixedMismatch(_ trace: Trace, ending: Ending) -> Bool {
        guard self == .observed, let observed = trace.observed else { return false }
        switch ending {
        case .lift, .cancelled: return observed == .none
        case .none: return observed == .cancel
        }
    }
}

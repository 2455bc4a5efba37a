import PanTraceModel

/// A stored result with the trace it belongs to.
public struct StoredResult: Equatable, Hashable, Sendable {
    /// `result.id` (for ``Store/frames(ofResult:)``).
    public var id: ResultID
    /// `trace.id`.
    public var traceID: TraceID
    /// The trace's name.
    public var traceName: String
    /// The trace's intent label, if any.
    public var intent: Intent?
    /// The trace's family, if any.
    public var family: String?
    /// The decision and its measurements.
    public var outcome: Outcome

    /// Creates a stored result from its parts.
    public init(
        id: ResultID, traceID: TraceID, traceName: String, intent: Intent?, family: String?, outcome: Outcome
    ) {
        self.id = id
        self.traceID = traceID
        self.traceName = traceName
        self.intent = intent
        self.family = family
        self.outcome = outcome
    }
}

/// The results of one trace in a candidate run and in a baseline run (docs/commands.md §7.2).
public struct ResultComparison: Equatable, Hashable, Sendable {
    /// `trace.id`.
    public var traceID: TraceID
    /// The trace's name.
    public var traceName: String
    /// The trace's intent label, if any.
    public var intent: Intent?
    /// The trace's family, if any.
    public var family: String?
    /// The baseline run's outcome; `nil` when the baseline did not simulate this trace.
    public var baseline: Outcome?
    /// The candidate run's outcome.
    public var candidate: Outcome

    /// True when the decision or the detent differs (`ResultChange`; a
    /// trace missing from the baseline is no change).
    public var isChange: Bool {
        guard let baseline else { return false }
        return ResultChange(from: baseline, to: candidate) != nil
    }

    /// Creates a comparison from its parts.
    public init(
        traceID: TraceID, traceName: String, intent: Intent?, family: String?, baseline: Outcome?,
        candidate: Outcome
    ) {
        self.traceID = traceID
        self.traceName = traceName
        self.intent = intent
        self.family = family
        self.baseline = baseline
        self.candidate = candidate
    }
}

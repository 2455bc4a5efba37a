import PanTraceStore
import PanTraceModel

/// What a record stored: its run, the traces and samples, the decisions by
/// kind and reason, and how far they agree with the traces' intent.
public struct RecordSummary: Sendable, Equatable {
    /// The stored run.
    public internal(set) var run: RunID = 0
    /// The config's name.
    public internal(set) var config: String
    /// Traces recorded.
    public private(set) var traces = 0
    /// Samples of those traces.
    public private(set) var samples = 0
    /// How many results ended with each decision, by reason.
    public private(set) var decisions: [Decision: [Reason: Int]] = [:]
    /// Traces with an intent.
    public private(set) var labelled = 0
    /// Labelled traces whose decision agrees with their intent.
    public private(set) var agreeing = 0
    /// Decision `finish` against another intent: accidental dismissals.
    public private(set) var accidental = 0
    /// Intent `finish`, decision not `finish`: missed dismissals.
    public private(set) var missed = 0
    /// With detents: not dismissed, at another detent than meant.
    public private(set) var wrongDetent = 0
    /// Traces with an observed outcome (docs/model.md "What the app did").
    public private(set) var observed = 0
    /// Of them, those whose result matches it (`Observed.matches`, the one rule).
    public private(set) var matching = 0
    /// Whether the run stored its results' frames (not when ``Recorder/storesFrames`` is false).
    public internal(set) var framesStored = true
    /// One warning per input whose times look like milliseconds
    /// (`Trace.timeUnitSuspicion`), naming its first such
    /// trace: `record` prints them on standard error.
    public internal(set) var warnings: [String] = []

    init(config: String, framesStored: Bool = true) {
        self.config = config
        self.framesStored = framesStored
    }

    /// The results that ended with `decision`, whatever the reason.
    public func count(of decision: Decision) -> Int {
        decisions[decision]?.values.reduce(0, +) ?? 0
    }

    mutating func add(_ trace: Trace, _ outcome: Outcome) {
        traces += 1
        samples += trace.samples.count
        decisions[outcome.decision, default: [:]][outcome.reason, default: 0] += 1
        if let matches = trace.matches(outcome) {
            observed += 1
            if matches { matching += 1 }
        }
        switch Agreement(outcome, of: trace) {
        case nil: return
        case .agree: agreeing += 1
        case .accidental: accidental += 1
        case .missed: missed += 1
        case .wrongDetent: wrongDetent += 1
        }
        labelled += 1
    }
}

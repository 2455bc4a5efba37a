import PanTraceModel

/// What a device test must set up before it performs a trace (docs/device.md
/// "What a device test must set up"): the sheet's start detent and the
/// list's offset to scroll to first.
public struct DeviceSetup: Sendable, Hashable {
    /// The detent the sheet starts at; `nil` without detents.
    public var detent: String?
    /// The list's offset to scroll to first, in points; 0 without a scroll view.
    public var scrollOffset: Double

    /// A setup from its parts.
    public init(detent: String?, scrollOffset: Double) {
        self.detent = detent
        self.scrollOffset = scrollOffset
    }

    /// The setup `trace` starts from.
    public init(_ trace: Trace) {
        detent = trace.detents == nil ? nil : trace.startingDetent?.name
        scrollOffset = trace.scrollContent > 0 ? trace.scrollOffset : 0
    }
}

/// One side of a flip (a trace whose decision differs between two runs, docs/device.md): a run's
/// config and the result it stored for the trace.
public struct FlipSide: Sendable, Hashable {
    /// The run's config's name.
    public var config: String
    /// The result's decision.
    public var decision: Decision
    /// The detent the result rests at; `nil` without detents or when dismissed.
    public var detent: String?

    /// A side from its parts.
    public init(config: String, decision: Decision, detent: String?) {
        self.config = config
        self.decision = decision
        self.detent = detent
    }

    /// `rests at large`, `dismissed` for a sheet (`sheet`); the decision
    /// (`finish`, `cancel`) for a trace without detents.
    public func restingWords(sheet: Bool) -> String {
        guard sheet else { return decision.rawValue }
        switch Rest(decision: decision, detent: detent) {
        case .dismissed: return Rest.dismissed.word
        case .detent(let name): return "rests at \(name)"
        case .shown: return "rests where it was"
        }
    }
}

/// Both sides of a flip: the baseline run's result and the other run's.
public struct FlipSides: Sendable, Hashable {
    /// The baseline run's.
    public var baseline: FlipSide
    /// The other run's: the one compared with the baseline.
    public var candidate: FlipSide

    /// Both sides.
    public init(baseline: FlipSide, candidate: FlipSide) {
        self.baseline = baseline
        self.candidate = candidate
    }
}

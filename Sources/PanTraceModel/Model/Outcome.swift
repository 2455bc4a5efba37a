/// How a gesture ended (docs/model.md §4.6).
public enum Decision: String, Sendable, CaseIterable, Hashable {
    case finish, cancel, none
}

/// Why a gesture ended the way it did (docs/model.md §4.2, §4.3, §4.6, §4.10).
public enum Reason: String, Sendable, CaseIterable, Hashable {
    case threshold, belowThreshold, flick, reverseFlick, projection, guarded, cancelled
    case tooManyTouches, neverBegan, scrollOwned
    /// docs/model.md §4.10: a fast release moved one detent further.
    case step
    /// docs/model.md §4.10: a trace with detents under an interaction other than pull-to-dismiss.
    case notApplicable
    /// docs/model.md §4.2: a screen-edge pan whose `down` was outside the edge.
    case outsideEdge
}

/// The outcome of one trace under one config: one row of the `decisions` view.
public struct Outcome: Equatable, Hashable, Sendable {
    public var decision: Decision
    public var reason: Reason
    /// Percent complete when the gesture ended; 0 for `none`.
    public var percent: Double
    public var peakPercent: Double
    /// Release velocity in points per second along the interaction's direction;
    /// 0 unless the gesture ended with a lift after the transition started.
    public var velocity: Double
    /// The projected percent, only for a result decided by the `projection` rule at a lift.
    public var projected: Double?
    /// Seconds the transition takes to finish or cancel after the gesture (docs/model.md §4.7).
    public var settle: Double
    /// Points the scroll content was dragged past its edge (docs/model.md §4.3).
    public var overscroll: Double
    /// Points between the finger and the view for a non-linear curve (docs/model.md §4.8).
    public var trackingError: Double
    /// True when a guarded transition refused a finish (`presentationControllerDidAttemptToDismiss`).
    public var attempted: Bool
    /// 0-based index of the sample at which the pan began.
    public var beganSeq: Int?
    /// 0-based index of the sample at which the transition started.
    public var startSeq: Int?
    /// Seconds from the last `down` or `move` to the `up`, for a result
    /// decided at a lift; else 0 (docs/model.md §4.6).
    public var rest: Double
    /// True when a finger that had rested at least 0.05 s was decided by the
    /// velocity of its last movement: with `v = 0` the rule would have
    /// decided the other way (docs/model.md §4.6).
    public var stale: Bool
    /// For a trace with detents, the detent the result rests at
    /// (docs/model.md §4.10): the target for `cancel`, the start's for
    /// `none`; `nil` when dismissed and for a trace without detents.
    public var detent: String?

    public init(
        decision: Decision, reason: Reason, percent: Double = 0, peakPercent: Double = 0,
        velocity: Double = 0, projected: Double? = nil, settle: Double = 0, overscroll: Double = 0,
        trackingError: Double = 0, attempted: Bool = false, beganSeq: Int? = nil, startSeq: Int? = nil,
        rest: Double = 0, stale: Bool = false, detent: String? = nil
    ) {
        self.detent = detent
        self.decision = decision
        self.reason = reason
        // docs/model.md §4.5, "Finite numbers": a result never holds ±∞ or NaN.
        self.percent = percent.saturated
        self.peakPercent = peakPercent.saturated
        self.velocity = velocity.saturated
        self.projected = projected?.saturated
        self.settle = settle.saturated
        self.overscroll = overscroll.saturated
        self.trackingError = trackingError.saturated
        self.attempted = attempted
        self.beganSeq = beganSeq
        self.startSeq = startSeq
        self.rest = rest
        self.stale = stale
    }
}

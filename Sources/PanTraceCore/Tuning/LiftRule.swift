import PanTraceModel

/// What SPEC 4.6 decides at a lift, reduced to one number per result: the
/// candidate finishes exactly when `threshold ≤ score`.
///
/// The keys it reads (`decision`, `flickVelocity`, `decelerationRate`,
/// `guarded`; `threshold` is compared with the score) never change the
/// trajectory of a simulation, so a trace simulated once can be decided for
/// any number of them. The comparisons and the projection's expression are
/// the simulator's, operation for operation, so the decision is bit for bit
/// the one `Simulator.simulate` makes.
enum LiftRule: Hashable, Sendable {
    /// `p ≥ threshold`.
    case threshold
    /// `v ≥ flickVelocity` finishes, `v ≤ −flickVelocity` cancels, else as `threshold`.
    case velocity(flickVelocity: Double)
    /// `p + (v/1000 · r/(1 − r)) / E ≥ threshold`.
    case projection(decelerationRate: Double)
    /// `guarded`: every finish becomes a cancel.
    case never

    /// The rule `config` decides with (its threshold aside).
    init(_ config: Config) {
        if config.guarded {
            self = .never
            return
        }
        switch config.decision {
        case .threshold: self = .threshold
        case .velocity: self = .velocity(flickVelocity: config.flickVelocity)
        case .projection: self = .projection(decelerationRate: config.decelerationRate)
        }
    }

    /// The score of a lift at percent `p` with velocity `v` over extent `extent`.
    @inline(__always)
    func score(percent p: Double, velocity v: Double, extent: Double) -> Double {
        switch self {
        case .threshold:
            return p
        case .velocity(let flick):
            // SPEC 4.6: the flick tests come first, in this order.
            if v >= flick { return .infinity }
            if v <= -flick { return -.infinity }
            return p
        case .projection(let r):
            return p + (v / 1000 * r / (1 - r)) / extent
        case .never:
            return -.infinity
        }
    }

    /// The extent `E` of SPEC 4 for `trace` under `config`.
    static func extent(of trace: Trace, under config: Config) -> Double {
        config.extent ?? (config.interaction.isHorizontal ? trace.width : trace.height)
    }
}

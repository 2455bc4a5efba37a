import PanTraceModel

/// The decision at a lift (docs/model.md §4.6), the one place it is written:
/// the simulation (`PanMachine.lift`), `tune` (``ChunkTally``,
/// ``TuningComparison``) and the release map's boundaries
/// (``DecisionBoundary``) all decide through it.
///
/// The rule holds every key read at the lift except `threshold`. For a lift
/// at percent `p` with velocity `v` over extent `E`, ``verdict(percent:velocity:extent:)``
/// says what happens whatever the threshold is: a finish, a cancel, or a
/// value compared with the threshold as a fraction `T`. Whether a lift
/// finishes is monotone in `threshold` (a lift that finishes at one
/// threshold finishes at every smaller one), so `tune` decides a lift for
/// all its swept thresholds with one binary search
/// (``finishCount(sorted:percent:velocity:extent:percentRank:)``).
/// None of these keys changes the trajectory of a simulation.
package struct LiftRule: Hashable, Sendable {
    /// How a lift decides (the `decision` key and the keys only it reads).
    package enum Mechanism: Hashable, Sendable {
        /// `p ≥ T`.
        case threshold
        /// `v ≥ F` finishes, with `reverseFlick` `v ≤ −F` cancels, else as `threshold`.
        case velocity(flickVelocity: Double, unit: FlickVelocityUnit, reverse: Bool)
        /// `p + (v/1000 · r/(1 − r)) / E ≥ T`.
        case projection(decelerationRate: Double)
        /// `p + v · lookahead / E ≥ T`.
        case lookahead(seconds: Double)
    }

    /// What a lift gives before the threshold is known.
    package enum Verdict: Equatable {
        /// A finish at every threshold, for this reason.
        case finish(Reason)
        /// A cancel at every threshold, for this reason.
        case cancel(Reason)
        /// A finish (for `reason`) when `value ≥ T`, else `cancel`/`belowThreshold`.
        case compare(Double, Reason)
    }

    /// The decision of one lift.
    package struct Decided: Equatable {
        package var decision: Decision
        package var reason: Reason
        /// The projected percent, for `projection` and `lookahead`.
        package var projected: Double?
        /// True when `guarded` refused a finish.
        package var attempted: Bool
        /// For a sheet with detents, the target anchor's index (0 = dismissed; ``DetentRule``).
        package var anchor: Int = 0
    }

    package var mechanism: Mechanism
    package var thresholdUnit: ThresholdUnit
    /// `isModalInPresentation`: every finish becomes a cancel.
    package var guarded: Bool

    /// The rule `config` decides with (its threshold aside).
    package init(_ config: Config) {
        switch config.decision {
        case .threshold: mechanism = .threshold
        case .velocity:
            mechanism = .velocity(
                flickVelocity: config.flickVelocity, unit: config.flickVelocityUnit, reverse: config.reverseFlick)
        case .projection: mechanism = .projection(decelerationRate: config.decelerationRate)
        case .lookahead: mechanism = .lookahead(seconds: config.lookahead)
        }
        thresholdUnit = config.thresholdUnit
        guarded = config.guarded
    }

    /// The extent `E` of docs/model.md §4 for `trace` under `config`.
    package static func extent(of trace: Trace, under config: Config) -> Double {
        config.extent(width: trace.width, height: trace.height)
    }

    /// The threshold as a fraction `T` (docs/model.md §4.6): `threshold`, or
    /// `threshold / E` in points.
    @inline(__always)
    package func fraction(_ threshold: Double, extent: Double) -> Double {
        thresholdUnit == .fraction ? threshold : threshold / extent
    }

    /// The flick speed `F` of the `velocity` rule at percent `p`, in pt/s.
    @inline(__always)
    package static func flickSpeed(_ flick: Double, unit: FlickVelocityUnit, percent p: Double, extent: Double) -> Double {
        switch unit {
        case .points: flick
        case .extents: flick * extent
        case .remaining: flick * (1 - p) * extent
        }
    }

    /// What the lift gives before `guarded` and the threshold apply, and the
    /// projected percent when the rule projects.
    @inline(__always)
    package func verdict(percent p: Double, velocity v: Double, extent: Double) -> (Verdict, projected: Double?) {
        switch mechanism {
        case .threshold:
            return (.compare(p, .threshold), nil)
        case .velocity(let flick, let unit, let reverse):
            // docs/model.md §4.6: the flick tests come first, in this order.
            let speed = Self.flickSpeed(flick, unit: unit, percent: p, extent: extent)
            if v >= speed { return (.finish(.flick), nil) }
            if reverse, v <= -speed { return (.cancel(.reverseFlick), nil) }
            return (.compare(p, .threshold), nil)
        case .projection(let r):
            let projected = p + (v / 1000 * r / (1 - r)) / extent
            return (.compare(projected, .projection), projected)
        case .lookahead(let seconds):
            let projected = p + v * seconds / extent
            return (.compare(projected, .projection), projected)
        }
    }

    /// True when the lift finishes at `threshold`, before `guarded` applies.
    @inline(__always)
    package func finishes(percent p: Double, velocity v: Double, extent: Double, threshold: Double) -> Bool {
        switch verdict(percent: p, velocity: v, extent: extent).0 {
        case .finish: true
        case .cancel: false
        case .compare(let value, _): value >= fraction(threshold, extent: extent)
        }
    }

    /// The decision of a lift at `threshold`, `guarded` applied.
    package func decide(percent p: Double, velocity v: Double, extent: Double, threshold: Double) -> Decided {
        let (verdict, projected) = self.verdict(percent: p, velocity: v, extent: extent)
        var decided: Decided
        switch verdict {
        case .finish(let reason):
            decided = Decided(decision: .finish, reason: reason, projected: projected, attempted: false)
        case .cancel(let reason):
            decided = Decided(decision: .cancel, reason: reason, projected: projected, attempted: false)
        case .compare(let value, let reason):
            decided =
                value >= fraction(threshold, extent: extent)
                ? Decided(decision: .finish, reason: reason, projected: projected, attempted: false)
                : Decided(decision: .cancel, reason: .belowThreshold, projected: projected, attempted: false)
        }
        if guarded, decided.decision == .finish {
            // docs/model.md §4.6: isModalInPresentation refuses; it settles as a cancel.
            (decided.decision, decided.reason, decided.attempted) = (.cancel, .guarded, true)
        }
        return decided
    }

    /// The shortest rest, in seconds, that makes a decision stale (docs/model.md §4.6).
    package static let staleRest = 0.05

    /// docs/model.md §4.6: the finger had rested at least 0.05 s and, with
    /// `v = 0`, the rule (before `guarded`) would have decided the other way.
    package func isStale(percent p: Double, velocity v: Double, extent: Double, threshold: Double, rest: Double) -> Bool {
        guard rest >= Self.staleRest - 1e-9 else { return false }
        return finishes(percent: p, velocity: v, extent: extent, threshold: threshold)
            != finishes(percent: p, velocity: 0, extent: extent, threshold: threshold)
    }

    /// How many of the ascending `sorted` thresholds the lift finishes at
    /// (they are a prefix: finishing is monotone in the threshold);
    /// `percentRank` is the number of them ≤ `p`, computed once per lift.
    @inline(__always)
    package func finishCount(
        sorted: UnsafeBufferPointer<Double>, percent p: Double, velocity v: Double, extent: Double, percentRank: Int
    ) -> Int {
        if guarded { return 0 }
        switch verdict(percent: p, velocity: v, extent: extent).0 {
        case .finish: return sorted.count
        case .cancel: return 0
        case .compare(let value, _):
            switch thresholdUnit {
            case .fraction:
                if case .threshold = mechanism { return percentRank }
                if case .velocity = mechanism { return percentRank }
                return TuningPlan.countAtMost(sorted, value)
            case .points:
                // `value ≥ threshold / E`, the division the simulation makes.
                var low = 0
                var high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle] / extent <= value { low = middle + 1 } else { high = middle }
                }
                return low
            }
        }
    }
}

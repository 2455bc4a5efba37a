import PanTraceModel

/// Where a sheet with detents settles at a lift (docs/model.md §4.10), the
/// one place it is written: the simulation (`PanMachine`) decides through it.
///
/// The anchors are 0 (dismissed) and the detents' heights, in increasing
/// order `a_0 = 0 < a_1 < … < a_n`, as fractions of the extent; with
/// `dismissible: false` the detents alone (``bottom`` is then 1: index 0
/// stays dismissed, an anchor no target reaches).
package struct DetentRule: Sendable {
    /// The anchors' heights, `a_0 = 0` first.
    package let heights: [Double]
    /// The anchors' detent names; `names[0]` (dismissed) is empty.
    package let names: [String]
    /// The index of the start detent among the anchors.
    package let start: Int
    private(set) var config: Config

    /// The rule for `trace`'s detents under `config`; `nil` for a trace without detents.
    package init?(_ trace: Trace, config: Config) {
        guard let detents = trace.detents, !detents.isEmpty, let starting = trace.startingDetent else { return nil }
        // Built once per simulation: two arrays, and a sort only for detents
        // not given from the lowest up.
        var sorted = detents
        if zip(detents, detents.dropFirst()).contains(where: { $0.height >= $1.height }) {
            sorted.sort { $0.height < $1.height }
        }
        var heights: [Double] = []
        var names: [String] = []
        heights.reserveCapacity(sorted.count + 1)
        names.reserveCapacity(sorted.count + 1)
        heights.append(0)
        names.append("")
        for detent in sorted {
            heights.append(detent.height)
            names.append(detent.name)
        }
        self.heights = heights
        self.names = names
        start = (sorted.firstIndex { $0.name.isScalarEqual(to: starting.name) } ?? sorted.count - 1) + 1
        self.config = config
    }

    /// The same anchors under `config` (whose trajectory is the same: only
    /// the keys read at the lift differ).
    package func under(_ config: Config) -> DetentRule {
        var rule = self
        rule.config = config
        return rule
    }

    /// `H_s`, the start detent's height.
    package var startHeight: Double { heights[start] }
    /// The index of `a_n`, the tallest anchor.
    var top: Int { heights.count - 1 }
    /// The index of `a_0`, the lowest anchor: dismissed, or the lowest
    /// detent of a sheet that is not dismissible.
    var bottom: Int { config.dismissible ? 0 : 1 }

    // MARK: Helpers (docs/model.md §4.10)

    /// The largest anchor `< x`, else `a_0`.
    func below(_ x: Double) -> Int {
        var index = bottom
        for i in bottom...top where heights[i] < x { index = i }
        return index
    }

    /// The smallest anchor `> x`, else `a_n`.
    func above(_ x: Double) -> Int {
        for i in bottom...top where heights[i] > x { return i }
        return top
    }

    /// The anchor nearest to `x`; a tie goes to the taller.
    func nearest(_ x: Double) -> Int {
        var best = bottom
        for i in bottom...top where abs(heights[i] - x) <= abs(heights[best] - x) { best = i }
        return best
    }

    /// The anchor a release at `x` goes to by position alone: between two
    /// neighbouring anchors, the one away from the start when the progress
    /// from the start's side reaches the threshold.
    func positional(_ x: Double, extent: Double) -> Int {
        if x >= heights[top] { return top }
        if x <= heights[bottom] { return bottom }
        var i = bottom
        while i + 1 < heights.count, !(heights[i] <= x && x < heights[i + 1]) { i += 1 }
        let (from, to) = startHeight >= heights[i + 1] ? (i + 1, i) : (i, i + 1)
        let distance = abs(x - heights[from])
        let progress =
            config.thresholdUnit == .fraction ? distance / (heights[i + 1] - heights[i]) : distance * extent
        return progress >= config.threshold ? to : from
    }

    // MARK: The target

    /// The target of a lift at height `h` with velocity `v`, before `guarded`.
    package struct Target: Equatable, Sendable {
        /// The anchor's index (0 = dismissed).
        package var anchor: Int
        /// The reason set by a step of the rule (`flick`, `reverseFlick`, `step`), else `nil`.
        package var reason: Reason?
        /// `(H_s − x) / H_s` for `projection` and `lookahead`.
        package var projected: Double?
    }

    /// docs/model.md §4.10, the steps up to `maxSteps`.
    package func target(height h: Double, velocity v: Double, extent: Double) -> Target {
        var target: Target
        switch config.decision {
        case .threshold:
            target = Target(anchor: positional(h, extent: extent), reason: nil, projected: nil)
        case .velocity:
            let shown = min(max(h, heights[bottom]), heights[top])
            let speed: Double
            switch config.flickVelocityUnit {
            case .points: speed = config.flickVelocity
            case .extents: speed = config.flickVelocity * extent
            case .remaining:
                let distance = v >= 0 ? shown - heights[below(shown)] : heights[above(shown)] - shown
                speed = config.flickVelocity * distance * extent
            }
            if v >= speed {
                target = Target(anchor: below(shown), reason: .flick, projected: nil)
            } else if config.reverseFlick, v <= -speed {
                target = Target(anchor: above(shown), reason: .reverseFlick, projected: nil)
            } else {
                target = Target(anchor: positional(h, extent: extent), reason: nil, projected: nil)
            }
        case .projection, .lookahead:
            let travel =
                config.decision == .projection
                ? (v / 1000 * config.decelerationRate / (1 - config.decelerationRate)) / extent
                : v * config.lookahead / extent
            let x = h - travel
            let projected = (startHeight - x) / startHeight
            if config.stepOrigin == .release {
                // docs/model.md §4.10 "From the release": replaces positional, Step and At most.
                return Target(anchor: fromRelease(height: h, velocity: v, projectedHeight: x, extent: extent), reason: nil,
                    projected: projected)
            }
            target = Target(anchor: positional(x, extent: extent), reason: nil, projected: projected)
            if config.stepVelocity > 0, abs(v) >= config.stepVelocity {
                // UIKit's sheet: a fast release whose projection stays at the
                // nearest anchor, with the finger past it, goes one further.
                let near = nearest(h)
                if target.anchor == near {
                    if v > 0, h < heights[near], near > bottom {
                        target.anchor = near - 1
                        target.reason = .step
                    } else if v < 0, h > heights[near], near < top {
                        target.anchor = near + 1
                        target.reason = .step
                    }
                }
            }
        }
        if config.maxSteps > 0 {
            if target.anchor > start + config.maxSteps { target.anchor = start + config.maxSteps }
            if target.anchor < start - config.maxSteps { target.anchor = start - config.maxSteps }
        }
        return target
    }

    /// docs/model.md §4.10 "From the release": at most one anchor from where
    /// the finger lifts, in the release's direction, when the projected
    /// height `x` gets strictly more than `threshold` of the way there
    /// (FloatingPanel's `targetState` compares `redirectionalProgress` so).
    func fromRelease(height h: Double, velocity v: Double, projectedHeight x: Double, extent: Double) -> Int {
        let down = v > 0 || (v == 0 && h < startHeight)
        let from: Int
        let to: Int
        let gain: Double
        if down {
            var index = top
            for i in (bottom...top).reversed() where heights[i] >= h { index = i }
            from = index
            to = max(from - 1, bottom)
            gain = max(0, heights[from] - x)
        } else {
            var index = bottom
            for i in bottom...top where heights[i] <= h { index = i }
            from = index
            to = min(from + 1, top)
            gain = max(0, x - heights[from])
        }
        guard to != from else { return from }
        let progress = config.thresholdUnit == .fraction ? gain / abs(heights[from] - heights[to]) : gain * extent
        return progress > config.threshold ? to : from
    }

    /// The decision at a lift, with `guarded` applied.
    package func decide(height h: Double, velocity v: Double, extent: Double) -> LiftRule.Decided {
        let target = self.target(height: h, velocity: v, extent: extent)
        var anchor = target.anchor
        var reason = target.reason
        var attempted = false
        if config.guarded, anchor == 0 {
            // isModalInPresentation refuses the dismissal: the lowest detent.
            anchor = 1
            reason = .guarded
            attempted = true
        }
        if reason == nil {
            if anchor == start {
                reason = .belowThreshold
            } else {
                switch config.decision {
                case .threshold, .velocity: reason = .threshold
                case .projection, .lookahead: reason = .projection
                }
            }
        }
        return LiftRule.Decided(
            decision: anchor == 0 ? .finish : .cancel, reason: reason ?? .threshold, projected: target.projected,
            attempted: attempted, anchor: anchor)
    }

    /// docs/model.md §4.10 "Stale": the steps with `v = 0` give another anchor.
    package func isStale(height h: Double, velocity v: Double, extent: Double, rest: Double) -> Bool {
        guard rest >= LiftRule.staleRest - 1e-9 else { return false }
        return target(height: h, velocity: v, extent: extent).anchor
            != target(height: h, velocity: 0, extent: extent).anchor
    }

    /// Seconds to settle from height `h` at anchor `anchor` (docs/model.md §4.10 "Settling").
    package func settle(height h: Double, at anchor: Int) -> Double {
        // The sheet crosses the whole extent in `duration`, wherever it starts.
        abs(min(max(h, 0), heights[top]) - heights[anchor]) * config.duration / config.completionSpeed
    }

    /// The detent name of anchor `index`; `nil` for dismissed.
    package func name(of index: Int) -> String? {
        index == 0 ? nil : names[index]
    }
}

import PanTraceModel

/// Where a config's decision rule turns from cancel to finish in the release
/// map's plane of percent `p` (across) and release velocity `v` in pt/s (up),
/// docs/model.md §4.6.
///
/// The line is traced from `LiftRule`, the rule the simulation decides
/// with: every rule finishes at a velocity at least as large as one that
/// finishes, so at each percent the boundary is the smallest velocity that
/// finishes, found by bisection; where it jumps (a threshold, the end of a
/// flick line) the jump is found by bisection too and drawn as a vertical
/// segment. The reports draw it and word it (`DecisionBoundary+Legend`).
public struct DecisionBoundary: Sendable {
    /// The boundary as a polyline in data coordinates, oriented so that finish
    /// lies on the right-hand side when it is walked in order (from the right
    /// edge to the left: a threshold line upward, a flick line leftward).
    /// Empty when it cannot be drawn (no extent for a rule that reads one).
    public var points: [(Double, Double)]
    /// The config whose rule the line is.
    public var config: Config
    /// The extent the line is drawn for, when known.
    public var extent: Double?

    /// Percents sampled across the plot.
    static let samples = 200

    /// The boundary of `config` over percents 0–1 and velocities `lower…upper`;
    /// `extent` is the corpus's most common extent `E` (used by every rule
    /// that reads it: points thresholds, flick speeds in extents, projections).
    public init(_ config: Config, extent: Double?, velocities lower: Double, _ upper: Double) {
        self.config = config
        self.extent = extent
        let readsExtent =
            config.thresholdUnit == .points || config.decision == .projection || config.decision == .lookahead
            || (config.decision == .velocity && config.flickVelocityUnit != .points)
        guard let e = extent ?? (readsExtent ? nil : 1), e > 0, lower < upper else {
            points = []
            return
        }
        var rule = LiftRule(config)
        // The line a guarded config would draw without the guard (the legend says so).
        rule.guarded = false
        let threshold = config.threshold
        // The smallest velocity in lower…upper that finishes at p: `lower` when
        // everything finishes, `upper` when nothing does.
        func edge(_ p: Double) -> Double {
            if rule.finishes(percent: p, velocity: lower, extent: e, threshold: threshold) { return lower }
            if !rule.finishes(percent: p, velocity: upper, extent: e, threshold: threshold) { return upper }
            var (low, high) = (lower, upper)
            while true {
                let middle = low + (high - low) / 2
                if middle <= low || middle >= high { return high }
                if rule.finishes(percent: p, velocity: middle, extent: e, threshold: threshold) {
                    high = middle
                } else {
                    low = middle
                }
            }
        }
        // A difference that survives bisection down to neighbouring doubles is a jump.
        let jump = (upper - lower) * 1e-9 + 1e-6
        let percents = (0...Self.samples).reversed().map { Double($0) / Double(Self.samples) }
        let edges = percents.map(edge)
        // A pair that changes as its neighbour does lies on a straight piece: no bisection.
        func steady(_ index: Int) -> Bool {
            let change = edges[index + 1] - edges[index]
            return [index - 1, index + 1].contains { other in
                guard other >= 0, other + 1 < edges.count else { return false }
                return abs(edges[other + 1] - edges[other] - change) <= 1e-9 * (abs(change) + 1)
            }
        }
        var line: [(Double, Double)] = [(percents[0], edges[0])]
        for index in 0..<(percents.count - 1) {
            let (q, w, p, v) = (percents[index], edges[index], percents[index + 1], edges[index + 1])
            if abs(v - w) > jump, !steady(index) {
                // Keep the half that differs more: a jump keeps its whole height.
                var (left, leftValue, right, rightValue) = (p, v, q, w)
                while true {
                    let middle = left + (right - left) / 2
                    if middle <= left || middle >= right { break }
                    let value = edge(middle)
                    if abs(value - leftValue) >= abs(rightValue - value) {
                        (right, rightValue) = (middle, value)
                    } else {
                        (left, leftValue) = (middle, value)
                    }
                }
                if abs(leftValue - rightValue) > jump {
                    line.append((right, rightValue))
                    line.append((right, leftValue))
                }
            }
            line.append((p, v))
        }
        points = line
    }
}

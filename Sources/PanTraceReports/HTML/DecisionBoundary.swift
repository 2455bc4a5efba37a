import PanTraceCore
import PanTraceModel

/// Where a config's decision rule turns from cancel to finish in the release
/// map's plane of percent `p` (across) and release velocity `v` in pt/s (up),
/// SPEC 4.6.
struct DecisionBoundary {
    /// The boundary as a polyline in data coordinates, oriented so that finish
    /// lies on the right-hand side when it is walked in order (the threshold
    /// line upward, the flick lines from the lower right to the upper left).
    /// Empty when it cannot be drawn.
    var points: [(Double, Double)]
    /// What the line is, for the legend.
    var description: String

    /// The boundary of `config` over percents 0–1 and velocities `lower…upper`;
    /// `extent` is the corpus's most common extent `E` (projection only).
    init(_ config: Config, extent: Double?, velocities lower: Double, _ upper: Double) {
        let threshold = config.threshold
        let percent = HTMLText.number(threshold * 100, digits: 1) + " %"
        switch config.decision {
        case .threshold:
            points = [(threshold, lower), (threshold, upper)]
            description = "threshold: finish at p ≥ \(percent)"
        case .velocity:
            // SPEC 4.6: v ≥ F finishes, v ≤ −F cancels, else the threshold decides.
            let flick = config.flickVelocity
            points = [(2, -flick), (threshold, -flick), (threshold, flick), (-1, flick)]
            description =
                "velocity: finish at v ≥ \(HTMLText.number(flick, digits: 1)) pt/s, cancel at v ≤ "
                + "−\(HTMLText.number(flick, digits: 1)) pt/s, else at p ≥ \(percent)"
        case .projection:
            // projected = p + (v/1000 · r/(1 − r)) / E = threshold
            //   ⇔ v = (threshold − p) · E · 1000 · (1 − r) / r
            let r = config.decelerationRate
            if let extent, extent > 0, r > 0, r < 1 {
                let slope = extent * 1000 * (1 - r) / r
                points = [(2, (threshold - 2) * slope), (-1, (threshold + 1) * slope)]
                description =
                    "projection: finish at p + (v/1000 · r/(1 − r))/E ≥ \(percent), drawn for the most common "
                    + "extent E = \(HTMLText.number(extent, digits: 1)) pt (r = \(HTMLText.number(r, digits: 4)))"
            } else {
                points = []
                description = "projection: no boundary drawn (no extent)"
            }
        }
        if config.guarded {
            description += "; guarded: every finish becomes a cancel"
        }
    }
}

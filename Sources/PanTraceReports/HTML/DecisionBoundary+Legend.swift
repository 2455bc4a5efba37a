import PanTraceCore
import PanTraceModel

extension DecisionBoundary: CustomStringConvertible {
    /// What the line is, for the legend: the rule in symbols, the extent it
    /// is drawn for, and whether it could be drawn.
    public var description: String {
        Self.describe(config, extent: extent) + (points.isEmpty ? " (no boundary drawn: no extent)" : "")
    }

    static func describe(_ config: Config, extent: Double?) -> String {
        let threshold =
            config.thresholdUnit == .fraction
            ? "p ≥ " + HTMLText.number(config.threshold * 100, digits: 1) + " %"
            : "p · E ≥ " + HTMLText.number(config.threshold, digits: 1) + " pt"
        let extentText = extent.map { "E = \(HTMLText.number($0, digits: 1)) pt" } ?? "no extent"
        var text: String
        switch config.decision {
        case .threshold:
            text = "threshold: finish at \(threshold)"
        case .velocity:
            let flick = HTMLText.number(config.flickVelocity, digits: 1)
            let speed =
                switch config.flickVelocityUnit {
                case .points: "\(flick) pt/s"
                case .extents: "\(flick) E/s"
                case .remaining: "\(flick) × (1 − p) · E per s"
                }
            text = "velocity: finish at v ≥ \(speed)"
            if config.reverseFlick { text += ", cancel at v ≤ −\(speed)" }
            text += ", else at \(threshold)"
            if config.flickVelocityUnit != .points || config.thresholdUnit == .points {
                text += ", drawn for the most common extent \(extentText)"
            }
        case .projection:
            let r = HTMLText.number(config.decelerationRate, digits: 4)
            text = "projection: finish at p + (v/1000 · r/(1 − r))/E ≥ T, drawn for the most common "
                + "extent \(extentText) (r = \(r)); T: \(threshold)"
        case .lookahead:
            let seconds = HTMLText.number(config.lookahead, digits: 3)
            text = "lookahead: finish at p + v · \(seconds) s / E ≥ T, drawn for the most common extent "
                + "\(extentText); T: \(threshold)"
        }
        if config.guarded {
            text += "; guarded: every finish becomes a cancel"
        }
        return text
    }
}

import PanTraceModel

/// Colours of the HTML reports: the Okabe–Ito palette, which stays
/// distinguishable with the common colour-vision deficiencies.
public enum Palette {
    public static let orange = "#E69F00"
    public static let skyBlue = "#56B4E9"
    public static let bluishGreen = "#009E73"
    public static let yellow = "#F0E442"
    public static let blue = "#0072B2"
    public static let vermillion = "#D55E00"
    public static let reddishPurple = "#CC79A7"
    public static let grey = "#999999"
    public static let black = "#000000"

    /// The colour of a trace's intent: finish blue, cancel (or a detent) vermillion, unlabelled grey.
    public static func colour(of intent: Intent?) -> String {
        guard let intent else { return grey }
        return intent == .finish ? blue : vermillion
    }

    /// The word the legend uses for an intent.
    public static func word(for intent: Intent?) -> String {
        intent?.rawValue ?? "unlabelled"
    }

    /// The colour of the baseline config's lines (drawn dashed).
    public static let baseline = bluishGreen
    /// The colour of the candidate config's lines (drawn solid).
    public static let candidate = reddishPurple

    /// A sequential ramp for heat maps, light (0) to dark (1) through
    /// Okabe–Ito blue, readable in grey print as well.
    public static func ramp(_ fraction: Double) -> String {
        let f = min(max(fraction.isFinite ? fraction : 0, 0), 1)
        // From #E3EEF6 (light enough for dark text, visibly not the page's
        // white) to #0072B2 (0, 114, 178), then darker to #003A5C at 1.
        let (r, g, b): (Double, Double, Double)
        if f < 0.75 {
            let t = f / 0.75
            r = 227 + (0 - 227) * t
            g = 238 + (114 - 238) * t
            b = 246 + (178 - 246) * t
        } else {
            let t = (f - 0.75) / 0.25
            r = 0
            g = 114 + (58 - 114) * t
            b = 178 + (92 - 178) * t
        }
        return "#" + hex(r) + hex(g) + hex(b)
    }

    /// Whether text on `ramp(fraction)` should be white.
    static func needsLightText(_ fraction: Double) -> Bool { fraction > 0.55 }

    private static func hex(_ component: Double) -> String {
        let value = Int(min(max(component.rounded(), 0), 255))
        let digits = Array("0123456789ABCDEF")
        return String([digits[value / 16], digits[value % 16]])
    }
}

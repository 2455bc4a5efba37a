
/// Number formatting for human reports, without Foundation.
public enum TextFormat {
    /// `value` rounded to `digits` decimals: `fixed(1210.54, digits: 1)` is `1210.5`.
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value.description }
        let whole = Int64(scaled)
        let unit = Int64(scale)
        let integer = whole / unit
        var fraction = String(whole % unit)
        while fraction.count < digits { fraction = "0" + fraction }
        let sign = value < 0 && whole != 0 ? "-" : ""
        return digits == 0 ? "\(sign)\(integer)" : "\(sign)\(integer).\(fraction)"
    }

    /// A fraction as a percentage with one decimal: `0.3125` is `31.3%`.
    public static func percent(_ fraction: Double) -> String {
        fixed(fraction * 100, digits: 1) + "%"
    }
}


/// Maps a data interval onto a pixel interval, with round tick values.
public struct LinearScale: Sendable, Equatable {
    /// The data values at the two ends (`lower < upper`).
    public var lower: Double
    public var upper: Double
    /// The pixel positions of `lower` and `upper` (SVG's y grows downward, so a
    /// vertical axis has `start > end`).
    public var start: Double
    public var end: Double

    /// A scale from `lower…upper` onto `start…end`; an empty or reversed data
    /// interval is widened to one unit so that nothing divides by zero.
    public init(_ lower: Double, _ upper: Double, onto start: Double, _ end: Double) {
        let lower = lower.isFinite ? lower : 0
        var upper = upper.isFinite ? upper : lower + 1
        if upper <= lower { upper = lower + 1 }
        self.lower = lower
        self.upper = upper
        self.start = start
        self.end = end
    }

    /// The pixel position of `value` (values outside the interval extrapolate).
    public func callAsFunction(_ value: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }

    /// The scale with its data interval widened to round tick values.
    public func nice(count: Int = 6) -> LinearScale {
        let step = Self.step(lower, upper, count: count)
        return LinearScale((lower / step).rounded(.down) * step, (upper / step).rounded(.up) * step, onto: start, end)
    }

    /// About `count` round values (1, 2 or 5 times a power of ten apart) within the interval.
    public func ticks(count: Int = 6) -> [Double] {
        let step = Self.step(lower, upper, count: count)
        // Multiples k × step, computed as k / (1/step) for fractional steps so
        // that 3 × 0.2 is 0.6, not 0.6000000000000001.
        let inverse = step < 1 ? (1 / step).rounded() : 0
        var k = (lower / step).rounded(.up)
        var ticks: [Double] = []
        while k * step <= upper + step * 1e-9, ticks.count < 100 {
            ticks.append(inverse > 0 ? k / inverse : k * step)
            k += 1
        }
        return ticks
    }

    static func step(_ lower: Double, _ upper: Double, count: Int) -> Double {
        let raw = max(upper - lower, 1e-12) / Double(max(count, 1))
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        let fraction = raw / power
        let factor: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        return factor * power
    }
}

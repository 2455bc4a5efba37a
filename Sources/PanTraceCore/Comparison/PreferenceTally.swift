import PanTraceModel

/// The answers to "Which felt better?" for one pair of configs, and what
/// they say (docs/lab.md "pantrace preferences").
///
/// Of the *decided* answers (A or B preferred; "the same" is left out),
/// the share preferring A with its 95 % Wilson score interval, and the
/// exact two-sided sign test's p. The verdict names a config only when the
/// whole interval lies on its side of one half.
///
/// ```swift
/// let tally = PreferenceTally(preferA: 4, preferB: 1, same: 1)
/// tally.shareA      // 0.8
/// tally.p           // 0.375: 2 · P(X ≥ 4), X ~ Binomial(5, ½)
/// tally.verdict     // .none: the interval includes ½
/// ```
public struct PreferenceTally: Sendable, Hashable {
    /// What the answers say.
    public enum Verdict: String, Sendable, Hashable {
        /// People preferred config A: the interval lies above one half.
        case a
        /// People preferred config B: the interval lies below one half.
        case b
        /// The answers do not tell the configs apart (the interval includes one half, or nothing was decided).
        case none
    }

    /// The normal quantile of a 95 % interval.
    public static let z = 1.959964

    /// Answers preferring A, preferring B, and "the same".
    public var preferA: Int
    public var preferB: Int
    public var same: Int

    public init(preferA: Int = 0, preferB: Int = 0, same: Int = 0) {
        self.preferA = preferA
        self.preferB = preferB
        self.same = same
    }

    /// Counts `choice`.
    public mutating func add(_ choice: Preference.Choice) {
        switch choice {
        case .a: preferA += 1
        case .b: preferB += 1
        case .same: same += 1
        }
    }

    /// Answers that preferred one config: A + B.
    public var decided: Int { preferA + preferB }

    /// The share of decided answers preferring A; `nil` when none was decided.
    public var shareA: Double? {
        decided == 0 ? nil : Double(preferA) / Double(decided)
    }

    /// The 95 % Wilson score interval of ``shareA``; `nil` when none was decided.
    ///
    /// With `n` decided, `p̂` the share and `z` = 1.959964:
    /// `(p̂ + z²/2n ± z·√(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n)`, kept in [0, 1].
    public var interval: (low: Double, high: Double)? {
        guard let share = shareA else { return nil }
        let n = Double(decided)
        let z2 = Self.z * Self.z
        let centre = share + z2 / (2 * n)
        let half = Self.z * (share * (1 - share) / n + z2 / (4 * n * n)).squareRoot()
        let scale = 1 + z2 / n
        // At a share of 0 (or 1) the bound is exactly 0 (or 1); the rounding of the square root must not move it.
        return (preferA == 0 ? 0 : max(0, (centre - half) / scale), preferB == 0 ? 1 : min(1, (centre + half) / scale))
    }

    /// The exact two-sided sign test's p: `min(1, 2 · min(P(X ≤ k), P(X ≥ k)))`
    /// with `X ~ Binomial(decided, ½)` and `k` = ``preferA``; 1 when none was decided.
    ///
    /// When `k` is a median of `X` (`|2k − n| ≤ 1`) the smaller tail is at
    /// least ½ and p is exactly 1, whatever the rounding of the sums; a p
    /// below the smallest normal double (2.2e-308) is 0.
    public var p: Double {
        let n = decided
        guard n > 0 else { return 1 }
        if abs(2 * preferA - n) <= 1 { return 1 }
        let (below, above) = Self.binomialTails(n: n, k: preferA)
        let p = min(1, 2 * min(below, above))
        return p < Double.leastNormalMagnitude ? 0 : p
    }

    /// The verdict: a config only when the interval excludes one half.
    public var verdict: Verdict {
        guard let interval else { return .none }
        if interval.low > 0.5 { return .a }
        if interval.high < 0.5 { return .b }
        return .none
    }

    /// `P(X ≤ k)` and `P(X ≥ k)` for `X ~ Binomial(n, ½)`.
    ///
    /// Up to n = 1000 each tail is `Σ C(n, i) / 2ⁿ` with the coefficients
    /// built as `C(n, i + 1) = C(n, i) · (n − i) / (i + 1)` (whole numbers,
    /// exact while below 2⁵³, so that small sessions give exact p) and the
    /// sum scaled by 2⁻ⁿ, a power of two. Past that, 2⁻ⁿ underflows: the
    /// terms are taken relative to the one at the mode and the tails divided
    /// by their sum; a term below the smallest normal double is 0 (and every
    /// term past it), far below any p a report shows: no term is subnormal.
    static func binomialTails(n: Int, k: Int) -> (below: Double, above: Double) {
        var terms = [Double](repeating: 0, count: n + 1)
        let total: Double
        if n <= 1000 {
            terms[0] = 1
            for index in 0..<n { terms[index + 1] = terms[index] * Double(n - index) / Double(index + 1) }
            var scale = 1.0
            for _ in 0..<n { scale /= 2 }
            for index in terms.indices { terms[index] *= scale }
            total = 1
        } else {
            let mode = n / 2
            terms[mode] = 1
            var index = mode
            while index > 0 {
                let term = terms[index] * Double(index) / Double(n - index + 1)
                terms[index - 1] = term < Double.leastNormalMagnitude ? 0 : term
                index -= 1
            }
            index = mode
            while index < n {
                let term = terms[index] * Double(n - index) / Double(index + 1)
                terms[index + 1] = term < Double.leastNormalMagnitude ? 0 : term
                index += 1
            }
            total = terms.reduce(0, +)
        }
        let below = terms[0...k].reduce(0, +) / total
        let above = terms[k...n].reduce(0, +) / total
        return (min(1, below), min(1, above))
    }
}

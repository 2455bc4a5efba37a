import PanTraceCore
import PanTraceModel
import Testing

/// The numbers of `pantrace preferences` (docs/lab.md), pinned from the
/// formulas worked by hand, not from the program's output.
@Suite struct PreferenceTallyTests {
    /// 4 preferring A, 1 B, 2 the same: 5 decided, share 4/5.
    ///
    /// z² = 1.959964² = 3.841458881296; with n = 5: z²/n = 0.76829177626,
    /// z²/2n = 0.38414588813, z²/4n² = 0.03841458881, p̂(1 − p̂)/n = 0.032.
    /// Centre 0.8 + 0.38414588813 = 1.18414588813, half-width
    /// 1.959964 · √0.07041458881 = 1.959964 · 0.26535747 = 0.52009107,
    /// divided by 1.76829177626: [0.37553463, 0.96377589].
    /// Sign test: P(X ≥ 4) = (C(5,4) + C(5,5)) / 32 = 6/32, P(X ≤ 4) = 31/32,
    /// p = 2 · 6/32 = 0.375. The interval includes ½: no verdict.
    @Test func fourOfFiveDecided() throws {
        var tally = PreferenceTally()
        for choice in [Preference.Choice.a, .same, .a, .b, .a, .same, .a] { tally.add(choice) }
        #expect(tally.preferA == 4 && tally.preferB == 1 && tally.same == 2 && tally.decided == 5)
        #expect(tally.shareA == 0.8)
        let interval = try #require(tally.interval)
        #expect(abs(interval.low - 0.37553463) < 1e-8, "\(interval)")
        #expect(abs(interval.high - 0.96377589) < 1e-8, "\(interval)")
        #expect(tally.p == 0.375)
        #expect(tally.verdict == .none)
    }

    /// All 5 for A: p̂ = 1, centre (1 + 0.38414588813) / 1.76829177626 = 0.78276,
    /// half-width 1.959964 · √0.03841458881 / 1.76829177626 = 0.38415 / 1.76829 = 0.21724:
    /// [0.56552, 1]. Wholly above ½, so the verdict is A, although the sign
    /// test's p = 2 · 1/32 = 0.0625: the verdict follows the interval.
    @Test func fiveOfFiveIsAVerdictForA() throws {
        let tally = PreferenceTally(preferA: 5, preferB: 0, same: 0)
        let interval = try #require(tally.interval)
        #expect(abs(interval.low - 0.56551753) < 1e-8, "\(interval)")
        #expect(abs(interval.high - 1) < 1e-12)
        #expect(tally.p == 0.0625)
        #expect(tally.verdict == .a)
    }

    /// None of 10 for A: the interval is [0, z²/n / (1 + z²/n)] =
    /// [0, 0.38414588813 / 1.38414588813] = [0, 0.27753280]; p = 2 · 1/1024.
    @Test func noneOfTenIsAVerdictForB() throws {
        let tally = PreferenceTally(preferA: 0, preferB: 10, same: 3)
        let interval = try #require(tally.interval)
        #expect(interval.low == 0)
        #expect(abs(interval.high - 0.27753280) < 1e-8, "\(interval)")
        #expect(tally.p == 2.0 / 1024)
        #expect(tally.verdict == .b)
    }

    /// Ties only: nothing decided, share and interval null, p 1, no verdict.
    @Test func tiesOnlyDecideNothing() {
        let tally = PreferenceTally(preferA: 0, preferB: 0, same: 4)
        #expect(tally.decided == 0 && tally.shareA == nil && tally.interval == nil)
        #expect(tally.p == 1)
        #expect(tally.verdict == .none)
    }

    /// The two-sided p is capped at 1: an even split of 10 has both tails
    /// 638/1024, twice that is over 1; 3 of 4 has P(X ≥ 3) = 5/16, p = 0.625.
    @Test(arguments: [(5, 5, 1.0), (3, 1, 0.625), (1, 3, 0.625), (2, 1, 1.0), (1, 0, 1.0), (0, 1, 1.0)])
    func signTestFromTheBinomial(preferA: Int, preferB: Int, p: Double) {
        #expect(PreferenceTally(preferA: preferA, preferB: preferB).p == p)
    }

    /// Properties: the interval holds the share, lies in [0, 1], and excludes
    /// ½ whenever there is a verdict; p is in (0, 1] and symmetric in A and B.
    @Test func invariantsOverManyTallies() throws {
        for decided in 1...60 {
            for preferA in 0...decided {
                let tally = PreferenceTally(preferA: preferA, preferB: decided - preferA)
                let mirrored = PreferenceTally(preferA: decided - preferA, preferB: preferA)
                let share = try #require(tally.shareA)
                let interval = try #require(tally.interval)
                #expect(0 <= interval.low && interval.low <= share && share <= interval.high && interval.high <= 1)
                #expect(tally.p > 0 && tally.p <= 1)
                #expect(abs(tally.p - mirrored.p) < 1e-12)
                switch tally.verdict {
                case .a: #expect(interval.low > 0.5)
                case .b: #expect(interval.high < 0.5)
                case .none: #expect(interval.low <= 0.5 && interval.high >= 0.5)
                }
            }
        }
    }

    /// Past the doubles' 2⁻¹⁰⁷⁴ the terms are taken relative to the mode: an
    /// even split of 3,000 has p 1, and 1,300 of 3,000 a p far below 1e-12 but above 0.
    @Test func largeSessionsStayFinite() {
        #expect(PreferenceTally(preferA: 1500, preferB: 1500).p == 1)
        let lopsided = PreferenceTally(preferA: 1300, preferB: 1700).p
        #expect(lopsided > 0 && lopsided < 1e-12)
    }

    /// When k is a median of Binomial(n, ½) the smaller tail is at least ½:
    /// p is exactly 1 (the sums' rounding once gave 0.9999999999999996); an
    /// overwhelming tally's p (2 · 2⁻²⁰⁰⁰ for 2,000 to 0) is 0, never a subnormal.
    @Test func pIsExactlyOneAtTheMedianAndNeverSubnormal() {
        for n in [1, 2, 3, 101, 999, 1001, 1999, 2001, 3001] {
            #expect(PreferenceTally(preferA: n / 2, preferB: n - n / 2).p == 1, "\(n)")
            #expect(PreferenceTally(preferA: n - n / 2, preferB: n / 2).p == 1, "\(n)")
        }
        for (a, b) in [(2000, 0), (0, 2000), (1900, 100), (5000, 3), (1, 1999)] {
            let p = PreferenceTally(preferA: a, preferB: b).p
            #expect(p == 0 || p >= Double.leastNormalMagnitude, "\(a):\(b) gives \(p)")
            #expect(!p.isSubnormal)
        }
        #expect(PreferenceTally(preferA: 2000, preferB: 0).p == 0)
    }

    /// Two configs are one comparison whichever was A: the session that had
    /// them the other way round counts its answers for the config preferred.
    @Test func comparisonsGroupAPairOfConfigsEitherWayRound() {
        let answers = [
            PreferenceComparison.Answer(configA: 1, nameA: "seed", configB: 2, nameB: "panmodal", session: "s1", choice: .a),
            .init(configA: 1, nameA: "seed", configB: 2, nameB: "panmodal", session: "s1", choice: .same),
            .init(configA: 2, nameA: "panmodal", configB: 1, nameB: "seed", session: "s2", choice: .a),
            .init(configA: 2, nameA: "panmodal", configB: 1, nameB: "seed", session: "s2", choice: .b),
            .init(configA: 1, nameA: "seed", configB: 3, nameB: "material3", session: "s3", choice: .b),
        ]
        let comparisons = PreferenceComparison.comparisons(of: answers)
        #expect(comparisons.count == 2)
        #expect(comparisons.first?.a == "seed" && comparisons.first?.b == "panmodal")
        // s1: seed (A), same; s2: panmodal preferred (→ B), seed preferred (→ A).
        #expect(comparisons.first?.tally == PreferenceTally(preferA: 2, preferB: 1, same: 1))
        #expect(comparisons.first?.sessions == 2)
        #expect(comparisons.last?.a == "seed" && comparisons.last?.b == "material3")
        #expect(comparisons.last?.tally == PreferenceTally(preferA: 0, preferB: 1, same: 0))
    }
}

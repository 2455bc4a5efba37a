import PanTraceModel

/// How sure a tune is (docs/tune.md "How sure"): 95 % bootstrap intervals
/// for the base config's and the best candidate's `agree`, `accidental`,
/// `missed` and `wrongDetent`, and for the paired gain best − base of each.
///
/// The labelled traces' outcomes under both configs (``TuningOutcome``
/// pairs, one per trace, from the tune's own decisions: nothing is simulated
/// again) are drawn with replacement ``resamples`` times by the package's
/// seeded generator (``SeededRandom`` seeded with ``seed``), so the
/// intervals are the same on every run and every machine. Each interval is
/// the 2.5th to the 97.5th percentile of its 1,000 resampled counts by
/// nearest rank (the 25th and the 975th smallest).
///
/// ```swift
/// let intervals = TuningIntervals(pairs: comparison.outcomes)
/// intervals.gain.agree      // 3...11
/// intervals.verdict         // .better
/// ```
public struct TuningIntervals: Equatable, Sendable {
    /// Resamples drawn (docs/tune.md: 1,000).
    public static let resamples = 1000
    /// The generator's seed: the same intervals on every run.
    public static let seed: UInt64 = 0x7475_6e65_2062_6f6f  // "tune boo"

    /// Intervals of the four counts over labelled traces.
    public struct Counts: Equatable, Sendable {
        public var agree: ClosedRange<Int>
        public var accidental: ClosedRange<Int>
        public var missed: ClosedRange<Int>
        /// 0...0 without detents.
        public var wrongDetent: ClosedRange<Int>

        /// The interval of the count of `agreement`.
        public subscript(agreement agreement: Agreement) -> ClosedRange<Int> {
            switch agreement {
            case .agree: agree
            case .accidental: accidental
            case .missed: missed
            case .wrongDetent: wrongDetent
            }
        }
    }

    /// `better` when the whole interval of the `agree` gain is above 0, else `uncertain`.
    public enum Verdict: String, Sendable, Equatable {
        case better, uncertain
    }

    /// The labelled traces resampled.
    public let labelled: Int
    /// The base config's counts.
    public let base: Counts
    /// The best candidate's counts.
    public let best: Counts
    /// Best − base, paired trace by trace within each resample.
    public let gain: Counts

    /// `better` when every resampled `agree` gain in the interval is above 0.
    public var verdict: Verdict { gain.agree.lowerBound > 0 ? .better : .uncertain }

    /// Intervals from one ``TuningOutcome/pair(base:best:)`` code per labelled trace.
    public init(pairs: [UInt8], resamples: Int = Self.resamples, seed: UInt64 = Self.seed) {
        labelled = pairs.count
        let count = pairs.count
        // Twelve columns per resample: base, best and gain of agree, accidental, missed, wrongDetent.
        var columns = [[Int]](repeating: [], count: 12)
        for index in columns.indices { columns[index].reserveCapacity(resamples) }
        var random = SeededRandom(seed: seed)
        var classes = [Int](repeating: 0, count: 16)
        pairs.withUnsafeBufferPointer { pairs in
            for _ in 0..<max(1, resamples) {
                for index in classes.indices { classes[index] = 0 }
                if count > 0 {
                    let span = UInt64(count)
                    for _ in 0..<count {
                        // Lemire's multiply-high, as SeededRandom.int does.
                        let draw = Int(truncatingIfNeeded: random.next().multipliedFullWidth(by: span).high)
                        classes[Int(pairs[draw])] += 1
                    }
                }
                // classes[4 * base + best]: outcome 0 agree, 1 accidental, 2 missed, 3 wrongDetent.
                for outcome in 0..<4 {
                    let base = (0..<4).reduce(0) { $0 + classes[4 * outcome + $1] }
                    let best = (0..<4).reduce(0) { $0 + classes[4 * $1 + outcome] }
                    columns[outcome].append(base)
                    columns[4 + outcome].append(best)
                    columns[8 + outcome].append(best - base)
                }
            }
        }
        let ranges = columns.map(Self.interval)
        base = Counts(agree: ranges[0], accidental: ranges[1], missed: ranges[2], wrongDetent: ranges[3])
        best = Counts(agree: ranges[4], accidental: ranges[5], missed: ranges[6], wrongDetent: ranges[7])
        gain = Counts(agree: ranges[8], accidental: ranges[9], missed: ranges[10], wrongDetent: ranges[11])
    }

    /// The 2.5th to the 97.5th percentile of `values`, by nearest rank.
    static func interval(_ values: [Int]) -> ClosedRange<Int> {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0...0 }
        func rank(_ fraction: Double) -> Int {
            // Nearest rank: the ⌈p·n⌉-th smallest (1-based).
            min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
        }
        return sorted[rank(0.025)]...sorted[rank(0.975)]
    }
}

/// What a labelled trace's result counts as, for resampling: its `Agreement`.
public enum TuningOutcome {
    /// One trace's agreement under the base and the best, as one code (`4 × base + best`).
    @inline(__always)
    public static func pair(base: Agreement, best: Agreement) -> UInt8 { 4 * base.rawValue + best.rawValue }
}

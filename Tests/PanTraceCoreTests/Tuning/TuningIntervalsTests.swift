import PropertyBased
import Testing

@testable import PanTraceCore
@testable import PanTraceModel

/// docs/tune.md "How sure": 1,000 seeded bootstrap resamples of the
/// labelled traces' paired outcomes, 95 % intervals by nearest rank.
@Suite struct TuningIntervalsTests {
    /// `count` traces whose outcomes are (base, best): 0 agree, 1 accidental, 2 missed, 3 wrong detent.
    static func pairs(_ groups: [(count: Int, base: UInt8, best: UInt8)]) -> [UInt8] {
        groups.flatMap { group in
            let base = Agreement(rawValue: group.base) ?? .wrongDetent
            let best = Agreement(rawValue: group.best) ?? .wrongDetent
            return [UInt8](repeating: TuningOutcome.pair(base: base, best: best), count: group.count)
        }
    }

    /// The same bootstrap written plainly: `SeededRandom.int` draws, one count per resample.
    static func plainBootstrap(_ pairs: [UInt8]) -> [[Int]] {
        var random = SeededRandom(seed: TuningIntervals.seed)
        var columns = [[Int]](repeating: [], count: 12)
        for _ in 0..<TuningIntervals.resamples {
            var base = [0, 0, 0, 0]
            var best = [0, 0, 0, 0]
            for _ in pairs.indices {
                let pair = Int(pairs[random.int(0...(pairs.count - 1))])
                base[pair / 4] += 1
                best[pair % 4] += 1
            }
            for outcome in 0..<4 {
                columns[outcome].append(base[outcome])
                columns[4 + outcome].append(best[outcome])
                columns[8 + outcome].append(best[outcome] - base[outcome])
            }
        }
        return columns
    }

    @Test func theIntervalsAreTheirOwnBootstrapsPercentiles() {
        let pairs = Self.pairs([(40, 0, 0), (7, 2, 0), (3, 0, 1), (5, 1, 1), (4, 2, 2), (2, 1, 0), (6, 3, 0), (2, 0, 3)])
        let intervals = TuningIntervals(pairs: pairs)
        let columns = Self.plainBootstrap(pairs)
        // Nearest rank: the 25th and the 975th smallest of 1,000.
        let expected = columns.map { column -> ClosedRange<Int> in
            let sorted = column.sorted()
            return sorted[24]...sorted[974]
        }
        let found = [intervals.base, intervals.best, intervals.gain].flatMap {
            [$0.agree, $0.accidental, $0.missed, $0.wrongDetent]
        }
        #expect(found == expected)
        #expect(intervals.labelled == 69)
        // The same every time.
        #expect(TuningIntervals(pairs: pairs) == intervals)
    }

    @Test func aCertainGainIsBetterAndNoGainIsUncertain() {
        let same = TuningIntervals(pairs: Self.pairs([(30, 0, 0), (10, 2, 2)]))
        #expect(same.gain.agree == 0...0 && same.gain.missed == 0...0)
        #expect(same.verdict == .uncertain)
        let better = TuningIntervals(pairs: Self.pairs([(60, 0, 0), (40, 2, 0)]))
        #expect(better.verdict == .better)
        #expect(better.gain.agree.lowerBound > 25 && better.gain.agree.upperBound < 55)
        #expect(better.best.agree == 100...100)
        // One gesture of 20 decides it: not reliably better.
        let knife = TuningIntervals(pairs: Self.pairs([(19, 0, 0), (1, 2, 0)]))
        #expect(knife.verdict == .uncertain && knife.gain.agree.lowerBound == 0)
    }

    @Test func intervalsStayWithinTheirCounts() async {
        await propertyCheck(count: 30, input: Gen.int(in: 1...80), Gen<UInt64>.uint64()) { count, seed in
            var random = SeededRandom(seed: seed)
            let pairs = (0..<count).map { _ in UInt8(random.int(0...15)) }
            let intervals = TuningIntervals(pairs: pairs, resamples: 200)
            for counts in [intervals.base, intervals.best] {
                for range in [counts.agree, counts.accidental, counts.missed, counts.wrongDetent] {
                    #expect(range.lowerBound >= 0 && range.upperBound <= count)
                }
            }
            for range in [intervals.gain.agree, intervals.gain.accidental, intervals.gain.missed, intervals.gain.wrongDetent] {
                #expect(range.lowerBound >= -count && range.upperBound <= count)
            }
            #expect(intervals.verdict == (intervals.gain.agree.lowerBound > 0 ? .better : .uncertain))
        }
    }
}

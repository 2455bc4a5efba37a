import PropertyBased
import Testing

@testable import PanTraceCore
@testable import PanTraceReports
@testable import PanTraceModel

/// docs/tune.md "The robust best": floors over one-step neighbours of
/// `FROM:TO:STEP` sweeps, and the best by floor, then agree, accidental, order.
@Suite struct RobustBestTests {
    /// A grid of `sweeps` with `agree` per candidate over 100 labelled traces;
    /// `accidental` per candidate (0 when not given), the rest missed.
    static func results(_ sweeps: [String], agree: [Int], accidental: [Int]? = nil) throws -> TuningResults {
        let grid = try TuningGrid(base: Config(), sweeping: sweeps)
        let counts = agree.enumerated().map { index, agree in
            let accidental = accidental?[index] ?? 0
            return TuningCounts(
                finish: 50, cancel: 50, none: 0, agree: agree, accidental: accidental, missed: 100 - agree - accidental)
        }
        return TuningResults(grid: grid, traces: 100, labelled: 100, counts: counts)
    }

    @Test func aKnifeEdgeLosesToAPlateau() throws {
        // 0.1 … 0.9: 0.5 wins by far on its own, but its neighbours lose.
        let agree = [50, 52, 54, 56, 80, 40, 58, 59, 58]
        let results = try Self.results(["threshold=0.1:0.9:0.1"], agree: agree)
        #expect((0..<9).map(results.floor(at:)) == [50, 50, 52, 54, 40, 40, 40, 58, 58])
        // 0.8 and 0.9 share the largest floor (58); 0.8 agrees with more.
        #expect(results.best() == 7)
        #expect(results.bestConfig()?.threshold == 0.8)
        #expect(results.textReport().contains("best        threshold=0.8   (largest floor: its agree and its neighbours' all at least 58)"))
    }

    @Test func tiesGoToMostAgreeThenFewerAccidentalThenTheEarlier() throws {
        // Floors: 60 everywhere but where a neighbour is lower.
        let results = try Self.results(
            ["threshold=0.1:0.5:0.1"], agree: [60, 62, 62, 62, 60], accidental: [0, 5, 3, 3, 0])
        #expect((0..<5).map(results.floor(at:)) == [60, 60, 62, 60, 60])
        #expect(results.best() == 2)
        // With at most 3 accidental the floor of 2 still counts its neighbour 1 (5 accidental).
        #expect(results.best(maxAccidental: 3) == 2)
        // 0 and 4: the same floor and agree, no accidental; the earlier wins.
        #expect(results.best(maxAccidental: 0) == 0)
        let tied = try Self.results(["threshold=0.1:0.3:0.1"], agree: [70, 70, 70], accidental: [2, 1, 1])
        #expect(tied.best() == 1)
    }

    @Test func neighboursAreOneStepInRangeSweepsOnly() throws {
        // 3 thresholds (range) × 2 decisions (list) × 3 flick velocities (range).
        let grid = try TuningGrid(
            base: Config(), sweeping: ["threshold=0.3:0.5:0.1", "decision=threshold,velocity", "flickVelocity=500:700:100"])
        #expect(grid.count == 18)
        // Candidate 7: threshold 0.4 (digit 1), decision threshold (0), flickVelocity 600 (1).
        #expect(grid.digits(of: 7) == [1, 0, 1])
        #expect(grid.neighbours(of: 7) == [1, 6, 8, 13])
        #expect(grid.neighbours(of: 0) == [1, 6])
        // A list of numbers gives no neighbours either.
        let list = try TuningGrid(base: Config(), sweeping: ["threshold=0.3,0.4,0.5"])
        #expect(list.neighbours(of: 1) == [])
        #expect(grid.sweeps.map(\.isRange) == [true, false, true])
    }

    @Test func floorsAreTheMinimumOverNeighboursInTwoDimensions() async {
        await propertyCheck(count: 40, input: Gen.int(in: 1...6), Gen.int(in: 1...6), Gen<UInt64>.uint64()) { a, b, seed in
            var random = SeededRandom(seed: seed)
            let agree = (0..<(a * b)).map { _ in random.int(0...100) }
            guard
                let results = try? Self.results(
                    ["threshold=0.1:\(JSONWriter.number(Double(a) / 10)):0.1", "touchSlop=1:\(b):1"], agree: agree)
            else {
                Issue.record("grid")
                return
            }
            for index in 0..<(a * b) {
                let row = index / b
                let column = index % b
                var expected = agree[index]
                for (r, c) in [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
                where (0..<a).contains(r) && (0..<b).contains(c) {
                    expected = min(expected, agree[r * b + c])
                }
                #expect(results.floor(at: index) == expected)
            }
            // The best has the largest floor.
            let best = results.best() ?? -1
            #expect(results.floor(at: best) == (0..<(a * b)).map(results.floor(at:)).max())
        }
    }
}

/// docs/tune.md "Keys a rule never reads" and the 30-row text report.
@Suite struct InertRowsTests {
    @Test func keysARuleNeverReadsAreInert() throws {
        let grid = try TuningGrid(
            base: Config(),
            sweeping: ["decision=threshold,velocity,projection", "flickVelocity=500,1000", "velocityEstimator=lsq2,impulse"])
        // Candidate order: decision slowest, velocityEstimator fastest.
        #expect(grid.inertKeys(at: 0) == ["flickVelocity", "velocityEstimator"])  // threshold
        #expect(grid.inertKeys(at: 4) == [])  // velocity reads both
        #expect(grid.inertKeys(at: 8) == ["flickVelocity"])  // projection
        let decelerating = try TuningGrid(base: Config(), sweeping: ["decelerationRate=0.99,0.998"])
        #expect(decelerating.inertKeys(at: 0) == ["decelerationRate"])  // the base decides by threshold
        var base = Config()
        base.decision = .projection
        #expect(try TuningGrid(base: base, sweeping: ["decelerationRate=0.99,0.998"]).inertKeys(at: 1) == [])
    }

    @Test func inertCandidatesAreOneRowNamingTheKeys() throws {
        let grid = try TuningGrid(base: Config(), sweeping: ["decision=threshold,velocity", "flickVelocity=500:1700:100"])
        // 13 flick velocities: one row under threshold, 13 under velocity.
        let counts = (0..<grid.count).map { index in
            let agree = index < 13 ? 70 : 60 + index % 13
            return TuningCounts(finish: 0, cancel: 0, none: 100, agree: agree, accidental: 0, missed: 100 - agree)
        }
        let results = TuningResults(grid: grid, traces: 100, labelled: 100, counts: counts)
        let (rows, rowOf) = results.mergedRows()
        #expect(rows.count == 14)
        #expect(rows[0] == TuningRow(first: 0, members: 13, inert: ["flickVelocity"]))
        #expect(rowOf[12] == 0 && rowOf[13] == 1)
        let text = results.textReport()
        let merged = text.split(separator: "\n").filter { $0.contains("13 alike: flickVelocity not read by this rule") }
        #expect(merged.count == 1)
        #expect(merged.first?.firstMatch(of: /^  threshold +any +70 +70 +0 +30  base 13 alike/) != nil, "\(text)")
        #expect(results.json().contains(#""inert":["flickVelocity"]"#))
        #expect(!text.contains("left out"))
    }

    @Test func theTextShowsAtMost30RowsAndSaysHowManyItLeftOut() throws {
        let grid = try TuningGrid(base: Config(), sweeping: ["threshold=0.01:1:0.01"])
        #expect(grid.count == 100)
        // A hump of agree at 0.62; accidental falls and missed rises with the threshold.
        let counts = (0..<100).map { index in
            let accidental = max(0, 40 - index / 2)
            let missed = index / 3
            return TuningCounts(
                finish: 0, cancel: 0, none: 100, agree: 100 - accidental - missed, accidental: accidental, missed: missed)
        }
        let results = TuningResults(grid: grid, traces: 100, labelled: 100, counts: counts)
        let best = try #require(results.best())
        let selection = results.textRows(best: best)
        #expect(selection.rows.count == 30 && selection.totalRows == 100 && selection.leftOutCandidates == 70)
        let shown = selection.rows.map(\.first)
        #expect(shown == shown.sorted())
        #expect(shown.contains(best) && shown.contains(39))  // the best, and the base's threshold 0.4
        // 40 on the frontier, the best among them: after the best and the
        // base (not on it) 28 rows are left, evenly spaced over the other 39.
        let pareto = (0..<100).filter(results.isPareto)
        #expect(pareto.count == 40 && results.isPareto(best) && !results.isPareto(39))
        #expect(shown.filter(results.isPareto).count == 29)
        #expect(shown.contains(pareto[0]) && shown.contains(pareto[39]))
        let text = results.textReport()
        #expect(text.contains("… 70 more rows left out (70 candidates); the JSON report lists every candidate"))
        #expect(text.split(separator: "\n").filter { $0.firstMatch(of: /^ +(0\.\d+|1) +\d+\s/) != nil }.count == 30, "\(text)")
        // JSON has every candidate.
        #expect(results.json().components(separatedBy: #""settings""#).count - 1 == 101)
    }

    @Test func evenlySpacedKeepsTheEnds() {
        #expect(TuningResults.evenlySpaced(Array(0..<10), count: 4) == [0, 3, 6, 9])
        #expect(TuningResults.evenlySpaced(Array(0..<3), count: 4) == [0, 1, 2])
        #expect(TuningResults.evenlySpaced(Array(5..<9), count: 1) == [5])
    }
}

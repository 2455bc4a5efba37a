import Testing

@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// docs/tune.md "The robust best": a tie of floors keeps the base's own
/// settings ("no change recommended"), and a best at either end of a
/// `FROM:TO:STEP` sweep says to widen it.
@Suite struct BestKeepsTheBaseTests {
    /// One range sweep of `threshold` from 0.2 by 0.1 (the default config's
    /// 0.4 is the third value), with these `agree` (and `accidental`) counts
    /// over 20 labelled traces (the rest missed).
    static func results(agree: [Int], accidental: [Int]? = nil) throws -> TuningResults {
        let last = 0.2 + 0.1 * Double(agree.count - 1)
        let grid = try TuningGrid(base: Config(), sweeping: ["threshold=0.2:\(JSONWriter.number((last * 10).rounded() / 10)):0.1"])
        try #require(grid.count == agree.count)
        let counts = agree.indices.map { index in
            let accidental = accidental?[index] ?? 0
            return TuningCounts(
                finish: 10, cancel: 10, none: 0, agree: agree[index], accidental: accidental,
                missed: 20 - agree[index] - accidental)
        }
        return TuningResults(grid: grid, traces: 20, labelled: 20, counts: counts)
    }

    @Test func aFlatResultKeepsTheBase() throws {
        // Every candidate agrees with both traces: floors all 2; the base (0.4) wins the tie.
        let results = try Self.results(agree: [2, 2, 2, 2, 2])
        #expect(results.grid.baseIndex == 2)
        #expect(results.best() == 2 && results.keepsBase())
        #expect(results.textReport().contains("no change recommended"))
        #expect(results.json().contains(#""noChangeRecommended":true"#))
    }

    @Test func theBaseWinsATieOfFloorsEvenWithFewerAgree() throws {
        // agree 7 8 8 9 8 (0.2 … 0.6): floors 7 7 8 8 8, so index 3 (0.5, agree 9) ties the base
        // (0.4, index 2, agree 8) on floor 8.
        let results = try Self.results(agree: [7, 8, 8, 9, 8])
        #expect((0..<5).map(results.floor(at:)) == [7, 7, 8, 8, 8])
        #expect(results.best() == 2, "the base keeps its place against index 3's larger agree")
        #expect(results.keepsBase())
    }

    @Test func withoutTheBaseTheTieGoesToTheMostAgree() throws {
        // From 0.5: the base's 0.4 is not a candidate.
        let grid = try TuningGrid(base: Config(), sweeping: ["threshold=0.5:0.9:0.1"])
        #expect(grid.baseIndex == nil)
        let agree = [7, 8, 9, 8, 7]
        let counts = agree.map { TuningCounts(finish: 5, cancel: 5, none: 0, agree: $0, accidental: 0, missed: 10 - $0) }
        let results = TuningResults(grid: grid, traces: 10, labelled: 10, counts: counts)
        // floors 7 7 8 7 7: index 2 alone.
        #expect(results.best() == 2 && !results.keepsBase())
        #expect(!results.textReport().contains("no change recommended"))
    }

    @Test func aBaseOverTheLimitDoesNotWinTheTie() throws {
        // Floors 7 7 8 8 8 as above, but the base has 3 accidental and the limit is 2:
        // among the others, index 3 has the most agree.
        let results = try Self.results(agree: [7, 8, 8, 9, 8], accidental: [0, 0, 3, 1, 0])
        #expect(results.best(maxAccidental: 2) == 3)
        #expect(results.best() == 2)
    }

    @Test func aBestAtEitherEndSaysToWidenTheSweep() throws {
        // agree rises to the last value: floors 5 5 6 7 8 → the best is 0.6, the last.
        let rising = try Self.results(agree: [5, 6, 7, 8, 9])
        #expect(rising.best() == 4)
        #expect(rising.sweepEnds(at: 4).map(\.atStart) == [false])
        #expect(rising.sweepEnds(at: 2).isEmpty)
        let text = rising.textReport()
        #expect(text.contains("the best lies at the edge of the sweep threshold (0.6, its last value)"))
        #expect(text.contains("widen the sweep above it"))
        #expect(rising.json().contains(#""bestAtEdge":[{"key":"threshold","end":"last"}]"#))
        // Falling: the first value.
        let falling = try Self.results(agree: [9, 8, 7, 6, 5])
        #expect(falling.best() == 0)
        #expect(falling.textReport().contains("(0.2, its first value)"))
        #expect(falling.json().contains(#""bestAtEdge":[{"key":"threshold","end":"first"}]"#))
        // A list sweep has no ends.
        let grid = try TuningGrid(base: Config(), sweeping: ["threshold=0.2,0.3"])
        let list = TuningResults(
            grid: grid, traces: 10, labelled: 10,
            counts: [9, 5].map { TuningCounts(finish: 5, cancel: 5, none: 0, agree: $0, accidental: 0, missed: 10 - $0) })
        #expect(list.best() == 0 && list.sweepEnds(at: 0).isEmpty)
        #expect(!list.textReport().contains("edge of the sweep"))
    }
}

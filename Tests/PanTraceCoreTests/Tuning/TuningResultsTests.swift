import Testing
@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// docs/commands.md §7.5's Pareto frontier and best candidate, on hand-built count tables.
@Suite struct TuningResultsTests {
    /// A one-sweep grid of `points.count` thresholds with the given
    /// (accidental, missed); 100 labelled traces, so agree = 100 − both.
    static func results(_ points: [(Int, Int)]) throws -> TuningResults {
        let values = points.indices.map { JSONWriter.number(Double($0 + 1) / 100) }
        let grid = try TuningGrid(base: Config(), sweeps: [Sweep(key: "threshold", values: values)])
        let counts = points.map { accidental, missed in
            TuningCounts(
                finish: 50, cancel: 50, none: 0, agree: 100 - accidental - missed, accidental: accidental, missed: missed)
        }
        return TuningResults(grid: grid, traces: 100, labelled: 100, counts: counts)
    }

    @Test func paretoKeepsTheUndominatedAndEveryTie() throws {
        // (accidental, missed):
        //  0 (5, 5)  dominated by 1 (4, 5): as many missed, fewer accidental
        //  1 (4, 5)  frontier
        //  2 (2, 9)  frontier
        //  3 (2, 9)  frontier: equal to 2, neither dominates the other
        //  4 (2, 10) dominated by 2 (same accidental, fewer missed)
        //  5 (9, 1)  frontier
        //  6 (9, 2)  dominated by 5
        //  7 (0, 20) frontier
        //  8 (6, 4)  frontier: nobody has ≤ 6 accidental and ≤ 4 missed
        let results = try Self.results([(5, 5), (4, 5), (2, 9), (2, 9), (2, 10), (9, 1), (9, 2), (0, 20), (6, 4)])
        #expect((0..<9).map(results.isPareto) == [false, true, true, true, false, true, false, true, true])
        #expect(results.paretoIndexes == [7, 2, 3, 1, 8, 5])
    }

    @Test func bestHasTheMostAgreeThenFewerAccidentalThenComesFirst() throws {
        // agree = 100 − accidental − missed: 90, 90, 90, 88, 92.
        let results = try Self.results([(6, 4), (4, 6), (4, 6), (1, 11), (7, 1)])
        #expect(results.best() == 4)  // the most agree
        // At most 6 accidental: 0, 1, 2 tie on 90 agree; 1 and 2 have fewer
        // accidental; 1 comes first.
        #expect(results.best(maxAccidental: 6) == 1)
        #expect(results.best(maxAccidental: 4) == 1)
        #expect(results.best(maxAccidental: 3) == 3)
        #expect(results.best(maxAccidental: 0) == nil)
        #expect(results.bestConfig(maxAccidental: 0) == nil)
    }

    @Test func theBestConfigIsTheBaseWithTheBestSettingsNamedAsSetWouldName() throws {
        var base = Config()
        try base.apply(overrides: ["decision=velocity"])
        let grid = try TuningGrid(base: base, sweeping: ["threshold=0.3,0.35", "flickVelocity=600,800"])
        let counts = [(3, 9), (2, 9), (5, 1), (6, 1)].map { accidental, missed in
            TuningCounts(finish: 0, cancel: 0, none: 20, agree: 20 - accidental - missed, accidental: accidental, missed: missed)
        }
        let results = TuningResults(grid: grid, traces: 20, labelled: 20, counts: counts)
        let best = try #require(results.bestConfig())
        // Candidate 2: threshold 0.35 (second value of the slow sweep), flickVelocity 600.
        #expect(best.name == "baseline decision=velocity threshold=0.35 flickVelocity=600")
        #expect(best.threshold == 0.35 && best.flickVelocity == 600 && best.decision == .velocity)
        let readBack = try Config(canonicalJSON: best.canonicalJSON())
        #expect(readBack == best)
    }

    @Test func jsonHasTheShapeOfSection7_5() throws {
        let grid = try TuningGrid(base: Config(), sweeping: ["extent=auto,640.5", "guarded=false,true"])
        // Four candidates over 10 traces, 8 labelled.
        let counts = [
            TuningCounts(finish: 4, cancel: 3, none: 3, agree: 6, accidental: 1, missed: 1),
            TuningCounts(finish: 0, cancel: 7, none: 3, agree: 5, accidental: 0, missed: 3),
            TuningCounts(finish: 5, cancel: 2, none: 3, agree: 6, accidental: 2, missed: 0),
            TuningCounts(finish: 0, cancel: 7, none: 3, agree: 5, accidental: 0, missed: 3),
        ]
        let results = TuningResults(grid: grid, traces: 10, labelled: 8, counts: counts)
        let expected =
            #"{"traces":10,"labelled":8,"base":"baseline","sweeps":["extent","guarded"],"results":["#
            + #"{"settings":{"extent":"auto","guarded":false},"finish":4,"cancel":3,"none":3,"agree":6,"accidental":1,"missed":1,"wrongDetent":0,"pareto":true,"floor":6,"inert":[]},"#
            + #"{"settings":{"extent":"auto","guarded":true},"finish":0,"cancel":7,"none":3,"agree":5,"accidental":0,"missed":3,"wrongDetent":0,"pareto":true,"floor":5,"inert":[]},"#
            + #"{"settings":{"extent":640.5,"guarded":false},"finish":5,"cancel":2,"none":3,"agree":6,"accidental":2,"missed":0,"wrongDetent":0,"pareto":true,"floor":6,"inert":[]},"#
            + #"{"settings":{"extent":640.5,"guarded":true},"finish":0,"cancel":7,"none":3,"agree":5,"accidental":0,"missed":3,"wrongDetent":0,"pareto":true,"floor":5,"inert":[]}],"#
            + #""best":{"settings":{"extent":"auto","guarded":false},"finish":4,"cancel":3,"none":3,"agree":6,"accidental":1,"missed":1,"wrongDetent":0,"pareto":true,"floor":6,"inert":[]},"#
            + #""evidence":{"person":0,"inferred":0,"synthetic":0},"intervals":null,"verdict":"uncertain","#
            // The first candidate ties the third and is the base's own settings: no change recommended.
            + #""noChangeRecommended":true,"bestAtEdge":[]}"#
        #expect(results.json() == expected)
        #expect(results.json(maxAccidental: 0).contains(#""best":{"settings":{"extent":"auto","guarded":true},"finish":0,"cancel":7,"none":3,"agree":5,"accidental":0,"missed":3,"wrongDetent":0,"pareto":true,"floor":5,"inert":[]},"#))
        #expect(throws: Never.self) { try JSONParser.parse(results.json()) }
    }

    @Test func textShowsTheBestAndEveryValueOfOneSweep() throws {
        // agree 90, 90, 88: the tie goes to fewer accidental, the second value.
        let results = try Self.results([(6, 4), (4, 6), (1, 11)])
        let text = results.textReport()
        #expect(text.contains("best        threshold=0.02   (most agree)"))
        // Every value, its bar from zero to the 100 labelled traces in 16 cells of eighths: 90 is
        // 115.2 eighths (14 cells and ▍), 88 is 112.64 (14 cells): nearly alike, as 90 and 88 are.
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("  0.0") }
        try #require(rows.count == 3)
        let ninety = String(repeating: "█", count: 14) + "▍"
        #expect(rows[0].contains(ninety) && !rows[0].contains("◀ best"))
        #expect(rows[1].contains(ninety) && rows[1].contains("pareto ◀ best"))
        #expect(rows[2].contains(String(repeating: "█", count: 14) + " ") && !rows[2].contains(ninety))
        #expect(!text.contains("left out"))
        let none = results.textReport(maxAccidental: 0)
        #expect(none.contains("best        none: no candidate with at most 0 accidental (the fewest accidental is 1)"))
    }
}

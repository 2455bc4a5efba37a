import Foundation
import Testing

@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// The compact list of changes gives back exactly what was added, and the JSON report streams it.
@Suite struct ChangeListTests {
    static func change(_ index: Int) -> ComparedTrace {
        let families = [nil, "flick", "peek", "é-famille"]
        return ComparedTrace(
            name: "trace-\((index * 7919) % 1000)-ü\(index)", family: families[index % 4],
            intent: index % 3 == 0 ? nil : (index % 3 == 1 ? .finish : .cancel),
            baseline: index % 5 == 0
                ? nil : ResultSummary(decision: .cancel, reason: .belowThreshold, percent: 0.25, velocity: -0.0),
            candidate: ResultSummary(decision: .finish, reason: .flick, percent: Double(index) / 7, velocity: 1e300))
    }

    @Test func givesBackWhatWasAddedInOrderAndByName() {
        var list = ChangeList()
        let changes = (0..<500).map(Self.change)
        for change in changes { list.append(change) }
        #expect(list.count == 500)
        #expect(list.all == changes)
        #expect(list.name(at: 17) == changes[17].name)
        let byName = list.indexesByName().map { list[$0] }
        #expect(byName == changes.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) })
    }

    @Test func jsonReportInPiecesIsTheWholeReport() throws {
        var comparison = RunComparison(baseline: RunLabel(run: 1, config: "a"), candidate: RunLabel(run: 2, config: "b"))
        for index in 0..<2000 { comparison.add(Self.change(index)) }
        var pieces: [String] = []
        comparison.jsonReport { pieces.append($0) }
        #expect(pieces.count > 10)
        #expect(pieces.allSatisfy { $0.utf8.count < 9000 })
        let whole = comparison.jsonReport()
        #expect(pieces.joined() == whole)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any])
        let listed = try #require(object["changes"] as? [[String: Any]])
        #expect(listed.count == comparison.changed)
        #expect(listed.compactMap { $0["trace"] as? String } == comparison.sortedChanges.map(\.name))
    }

    /// Families are compared by scalars: the list keeps both spellings of "café".
    @Test func changeListKeepsFamiliesBySpelling() {
        let nfc = "caf\u{E9}"  // é as one scalar
        let nfd = "cafe\u{301}"  // e + combining acute
        let summary = ResultSummary(decision: .finish, reason: .threshold, percent: 0.5, velocity: 0)
        var list = ChangeList()
        for (name, family) in [("a", nfc), ("b", nfd), ("c", nfc)] {
            list.append(ComparedTrace(name: name, family: family, intent: nil, baseline: summary, candidate: summary))
        }
        let families = list.all.compactMap(\.family)
        #expect(families.count == 3)
        #expect(families[0].isScalarEqual(to: nfc))
        #expect(families[1].isScalarEqual(to: nfd))
        #expect(families[2].isScalarEqual(to: nfc))
    }
}

import PanTraceModel
import Testing

@testable import PanTraceStore

/// Reading by trace name for `export` (docs/commands.md §7.6): the traces and a run's
/// rows of the `decisions` view, in the names' UTF-8 byte order, streaming.
@Suite struct SortedReadingTests {
    /// Stored in this order; `Z` sorts before `a`, and the NFC and NFD
    /// spellings of "café" are two names, the NFC one (C3 A9) first.
    static let names = ["b", "Zed", "caf\u{E9}", "a", "cafe\u{301}", "\u{E4}", "a b"]

    static func store(_ folder: TemporaryFolder) throws -> (Store, RunID) {
        let store = try Store.fresh(in: folder)
        let traces = names.enumerated().map { index, name in
            makeTrace(name, seed: index, family: index % 2 == 0 ? "even" : "odd", intent: index % 3 == 0 ? nil : .cancel)
        }
        return (store, try record(traces, into: store))
    }

    static func byteSorted(_ names: [String]) -> [[UInt8]] {
        names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func tracesByNameComeInByteOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, _) = try Self.store(folder)
        var read: [String] = []
        try store.forEachTrace(orderedBy: .name) { _, trace in read.append(trace.name) }
        #expect(read.map { Array($0.utf8) } == Self.byteSorted(Self.names))
        #expect(read.first == "Zed")

        var selected: [String] = []
        try store.forEachTrace(.namesOrFamilies(names: ["a", "b"], families: ["even"]), orderedBy: .name) { _, trace in
            selected.append(trace.name)
        }
        let even = Self.names.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        // The union: "b" is named and of the family, and read once.
        #expect(selected.map { Array($0.utf8) } == Self.byteSorted(even + ["a"]))
        // The default order is still the order of storing.
        var byID: [String] = []
        try store.forEachTrace { _, trace in byID.append(trace.name) }
        #expect(byID.map { Array($0.utf8) } == Self.names.map { Array($0.utf8) })
    }

    @Test func decisionsOfOneRunComeByTraceNameWithEveryColumnOfTheView() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, run) = try Self.store(folder)
        try record([makeTrace("only-in-run-2")], into: store, config: "other")
        var rows: [DecisionRow] = []
        try store.forEachDecision(ofRun: run) { rows.append($0) }

        let columns = try store.database.prepare("SELECT name FROM pragma_table_info('decisions') ORDER BY cid")
        var viewColumns: [String] = []
        while try columns.step() { viewColumns.append(columns.string(at: 0) ?? "") }
        #expect(rows.allSatisfy { $0.columns == viewColumns })
        #expect(rows.map { row -> [UInt8] in
            guard case .text(let name) = row["trace"] else { return [] }
            return Array(name.utf8)
        } == Self.byteSorted(Self.names))
        #expect(rows.allSatisfy { $0["run"] == .integer(run) && $0["config"] == .text("baseline") })
        for row in rows {
            guard case .text(let name) = row["trace"], let index = Self.names.firstIndex(where: { Array($0.utf8) == Array(name.utf8) })
            else {
                Issue.record("unexpected row \(row)")
                continue
            }
            let outcome = makeOutcome(index)
            #expect(row["percent"] == .real(outcome.percent))
            #expect(row["velocity"] == .real(outcome.velocity))
            #expect(row["projected"] == (outcome.projected.map(StoredValue.real) ?? .null))
            #expect(row["began_seq"] == (outcome.beganSeq.map { .integer(Int64($0)) } ?? .null))
            #expect(row["intent"] == (index % 3 == 0 ? .null : .text("cancel")))
            #expect(row["attempted"] == .integer(outcome.attempted ? 1 : 0))
        }
        #expect(throws: StoreError.runNotFound(9)) { try store.forEachDecision(ofRun: 9) { _ in } }
    }

    /// Neither read sorts in a temporary b-tree, whose memory would grow with
    /// the corpus: both walk the name index.
    @Test func readingByNameNeverSorts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, _) = try Self.store(folder)
        try store.forEachTrace(.families(["odd"]), orderedBy: .name) { _, _ in }  // makes temp.selected_trace
        for sql in [
            Store.decisionsByTraceName, Store.traceQuery(selected: false, orderedBy: .name),
            Store.traceQuery(selected: true, orderedBy: .name),
        ] {
            let plan = try store.database.prepare("EXPLAIN QUERY PLAN " + sql)
            var steps: [String] = []
            while try plan.step() { steps.append(plan.string(at: 3) ?? "") }
            #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(sql): \(steps)")
        }
    }
}

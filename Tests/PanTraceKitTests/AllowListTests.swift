import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceReports
import PanTraceStore
import PropertyBased
import Testing

/// `regress --allow FILE` in-process (docs/spec-readings.md "regress
/// --allow"): the file's lines, the names checked against the store before
/// anything is stored, and a listed change that does not count.
@Suite struct AllowListTests {
    @Test func linesNamesAndReasons() throws {
        let text = "# accepted in review #412\n\n  flick-1   #  short flicks close now  \r\npeek-2\n\t# indented comment\nodd name # why # not\nlast#"
        let list = try AllowList(bytes: Array(text.utf8), file: "allow.txt")
        #expect(
            list.entries == [
                .init(trace: "flick-1", reason: "short flicks close now", line: 3),
                .init(trace: "peek-2", reason: nil, line: 4),
                .init(trace: "odd name", reason: "why # not", line: 6),
                .init(trace: "last", reason: nil, line: 7),
            ])
        #expect(list.entry(for: "peek-2")?.description == "no reason given")
        #expect(list.entry(for: "flick-1")?.description == "short flicks close now")
        #expect(list.entry(for: "flick-") == nil)
        #expect(try AllowList(bytes: [], file: "empty.txt").entries.isEmpty)
    }

    /// Names are exact scalar sequences: the NFD spelling of `café` is another trace.
    @Test func namesAreExact() throws {
        let list = try AllowList(bytes: Array("caf\u{E9}\n".utf8), file: "a")
        #expect(list.entry(for: "caf\u{E9}") != nil)
        #expect(list.entry(for: "cafe\u{301}") == nil)
    }

    @Test func aNameListedTwiceOrBytesThatAreNotTextAreRefused() throws {
        let twice = try #require(throws: AllowListError.self) {
            try AllowList(bytes: Array("a\nb # x\n\na # again\n".utf8), file: "allow.txt")
        }
        #expect("\(twice)" == #"allow.txt:4: "a": listed twice (first on line 1)"#)
        let binary = try #require(throws: AllowListError.self) {
            try AllowList(bytes: Array("a\n".utf8) + [0x62, 0xFF, 0x0A], file: "allow.txt")
        }
        #expect(binary.line == 2)
        #expect("\(binary)" == "allow.txt:2: the line is not UTF-8 text")
    }

    @Test func aMissingFileCannotBeRead() throws {
        let workspace = try Workspace()
        #expect(throws: InputFileError.self) { try AllowList.load(path: workspace.path("nope.txt")) }
    }

    /// The corpus: the families and 60 synthetic traces (run 1).
    static func corpus() throws -> Workspace {
        try Workspace.recorded("allow: families, count=60 seed=3") { store in
            try Recorder(
                inputs: [try TraceInput(path: Workspace.fixture("traces/families.jsonl"))],
                synthetic: SyntheticTraces(count: 60, seed: 3)
            ).record(into: store)
        }
    }

    /// A name that is not stored: refused naming file and line, before the
    /// run is stored (the database is byte for byte what it was).
    @Test func anUnknownNameIsRefusedAndNothingIsStored() throws {
        let workspace = try Self.corpus()
        let before = try #require(try workspace.databaseBytes())
        let path = try workspace.write("slow-drag-s3-0000 # fine\n\nno-such-trace # typo\n", to: "allow.txt")
        let list = try AllowList.load(path: path)
        var config = Config()
        config.threshold = 0.25
        do {
            let store = try Store(path: workspace.db)
            let error = try #require(throws: AllowListError.self) {
                try Regression(replayer: Replayer(config: config), allowList: list).replay(in: store)
            }
            #expect(error == AllowListError(file: path, line: 3, trace: "no-such-trace", reason: "no stored trace has this name"))
        }
        #expect(try workspace.databaseBytes() == before)
    }

    /// Threshold 0.25 on the corpus: listing some of the changes takes them
    /// out of the count, each listed change's JUnit case passes with its
    /// reason, and the listed traces that did not change are named.
    @Test func aListedChangeDoesNotCount() throws {
        let workspace = try Self.corpus()
        let store = try Store(path: workspace.db)
        var config = Config()
        config.threshold = 0.25
        let plain = Regression(replayer: Replayer(config: config))
        let comparison = try plain.replay(in: store)
        let changes = comparison.changes
        try #require(changes.count >= 4, "threshold 0.25 should change some decisions")
        let listed = Array(changes.prefix(3))
        var unchanged: [String] = []
        try store.forEachTrace(.all) { _, trace in
            if unchanged.isEmpty, !changes.contains(where: { $0.name == trace.name }) { unchanged.append(trace.name) }
        }
        let text = listed.map { "\($0.name) # accepted: \($0.name)" }.joined(separator: "\n") + "\n\(unchanged[0])\n"
        let allowList = try AllowList(bytes: Array(text.utf8), file: "allow.txt")
        let allowed = Regression(replayer: Replayer(config: config), allowList: allowList)

        let again = try allowed.replay(in: store)
        #expect(again.changed == comparison.changed)
        let verdict = allowed.verdict(for: again)
        #expect(verdict == .failed(RegressionCount(gate: .any, counted: changes.count - 3, allowed: 0, changed: changes.count, accepted: 3)))
        #expect(Regression(replayer: Replayer(config: config), maxChanges: changes.count - 3, allowList: allowList).verdict(for: again).fails == false)
        #expect("\(verdict)".hasSuffix("(3 accepted by the allow list)"))
        #expect(allowed.unchangedAllowed(in: again) == [AllowList.Entry(trace: unchanged[0], line: 4)])

        for (index, change) in again.changes.enumerated() {
            let junit = JUnitReport.testCase(change, counts: allowed.counts(change), accepted: allowed.acceptanceNote(of: change))
            if let entry = listed.firstIndex(where: { $0.name == change.name }) {
                #expect(!allowed.counts(change))
                #expect(!junit.contains("<failure"))
                #expect(junit.contains("<system-out>decision changed, accepted in allow.txt:\(entry + 1): accepted: \(change.name)\n"))
            } else {
                #expect(allowed.counts(change))
                #expect(junit.contains("<failure"), "\(index)")
            }
        }
    }

    /// For any comparison and any list: what counts is exactly the gate's
    /// changes that are not listed, and the unchanged entries are exactly
    /// the listed traces without a change.
    @Test func countedIsTheGatesChangesLessTheListed() async {
        await propertyCheck(count: 200, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let comparison = RegressionPropertyTests.comparison(&random)
            let names = (0..<70).map { "t\($0)" }.filter { _ in random.chance(0.3) }
            let allowList = try AllowList(
                file: "allow.txt", entries: names.enumerated().map { AllowList.Entry(trace: $1, line: $0 + 1) })
            let changed = Set(comparison.changes.map(\.name))
            for gate in RegressionGate.allCases {
                let allowed = random.int(0...8)
                let regression = Regression(replayer: Replayer(config: Config()), maxChanges: allowed, gate: gate, allowList: allowList)
                let counted = comparison.changes.filter { gate.counts($0) && !names.contains($0.name) }.count
                let accepted = comparison.changes.filter { names.contains($0.name) }.count
                let count = RegressionCount(gate: gate, counted: counted, allowed: allowed, changed: comparison.changed, accepted: accepted)
                #expect(regression.verdict(for: comparison) == (counted > allowed ? .failed(count) : .passed(count)))
                #expect(comparison.changes.filter(regression.counts).count == counted)
                #expect(regression.unchangedAllowed(in: comparison).map(\.trace) == names.filter { !changed.contains($0) })
            }
        }
    }

    /// A byte order mark is not part of the first name; a quoted name keeps
    /// its `#` and edge blanks; a long name is cut in the message.
    @Test func aBOMQuotedNamesAndLongNamesInMessages() throws {
        let text = "\u{FEFF}first  # why\n\"take #2 \"  # quoted\n\"a \\\"q\\\" b\"\n  \" edge\"\n"
        let list = try AllowList(bytes: Array(text.utf8), file: "allow.txt")
        #expect(list.entries.map(\.trace) == ["first", "take #2 ", "a \"q\" b", " edge"])
        #expect(list.entries.map(\.reason) == ["why", "quoted", nil, nil])
        #expect(throws: AllowListError.self) { try AllowList(bytes: Array("\"open\n".utf8), file: "a.txt") }
        #expect(throws: AllowListError.self) { try AllowList(bytes: Array("\"x\" y\n".utf8), file: "a.txt") }
        let long = String(repeating: "n", count: 7_000_000)
        let error = AllowListError(file: "a.txt", line: 1, trace: long, reason: "no stored trace has this name")
        #expect(error.description.count < 300 && error.description.contains("(7000000 bytes)"))
    }
}

import Foundation
import SQLiteTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `pantrace regress` end to end (docs/commands.md §7.3, §7.4): the JSON and JUnit
/// reports against the `decisions` view, the exit statuses, `--accept` and the CI guard.
@Suite struct RegressTests {
    /// Candidate configs that change decisions in different ways (threshold
    /// only; velocity and reason; scroll gating, which moves percents too).
    static let candidates: [[String]] = [
        ["--set", "threshold=0.3"],
        ["--set", "decision=velocity", "--set", "flickVelocity=600"],
        ["--config", CommandRunner.config("handoff")],
    ]

    @Test(arguments: candidates)
    func jsonAndJUnitReportsAgreeWithTheDecisionsView(_ candidate: [String]) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 250, seed: 3)
        let junit = runner.path("pantrace.xml")
        let output = try await runner.run(["regress", "--format", "json", "--junit", junit] + candidate)
        let run = try runner.database.newestRun()
        let changed = try runner.database.changedTraces(baseline: 1, candidate: run)
        try #require(!changed.isEmpty, "the candidate config should flip some decisions")
        #expect(output.status == 1)

        // JSON: the runs, their configs, the counts and every change exactly as stored.
        let report = try JSONReport(output.stdout)
        #expect(report.run("baseline") == 1)
        #expect(report.run("candidate") == run)
        #expect(report.config("baseline") == (try runner.database.scalar("SELECT DISTINCT config FROM decisions WHERE run = 1").text))
        #expect(report.config("candidate") == (try runner.database.scalar("SELECT DISTINCT config FROM decisions WHERE run = \(run)").text))
        #expect(report.traces == (try runner.database.comparedCount(baseline: 1, candidate: run)))
        #expect(report.changed == changed.count)
        #expect(report.changedNames.count == changed.count)
        #expect(Set(report.changedNames) == changed)
        #expect(report.changedNames == report.changedNames.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let before = try runner.database.summaries(ofRun: 1)
        let after = try runner.database.summaries(ofRun: run)
        for change in report.changes {
            let name = try #require(change["trace"] as? String)
            #expect(Summary(json: change["baseline"]) == before[name], "\(name)")
            #expect(Summary(json: change["candidate"]) == after[name], "\(name)")
        }

        // The extra keys: reason-only changes, transitions and intent, from the view too.
        let pairs = """
            FROM decisions AS b JOIN decisions AS c ON c.trace = b.trace WHERE b.run = 1 AND c.run = \(run)
            """
        #expect((report.object["reasonChanges"] as? NSNumber)?.intValue
            == (try runner.database.integer("SELECT count(*) \(pairs) AND b.decision = c.decision AND b.reason <> c.reason")))
        let transitions = (report.object["transitions"] as? [[String: Any]] ?? []).map {
            [SQLValue.text("\($0["from"] ?? "")"), .text("\($0["to"] ?? "")"), .int(Int64(($0["count"] as? NSNumber)?.intValue ?? -1))]
        }
        #expect(Set(transitions) == Set(try runner.database.rows(
            "SELECT b.decision, c.decision, count(*) \(pairs) AND b.decision <> c.decision GROUP BY 1, 2")))
        let intent = report.object["intent"] as? [String: Any]
        #expect((intent?["accidentalDismissals"] as? NSNumber)?.intValue == (try runner.database.integer(
            "SELECT count(*) \(pairs) AND b.intent = 'cancel' AND b.decision <> 'finish' AND c.decision = 'finish'")))
        #expect((intent?["missedDismissals"] as? NSNumber)?.intValue == (try runner.database.integer(
            "SELECT count(*) \(pairs) AND b.intent = 'finish' AND b.decision = 'finish' AND c.decision <> 'finish'")))

        // JUnit: one test case per replayed trace, one failure per change.
        let document = try JUnitDocument(path: junit)
        let replayed = try runner.database.names("SELECT trace FROM decisions WHERE run = \(run)")
        #expect(document.testcases.count == (try runner.database.integer("SELECT trace_count FROM run WHERE id = \(run)")))
        #expect(Set(document.testcases.map(\.name)) == replayed)
        #expect(document.testcases.count == replayed.count)
        #expect(Set(document.testcases.filter(\.failed).map(\.name)) == changed)
        #expect(document.failures == changed.count)
        for suite in [document.suites, document.root] {
            #expect(suite["tests"] == "\(replayed.count)")
            #expect(suite["failures"] == "\(changed.count)")
        }
        // A failure says baseline vs candidate.
        let failed = try #require(document.testcases.first { $0.failed })
        let stored = try #require(before[failed.name])
        let now = try #require(after[failed.name])
        #expect(failed.message == "decision changed: \(stored.decision) → \(now.decision)")
    }

    /// `--fail-on intent`: exit 1 only for regressions against intent (docs/commands.md §7.3);
    /// the counts come from the `decisions` view, by docs/model.md §2's words.
    @Test func failOnIntentExitsOneOnlyForRegressions() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 300)
        let pairs = "FROM decisions AS b JOIN decisions AS c ON c.trace = b.trace WHERE b.run = 1 AND c.run = "
        func regressions(_ run: Int) throws -> Int {
            try runner.database.integer(
                "SELECT count(*) \(pairs)\(run) AND ((b.intent = 'cancel' AND b.decision <> 'finish' AND c.decision = 'finish') "
                    + "OR (b.intent = 'finish' AND b.decision = 'finish' AND c.decision <> 'finish'))")
        }
        // The velocity rule only turns releases into flicks: changes, none against intent.
        let passing = try await runner.expect(0, ["regress", "--set", "decision=velocity", "--fail-on", "intent"])
        let velocity = try runner.database.newestRun()
        #expect(try regressions(velocity) == 0)
        let changed = try runner.database.changedTraces(baseline: 1, candidate: velocity).count
        try #require(changed > 0)
        #expect(
            passing.stderr.contains(
                "regress: ok: 0 regressions against intent count (of \(changed) changes), "
                    + "no more than the 0 that --max-changes lets pass\n"))
        try await runner.expect(1, ["regress", "--set", "decision=velocity"])
        try await runner.expect(1, ["regress", "--set", "decision=velocity", "--fail-on", "any"])
        // A higher threshold misses meant dismissals.
        let failing = try await runner.expect(1, ["regress", "--set", "threshold=0.5", "--fail-on", "intent"])
        let missed = try regressions(try runner.database.newestRun())
        try #require(missed > 0)
        #expect(failing.stderr.contains("regress: FAIL: \(missed) regressions against intent count (of "))
        #expect(failing.stderr.contains("changes), more than the 0 that --max-changes lets pass\n"))
        try await runner.expect(0, ["regress", "--set", "threshold=0.5", "--fail-on", "intent", "--max-changes", "\(missed)"])
    }

    @Test func exitStatusIsZeroWhenNothingChanged() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 100)
        let junit = runner.path("same.xml")
        let output = try await runner.expect(0, ["regress", "--junit", junit])
        #expect(output.stdout.contains("\n0 changed\n"))
        #expect(output.stderr.contains("ok"))
        let document = try JUnitDocument(path: junit)
        #expect(document.testcases.count == 100)
        #expect(document.failures == 0)
    }

    @Test func maxChangesIsTheLargestNumberOfFlipsThatPasses() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 200)
        try await runner.expect(0, ["replay", "--set", "threshold=0.3", "--quiet"])
        let changed = try runner.database.changedTraces(baseline: 1, candidate: 2).count
        try #require(changed > 1)
        try await runner.expect(1, ["regress", "--set", "threshold=0.3"])
        try await runner.expect(0, ["regress", "--set", "threshold=0.3", "--max-changes", "\(changed)"])
        let failed = try await runner.expect(1, ["regress", "--set", "threshold=0.3", "--max-changes", "\(changed - 1)"])
        #expect(failed.stderr.contains("FAIL"))
        try await runner.expect(0, ["regress", "--set", "threshold=0.3", "--max-changes", "\(changed + 100)"])
        // Every regress stored its run, passing or not.
        #expect(try runner.database.integer("SELECT count(*) FROM run WHERE kind = 'regress'") == 4)
    }

    /// docs/commands.md §7.4: usage errors exit 64 and write nothing. (`replay --format
    /// xml`, `regress --max-changes -1` and `regress --force` are refused by
    /// the parser before anything is opened: FailureMappingTests.)
    @Test(arguments: [
        ["regress", "--no-such-option"],
        ["regress", "--set", "threshold"],
        ["regress", "--set", "threshold=2"],
        ["regress", "--set", "thresold=0.3"],
        ["regress", "--baseline", "99"],
        ["replay", "--baseline", "99"],
        ["regress", "--trace", "no-such-trace"],
        ["regress", "--format", "xml"],
        ["regress", "--fail-on", "bogus"],
        ["regress", "--fail-on"],
        ["replay", "--fail-on", "intent"],
    ])
    func usageErrorsExit64AndWriteNothing(_ arguments: [String]) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 30)
        let before = DatabaseFiles(path: runner.db)
        let output = try await runner.expect(64, arguments)
        #expect(output.stdout.isEmpty)
        #expect(!output.stderr.isEmpty)
        #expect(DatabaseFiles(path: runner.db) == before)
    }

    /// A missing file is not created: there is nothing to replay or list.
    /// (A path in a missing folder, and every other database that cannot be
    /// opened, is BadInputDatabaseTests' in-process battery.)
    @Test func aDatabaseThatCannotBeOpenedExits66() async throws {
        let runner = try CommandRunner()
        let missing = runner.path("missing.sqlite")
        for command in [["replay"], ["regress"], ["runs"], ["show", "some-trace"]] {
            let output = try await runner.expect(66, [command[0], "--db", missing] + command.dropFirst())
            #expect(output.stderr.contains("missing.sqlite"))
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }

    @Test func aFailedRegressLeavesNoJUnitFile() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 30)
        let junit = runner.path("report.xml")
        try await runner.expect(64, ["regress", "--trace", "no-such-trace", "--junit", junit])
        #expect(!FileManager.default.fileExists(atPath: junit))
        // A report that cannot be created is a failed write to an output file (docs/commands.md §7.4), before any work.
        try await runner.expect(74, ["regress", "--junit", runner.path("no-such-folder/report.xml")])
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 1)
    }

    @Test func acceptMakesTheCandidateTheBaseline() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 150)
        // Accepting passes whatever changed, and stores the mark.
        try await runner.expect(0, ["regress", "--set", "threshold=0.3", "--accept"])
        #expect(try runner.database.integer("SELECT id FROM run WHERE baseline = 1") == 2)
        #expect(try runner.database.integer("SELECT count(*) FROM run WHERE baseline = 1") == 1)
        let marked = try RunsTable(try await runner.expect(0, ["runs"]).stdout)
        #expect(marked.baselines == [2])

        // Later replays and regressions compare with it by default.
        let replay = try JSONReport(try await runner.expect(0, ["replay", "--format", "json"]).stdout)
        #expect(replay.run("baseline") == 2)
        #expect(replay.config("baseline") == "baseline threshold=0.3")
        #expect(Set(replay.changedNames) == (try runner.database.changedTraces(baseline: 2, candidate: 3)))
        try await runner.expect(0, ["regress", "--set", "threshold=0.3"])
        // docs/commands.md §7.2: without options the base is the accepted baseline's config, so nothing changes;
        // --set changes that base by one key.
        try await runner.expect(0, ["regress"])
        try await runner.expect(1, ["regress", "--set", "threshold=0.45"])

        // Accepting again moves the mark, from the same base: the accepted config with the one key changed.
        let accepted = try await runner.expect(0, ["regress", "--set", "threshold=0.45", "--accept"])
        #expect(accepted.stderr.contains("(base baseline threshold=0.3 threshold=0.45 (the config of baseline run 2 with threshold=0.45))"), "\(accepted.stderr)")
        let newest = try runner.database.newestRun()
        #expect(try runner.database.ints("SELECT id FROM run WHERE baseline = 1") == [newest])
        #expect(try RunsTable(await runner.expect(0, ["runs"]).stdout).baselines == [newest])
        try await runner.expect(0, ["regress"])
    }

    /// The command reads CI from its environment; which values mean CI is
    /// PanTraceKitTests' RegressionTests (1, true, yes; unset, empty, 0, false).
    @Test(arguments: ["1"])
    func acceptIsRefusedInCIUnlessForced(_ ci: String) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 60)
        let before = DatabaseFiles(path: runner.db)
        let refused = try await runner.expect(64, ["regress", "--set", "threshold=0.3", "--accept"], environment: ["CI": ci])
        #expect(refused.stderr.contains("--force"))
        #expect(DatabaseFiles(path: runner.db) == before)
        #expect(try runner.database.integer("SELECT count(*) FROM run WHERE baseline = 1") == 0)

        try await runner.expect(0, ["regress", "--set", "threshold=0.3", "--accept", "--force"], environment: ["CI": ci])
        #expect(try runner.database.integer("SELECT id FROM run WHERE baseline = 1") == 2)
        // Without --accept, CI is no obstacle.
        try await runner.expect(0, ["regress", "--set", "threshold=0.3"], environment: ["CI": ci])
    }
}

extension RegressTests {
    /// CI set to a false value is not CI: accept works without --force.
    @Test(arguments: ["false"])
    func acceptIsAllowedWhenCIIsFalse(_ ci: String) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 30)
        try await runner.expect(0, ["regress", "--set", "threshold=0.3", "--accept"], environment: ["CI": ci])
        #expect(try runner.database.integer("SELECT id FROM run WHERE baseline = 1") == 2)
    }

    /// A baseline of a filtered replay would leave the other traces without
    /// one (`--trace` too: PanTraceKitTests' RegressionTests).
    @Test(arguments: [["--family", "flick"]])
    func acceptOfAFilteredReplayNeedsForce(_ filter: [String]) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 30)
        let before = DatabaseFiles(path: runner.db)
        let refused = try await runner.expect(64, ["regress", "--accept"] + filter)
        #expect(refused.stderr.contains("--trace/--family"))
        #expect(DatabaseFiles(path: runner.db) == before)
        try await runner.expect(0, ["regress", "--accept", "--force"] + filter)
        #expect(try runner.database.integer("SELECT id FROM run WHERE baseline = 1") == 2)
    }
}

/// A JUnit file read with Foundation's XMLParser.
struct JUnitDocument {
    struct TestCase {
        var name: String
        var failed: Bool
        var message: String?
    }

    var root: [String: String] = [:]
    var suites: [String: String] = [:]
    var testcases: [TestCase] = []
    var failures: Int { testcases.filter(\.failed).count }

    init(path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        try #require(parser.parse(), "JUnit file does not parse: \(String(describing: parser.parserError))", sourceLocation: sourceLocation)
        try #require(reader.suiteCount == 1, "one <testsuite>", sourceLocation: sourceLocation)
        root = reader.root
        suites = reader.suite
        testcases = reader.testcases
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var root: [String: String] = [:]
        var suite: [String: String] = [:]
        var suiteCount = 0
        var testcases: [TestCase] = []

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch element {
            case "testsuites": root = attributes
            case "testsuite":
                suite = attributes
                suiteCount += 1
            case "testcase": testcases.append(TestCase(name: attributes["name"] ?? "", failed: false))
            case "failure":
                testcases[testcases.count - 1].failed = true
                testcases[testcases.count - 1].message = attributes["message"]
            default: break
            }
        }
    }
}

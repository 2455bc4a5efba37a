import Foundation
import SQLiteTestSupport
import Testing

/// `pantrace regress --allow FILE` end to end (docs/spec-readings.md "regress
/// --allow"): the exit status with the listed changes taken out of the
/// count, the JUnit cases that pass with their reason, the listed traces
/// that did not change on standard error, and the refusals (65 for a name
/// that is not stored, naming file and line; 64 with `--accept`; 66 for a
/// file that cannot be read), which store nothing.
@Suite struct RegressAllowTests {
    /// A corpus (run 1) and the traces threshold 0.3 changes (from the
    /// `decisions` view, after a first regress, run 2).
    static func corpus() async throws -> (CommandRunner, changed: [String], unchanged: String) {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 150, seed: 3)
        try await runner.expect(1, ["regress", "--set", "threshold=0.3", "--quiet"])
        let changed = try runner.database.changedTraces(baseline: 1, candidate: 2).sorted()
        try #require(changed.count >= 3, "threshold 0.3 should change some decisions")
        let unchanged = try #require(
            try runner.database.names("SELECT name FROM trace ORDER BY name").subtracting(changed).min())
        return (runner, changed, unchanged)
    }

    @Test func everyListedChangePassesWithItsReason() async throws {
        let (runner, changed, unchanged) = try await Self.corpus()
        let lines = ["# accepted in review"] + changed.map { "\($0)   # accepted: \($0)" } + ["", "\(unchanged) # stale"]
        let allow = try runner.write(lines.joined(separator: "\n") + "\n", to: "allow.txt")
        let junit = runner.path("pantrace.xml")
        let output = try await runner.expect(0, ["regress", "--set", "threshold=0.3", "--allow", allow, "--junit", junit])
        let staleLine = changed.count + 3
        #expect(
            output.stderr.contains(
                "warning: \(allow):\(staleLine): \"\(unchanged)\" is listed, but its decision did not change: "
                    + "remove the line when the change it accepted is gone\n"), "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "regress: ok: 0 of \(changed.count) changes count (\(changed.count) accepted by \(allow)), "
                    + "no more than the 0 that --max-changes lets pass\n"), "\(output.stderr)")
        for name in changed {
            #expect(!output.stderr.contains("\"\(name)\" is listed"))
        }
        let document = try JUnitDocument(path: junit)
        #expect(document.failures == 0)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        for (index, name) in changed.enumerated() {
            #expect(xml.contains("<system-out>decision changed, accepted in \(allow):\(index + 2): accepted: \(name)\n"), "\(name)")
        }
    }

    /// All changes listed but one: that one fails, alone.
    @Test func anUnlistedChangeStillFails() async throws {
        let (runner, changed, _) = try await Self.corpus()
        let allow = try runner.write(changed.dropFirst().joined(separator: "\n"), to: "allow.txt")
        let junit = runner.path("pantrace.xml")
        let output = try await runner.expect(1, ["regress", "--set", "threshold=0.3", "--allow", allow, "--junit", junit])
        #expect(
            output.stderr.contains(
                "regress: FAIL: 1 of \(changed.count) changes count (\(changed.count - 1) accepted by \(allow)), "
                    + "more than the 0 that --max-changes lets pass\n"), "\(output.stderr)")
        #expect(!output.stderr.contains("is listed"))
        let document = try JUnitDocument(path: junit)
        #expect(document.testcases.filter(\.failed).map(\.name) == [changed[0]])
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("accepted in \(allow):1: no reason given\n"))
    }

    /// docs/commands.md §7.3: every report of one run agrees. With every
    /// change listed, under `--fail-on intent`, the text, JSON, JUnit and
    /// HTML reports and standard error count the same changes, the same
    /// changes that count (none), the same accepted ones, and pass.
    @Test func everyReportStatesTheSameVerdict() async throws {
        let (runner, changed, _) = try await Self.corpus()
        let allow = try runner.write(changed.map { "\($0) # on purpose" }.joined(separator: "\n") + "\n", to: "allow.txt")
        let regressions = try runner.database.integer(
            "SELECT count(*) FROM decisions AS b JOIN decisions AS c ON c.trace = b.trace WHERE b.run = 1 AND c.run = 2 "
                + "AND ((b.intent = 'cancel' AND b.decision <> 'finish' AND c.decision = 'finish') "
                + "OR (b.intent = 'finish' AND b.decision = 'finish' AND c.decision <> 'finish'))")
        try #require(regressions > 0, "the fixture should have regressions for the allow list to accept")
        let (junit, html) = (runner.path("pantrace.xml"), runner.path("regress.html"))
        let arguments = ["regress", "--set", "threshold=0.3", "--fail-on", "intent", "--allow", allow]
        let text = try await runner.expect(0, arguments + ["--junit", junit, "--html", html])
        let sentence =
            "0 regressions against intent count (of \(changed.count) changes, \(changed.count) accepted by \(allow)), "
            + "no more than the 0 that --max-changes lets pass"
        #expect(text.stdout.contains("regressions against intent: 0 (and \(regressions) accepted by \(allow))\n"), "\(text.stdout)")
        #expect(text.stdout.contains("accepted by \(allow): \(changed.count) of \(changed.count) listed traces changed"))
        #expect(text.stdout.hasSuffix("verdict: pass: \(sentence)\n"), "\(text.stdout)")
        #expect(text.stderr.hasSuffix("regress: ok: \(sentence)\n"), "\(text.stderr)")

        let json = try await runner.expect(0, arguments + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["changed"] as? Int == changed.count)
        #expect(object["regressions"] as? Int == 0)
        #expect(object["allowed"] as? Int == changed.count)
        let verdict = try #require(object["verdict"] as? [String: Any])
        #expect(verdict["result"] as? String == "pass" && verdict["reason"] as? String == sentence)
        #expect(verdict["counted"] as? Int == 0)
        let listed = try #require((verdict["allow"] as? [String: Any])?["traces"] as? [[String: Any]])
        #expect(listed.map { $0["trace"] as? String } == changed.map { $0 })

        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(try JUnitDocument(path: junit).failures == 0)
        #expect(xml.contains(#"<property name="verdict" value="pass"/>"#))
        #expect(xml.contains(#"<property name="allowed" value="\#(changed.count)"/>"#))
        #expect(xml.contains(#"<property name="regressions" value="0"/>"#))
        #expect(xml.contains("<system-out>verdict: pass: \(sentence)\n"))

        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains(#"data-verdict="pass""#) && page.contains(#"data-allowed="\#(changed.count)""#))
        #expect(page.contains(#"data-count="regressions" data-value="0""#))
        #expect(!page.contains(#"<li class="bad"><b data-count="regressions""#) && !page.contains(#"<li class="bad"><b data-count="changed""#))
        #expect(page.contains(#"id="allow-list""#))
    }

    @Test func anUnknownNameIs65NamingFileAndLineAndStoresNothing() async throws {
        let (runner, changed, _) = try await Self.corpus()
        let allow = try runner.write("\(changed[0]) # ok\n# next\nflick-typo # oops\n", to: "allow.txt")
        let before = DatabaseFiles(path: runner.db)
        let output = try await runner.run(["regress", "--set", "threshold=0.3", "--allow", allow])
        #expect(output.status == 65)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "pantrace: error: \(allow):3: \"flick-typo\": no stored trace has this name\n")
        #expect(DatabaseFiles(path: runner.db) == before)
    }

    @Test func refusalsBeforeTheReplay() async throws {
        let (runner, _, _) = try await Self.corpus()
        let allow = try runner.write("", to: "allow.txt")
        let before = DatabaseFiles(path: runner.db)
        let accept = try await runner.run(["regress", "--set", "threshold=0.3", "--allow", allow, "--accept"])
        #expect(accept.status == 64)
        #expect(accept.stderr.hasPrefix("pantrace: error: --allow only goes with a regression that is judged, not --accept\n"))
        let missing = try await runner.run(["regress", "--set", "threshold=0.3", "--allow", runner.path("nope.txt")])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("pantrace: error: cannot read \(runner.path("nope.txt")): "), "\(missing.stderr)")
        let twice = try runner.write("a\na\n", to: "twice.txt")
        let repeated = try await runner.run(["regress", "--set", "threshold=0.3", "--allow", twice])
        #expect(repeated.status == 65)
        #expect(repeated.stderr == "pantrace: error: \(twice):2: \"a\": listed twice (first on line 1)\n")
        #expect(DatabaseFiles(path: runner.db) == before)
    }
}

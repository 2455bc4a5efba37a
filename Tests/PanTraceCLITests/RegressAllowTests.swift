import Foundation
import SQLiteTestSupport
import Testing
import TestThreads

/// `pantrace regress --allow FILE` end to end (docs/spec-readings.md "regress
/// --allow"): the exit status with the listed changes taken out of the
/// count, the JUnit cases that pass with their reason, the listed traces
/// that did not change on standard error, and the refusals (65 for a name
/// that is not stored, naming file and line; 64 with `--accept`; 66 for a
/// file that cannot be read), which store nothing.
@Suite(.blocksItsThread) struct RegressAllowTests {
    /// A corpus (run 1) and the traces threshold 0.3 changes (from the
    /// `decisions` view, after a first regress, run 2).
    static func corpus() throws -> (CommandRunner, changed: [String], unchanged: String) {
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 150, seed: 3)
        try runner.expect(1, ["regress", "--set", "threshold=0.3", "--quiet"])
        let changed = try runner.changedTraces(baseline: 1, candidate: 2).sorted()
        try #require(changed.count >= 3, "threshold 0.3 should change some decisions")
        let unchanged = try #require(
            try runner.names("SELECT name FROM trace ORDER BY name").subtracting(changed).min())
        return (runner, changed, unchanged)
    }

    @Test func everyListedChangePassesWithItsReason() throws {
        let (runner, changed, unchanged) = try Self.corpus()
        let lines = ["# accepted in review"] + changed.map { "\($0)   # accepted: \($0)" } + ["", "\(unchanged) # stale"]
        let allow = try runner.write(lines.joined(separator: "\n") + "\n", to: "allow.txt")
        let junit = runner.path("pantrace.xml")
        let output = try runner.expect(0, ["regress", "--set", "threshold=0.3", "--allow", allow, "--junit", junit])
        let staleLine = changed.count + 3
        #expect(
            output.stderr.contains(
                "warning: \(allow):\(staleLine): \"\(unchanged)\" is listed, but its decision did not change: "
                    + "remove the line when the change it accepted is gone\n"), "\(output.stderr)")
        #expect(output.stderr.contains("regress: ok: 0 decision(s) changed, 0 allowed (\(changed.count) accepted by --allow)\n"))
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
    @Test func anUnlistedChangeStillFails() throws {
        let (runner, changed, _) = try Self.corpus()
        let allow = try runner.write(changed.dropFirst().joined(separator: "\n"), to: "allow.txt")
        let junit = runner.path("pantrace.xml")
        let output = try runner.expect(1, ["regress", "--set", "threshold=0.3", "--allow", allow, "--junit", junit])
        #expect(output.stderr.contains("regress: FAIL: 1 decision(s) changed, 0 allowed (\(changed.count - 1) accepted by --allow)\n"))
        #expect(!output.stderr.contains("is listed"))
        let document = try JUnitDocument(path: junit)
        #expect(document.testcases.filter(\.failed).map(\.name) == [changed[0]])
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("accepted in \(allow):1: no reason given\n"))
    }

    @Test func anUnknownNameIs65NamingFileAndLineAndStoresNothing() throws {
        let (runner, changed, _) = try Self.corpus()
        let allow = try runner.write("\(changed[0]) # ok\n# next\nflick-typo # oops\n", to: "allow.txt")
        let before = try runner.files()
        let output = try runner.run(["regress", "--set", "threshold=0.3", "--allow", allow])
        #expect(output.status == 65)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "pantrace: error: \(allow):3: \"flick-typo\": no stored trace has this name\n")
        #expect(try runner.files() == before)
    }

    @Test func refusalsBeforeTheReplay() throws {
        let (runner, _, _) = try Self.corpus()
        let allow = try runner.write("", to: "allow.txt")
        let before = try runner.files()
        let accept = try runner.run(["regress", "--set", "threshold=0.3", "--allow", allow, "--accept"])
        #expect(accept.status == 64)
        #expect(accept.stderr.hasPrefix("pantrace: error: --allow only goes with a regression that is judged, not --accept\n"))
        let missing = try runner.run(["regress", "--set", "threshold=0.3", "--allow", runner.path("nope.txt")])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("pantrace: error: cannot read \(runner.path("nope.txt")): "), "\(missing.stderr)")
        let twice = try runner.write("a\na\n", to: "twice.txt")
        let repeated = try runner.run(["regress", "--set", "threshold=0.3", "--allow", twice])
        #expect(repeated.status == 65)
        #expect(repeated.stderr == "pantrace: error: \(twice):2: \"a\": listed twice (first on line 1)\n")
        #expect(try runner.files() == before)
    }
}

import Foundation
import SQLiteTestSupport
import Testing

/// `pantrace replay` end to end (docs/commands.md §7.2): what it stores, checked
/// in the database with SQL, and what it reports on its streams. Properties
/// of the replay itself (a run's own config changes nothing, a threshold flips
/// exactly the traces between, replay equals a fresh record) are tested
/// in-process: PanTraceKitTests' ReplayWorkflowTests.
@Suite struct ReplayTests {
    @Test func repeatedTraceOptionsReplayExactlyThoseTraces() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 100)
        let chosen = try runner.database.names("SELECT name FROM trace ORDER BY id DESC LIMIT 3")
        let arguments = chosen.sorted().flatMap { ["--trace", $0] }
        try await runner.expect(0, ["replay", "--set", "threshold=0.3"] + arguments)
        let run = try runner.database.newestRun()
        #expect(try runner.database.names("SELECT trace FROM decisions WHERE run = \(run)") == chosen)
        #expect(try runner.database.integer("SELECT trace_count FROM run WHERE id = \(run)") == chosen.count)
        // Naming a trace twice replays it once.
        let one = try #require(chosen.min())
        try await runner.expect(0, ["replay", "--trace", one, "--trace", one])
        #expect(try runner.database.integer("SELECT count(*) FROM result WHERE run_id = \(try runner.database.newestRun())") == 1)
    }

    @Test func repeatedFamilyOptionsReplayExactlyThoseFamilies() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 150)
        let expected = try runner.database.names("SELECT name FROM trace WHERE family IN ('flick', 'peek')")
        try #require(!expected.isEmpty)
        let output = try await runner.expect(0, ["replay", "--family", "flick", "--family", "peek", "--format", "json"])
        let run = try runner.database.newestRun()
        #expect(try runner.database.names("SELECT trace FROM decisions WHERE run = \(run)") == expected)
        #expect(try runner.database.integer("SELECT count(*) FROM result WHERE run_id = \(run)") == expected.count)
        #expect(try JSONReport(output.stdout).traces == expected.count)
    }

    @Test func traceAndFamilyTogetherReplayTheUnion() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 100)
        let flicks = try runner.database.names("SELECT name FROM trace WHERE family = 'flick'")
        let other = try #require(try runner.database.names("SELECT name FROM trace WHERE family = 'peek' LIMIT 1").first)
        let flick = try #require(flicks.first)
        // A name inside the family counts once.
        try await runner.expect(0, ["replay", "--family", "flick", "--trace", other, "--trace", flick])
        let run = try runner.database.newestRun()
        #expect(try runner.database.names("SELECT trace FROM decisions WHERE run = \(run)") == flicks.union([other]))
        #expect(try runner.database.integer("SELECT count(*) FROM result WHERE run_id = \(run)") == flicks.count + 1)
    }

    /// A filter that matches nothing is a usage error that writes nothing: no run, no config row.
    @Test(arguments: [
        ["--family", "no-such-family"],
        ["--trace", "no-such-trace"],
        ["--family", "flick", "--trace", "no-such-trace"],
    ])
    func aFilterMatchingNothingWritesNothing(_ filter: [String]) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 50)
        let before = DatabaseFiles(path: runner.db)
        for command in ["replay", "regress"] {
            let output = try await runner.expect(64, [command, "--set", "threshold=0.33", "--frames"] + filter)
            #expect(output.stdout.isEmpty)
            #expect(output.stderr.contains("no-such"))
        }
        #expect(DatabaseFiles(path: runner.db) == before)
    }

    @Test func framesAreStoredOnlyWhenAsked() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 80)
        // docs/model.md §4.1, from the samples: every sample but a cancel and an up that stays in place.
        let positionSamples = try runner.database.integer(
            """
            SELECT count(*) FROM (
              SELECT phase, x, y, lag(x) OVER w AS px, lag(y) OVER w AS py FROM sample
              WINDOW w AS (PARTITION BY trace_id ORDER BY seq))
            WHERE phase IN ('down', 'move') OR (phase = 'up' AND (x <> px OR y <> py))
            """)
        #expect(try runner.database.integer("SELECT count(*) FROM frame JOIN result ON result.id = frame.result_id WHERE run_id = 1") == positionSamples)

        try await runner.expect(0, ["replay", "--set", "threshold=0.3"])
        #expect(try runner.database.integer("SELECT count(*) FROM frame JOIN result ON result.id = frame.result_id WHERE run_id = 2") == 0)

        try await runner.expect(0, ["replay", "--set", "threshold=0.3", "--frames"])
        #expect(try runner.database.integer("SELECT count(*) FROM frame JOIN result ON result.id = frame.result_id WHERE run_id = 3") == positionSamples)
        // A threshold does not move any frame: run 3's frames are run 1's.
        let differing = try runner.database.integer(
            """
            SELECT count(*) FROM (
              SELECT r.trace_id, f.seq, f.state, f.owner, f.percent, f.scroll_offset
              FROM frame AS f JOIN result AS r ON r.id = f.result_id WHERE r.run_id = 1
              EXCEPT
              SELECT r.trace_id, f.seq, f.state, f.owner, f.percent, f.scroll_offset
              FROM frame AS f JOIN result AS r ON r.id = f.result_id WHERE r.run_id = 3)
            """)
        #expect(differing == 0)
        #expect(try runner.database.integer("SELECT count(*) FROM frame") == 2 * positionSamples)
    }

    @Test func baselineOptionChoosesTheRunToCompareWith() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 150)
        try await runner.expect(0, ["replay", "--set", "threshold=0.3", "--quiet"])
        let output = try await runner.expect(0, ["replay", "--baseline", "2", "--format", "json"])
        let report = try JSONReport(output.stdout)
        #expect(report.run("baseline") == 2)
        #expect(report.config("baseline") == "baseline threshold=0.3")
        #expect(report.run("candidate") == 3)
        // docs/commands.md §7.2: without options the base is the baseline run's config, run 2's here.
        #expect(report.config("candidate") == "baseline threshold=0.3")
        #expect(Set(report.changedNames) == (try runner.database.changedTraces(baseline: 2, candidate: 3)))
        #expect(report.changed == (try runner.database.changedTraces(baseline: 2, candidate: 3)).count)
        // Without --baseline (and nothing accepted): the first run.
        let first = try JSONReport(try await runner.expect(0, ["replay", "--format", "json", "--quiet"]).stdout)
        #expect(first.run("baseline") == 1)
    }

    /// A replay over a subset, used as a baseline: the traces it lacks are not compared.
    @Test func tracesWithoutABaselineResultAreNotCompared() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 100)
        try await runner.expect(0, ["replay", "--family", "flick", "--set", "threshold=0.2"])
        let output = try await runner.expect(0, ["replay", "--baseline", "2", "--format", "json"])
        let report = try JSONReport(output.stdout)
        #expect(report.traces == (try runner.database.comparedCount(baseline: 2, candidate: 3)))
        #expect(report.traces == (try runner.database.integer("SELECT count(*) FROM trace WHERE family = 'flick'")))
        #expect(Set(report.changedNames) == (try runner.database.changedTraces(baseline: 2, candidate: 3)))
    }

    @Test func textReportTotalsAgreeWithTheDatabase() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 200)
        let output = try await runner.expect(0, ["replay", "--set", "decision=velocity", "--limit", "5"])
        let changed = try runner.database.changedTraces(baseline: 1, candidate: 2)
        try #require(changed.count > 5)
        #expect(output.stdout.contains("\n\(changed.count) changed: "))
        #expect(output.stdout.contains("traces compared: \(try runner.database.comparedCount(baseline: 1, candidate: 2))\n"))
        #expect(output.stdout.contains("decision  threshold → velocity"))
        #expect(output.stdout.contains("… and \(changed.count - 5) more"))
        // The table lists the first changes by name, in aligned columns.
        for name in changed.sorted().prefix(5) { #expect(output.stdout.contains(name)) }
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "changed traces:"))
        let table = Array(lines[(start + 1)...].prefix { !$0.hasPrefix("…") })
        #expect(table.count == 6)
        #expect(Set(table.map(\.count)).count == 1, "\(table.joined(separator: "\n"))")
        // Reports on stdout, the summary on stderr; --quiet silences stderr only.
        #expect(!output.stdout.contains("stored in"))
        #expect(output.stderr.contains("run 2"))
        let quiet = try await runner.expect(0, ["replay", "--set", "decision=velocity", "--quiet"])
        #expect(quiet.stderr.isEmpty)
        #expect(!quiet.stdout.isEmpty)
    }

    /// Names a report must escape: markup characters, quotes, a tab, accents and an emoji.
    @Test func reportsCarryAwkwardTraceNamesExactly() async throws {
        let runner = try CommandRunner()
        let fixtures = CommandRunner.repositoryRoot.appending(path: "Fixtures/traces/worked-examples.jsonl").path
        let lines = try String(contentsOfFile: fixtures, encoding: .utf8).split(separator: "\n").map(String.init)
        let renamed = [
            "spec-4.9-1-slow-drag": "<slow & \"drag\"> it's é",
            "spec-4.9-2-short-flick": "flick\t🚀 ]]> --",
        ]
        var text = ""
        for line in lines {
            var line = line
            for (old, new) in renamed {
                let encoded = String(decoding: try JSONEncoder().encode(new), as: UTF8.self)
                line = line.replacingOccurrences(of: "\"name\":\"\(old)\"", with: "\"name\":\(encoded)")
            }
            text += line + "\n"
        }
        let path = try runner.write(text, to: "awkward.jsonl")
        try await runner.expect(0, ["record", "--from", path])
        #expect(try runner.database.names("SELECT name FROM trace").isSuperset(of: Set(renamed.values)))

        // docs/model.md §4.9: example 1 (48.3%, 400 pt/s) cancels at threshold 0.5, example 2 (1250 pt/s) flicks.
        let junit = runner.path("awkward.xml")
        let output = try await runner.expect(1, ["regress", "--format", "json", "--junit", junit, "--set", "threshold=0.5", "--set", "decision=velocity"])
        let changed = try runner.database.changedTraces(baseline: 1, candidate: 2)
        #expect(changed == Set(renamed.values))
        let report = try JSONReport(output.stdout)
        #expect(Set(report.changedNames) == changed)
        let document = try JUnitDocument(path: junit)
        #expect(Set(document.testcases.filter(\.failed).map(\.name)) == changed)
        #expect(Set(document.testcases.map(\.name)) == (try runner.database.names("SELECT name FROM trace")))
        // The text report too, with the tab escaped as `\t` (docs/safety.md: no control reaches the terminal raw).
        let textReport = try await runner.expect(0, ["replay", "--baseline", "1", "--set", "threshold=0.5", "--set", "decision=velocity"]).stdout
        for name in changed { #expect(textReport.contains(name.replacingOccurrences(of: "\t", with: #"\t"#))) }
        #expect(!textReport.contains("\t"))
    }
}

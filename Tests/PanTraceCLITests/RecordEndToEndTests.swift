import Foundation
import SQLiteTestSupport
import Testing

/// `pantrace record` end to end: the command line (the binary;
/// the binary for standard input), a fresh database, SQL as the sqlite3 shell reads it.
@Suite struct RecordEndToEndTests {
    static let fixtures = CommandRunner.repositoryRoot.appending(path: "Fixtures/traces")
    static var workedExamples: String { fixtures.appending(path: "worked-examples.jsonl").path }

    /// Lines of a JSON Lines file that hold a trace.
    static func traceLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test func recordsTheFixturesWithEveryRowTheyImply() async throws {
        let runner = try CommandRunner()
        let result = try await runner.run(["record", "--from", Self.workedExamples])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("recorded run 1"))
        #expect(result.stdout.isEmpty)  // a summary goes to standard error
        // Expected counts from the file itself, read independently with Foundation.
        var samples = 0
        var positionSamples = 0
        let lines = try Self.traceLines(Self.workedExamples)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let list = try #require(object["samples"] as? [[String: Any]])
            samples += list.count
            // docs/model.md §4.1: every sample but a terminal one that stays in place.
            let last = try #require(list.last)
            let previous = list[list.count - 2]
            let moved = (last["x"] as? Double) != (previous["x"] as? Double) || (last["y"] as? Double) != (previous["y"] as? Double)
            positionSamples += list.count - ((last["phase"] as? String) == "up" && moved ? 0 : 1)
        }
        #expect(try runner.database.integer("SELECT count(*) FROM trace") == lines.count)
        #expect(try runner.database.integer("SELECT count(*) FROM sample") == samples)
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 1)
        #expect(try runner.database.integer("SELECT count(*) FROM result") == lines.count)
        #expect(try runner.database.integer("SELECT count(*) FROM frame") == positionSamples)
        #expect(try runner.database.integer("SELECT count(*) FROM config") == 1)
    }

    /// docs/model.md §4.9, through the command line and the `decisions` view.
    @Test func decisionsViewShowsTheWorkedExamples() async throws {
        let runner = try CommandRunner()
        #expect(try await runner.run(["record", "--from", Self.workedExamples]).status == 0)
        let rows = try runner.database.rows(
            "SELECT trace, decision, reason, round(percent, 5), round(settle, 5), round(velocity, 3), start_seq FROM decisions ORDER BY trace")
        #expect(rows == [
            [.text("spec-4.9-1-slow-drag"), .text("finish"), .text("threshold"), .real(0.48333), .real(0.20667), .real(400), .int(2)],
            [.text("spec-4.9-2-short-flick"), .text("cancel"), .text("belowThreshold"), .real(0.1125), .real(0.045), .real(1250), .int(1)],
            [.text("spec-4.9-3-scroll-offset-0"), .text("cancel"), .text("belowThreshold"), .real(0.3625), .real(0.145), .real(300), .int(2)],
            [.text("spec-4.9-3-scroll-offset-50"), .text("none"), .text("scrollOwned"), .real(0), .real(0), .real(0), .null],
        ])
        let handoff = try await runner.run(["replay", "--set", "scrollGating=handoff", "--trace", "spec-4.9-3-scroll-offset-50"])
        #expect(handoff.status == 0, "\(handoff.stderr)")
        #expect(try runner.database.rows("SELECT start_seq, round(percent, 12), decision FROM decisions WHERE run = 2") == [[.int(13), .real(0.3), .text("cancel")]])
        let overscroll = try runner.database.scalar("SELECT overscroll FROM decisions WHERE run = 1 AND trace = 'spec-4.9-3-scroll-offset-0'")
        #expect(overscroll == .real(290))
    }

    @Test func decisionsViewHasTheSpecColumns() async throws {
        let runner = try CommandRunner()
        #expect(try await runner.run(["record", "--count", "5"]).status == 0)
        let columns = Set(try runner.database.texts("SELECT name FROM pragma_table_info('decisions')"))
        let required: Set = [
            "run", "config", "trace", "intent", "decision", "reason", "percent", "peak_percent", "velocity",
            "projected", "settle", "overscroll", "tracking_error", "attempted", "began_seq", "start_seq",
        ]
        #expect(required.isSubset(of: columns), "missing: \(required.subtracting(columns))")
        let sampleColumns = Set(try runner.database.texts("SELECT name FROM pragma_table_info('sample')"))
        for column in ["seq", "t", "x", "y", "phase", "touches"] { #expect(sampleColumns.contains(column)) }
    }

    @Test func standardInputAndDeduplication() async throws {
        let runner = try CommandRunner()
        let text = try String(contentsOfFile: Self.workedExamples, encoding: .utf8)
        #expect(try await runner.run(["record", "--from", "-"], stdin: text).status == 0)
        let again = try await runner.run(["record", "--from", Self.workedExamples])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try runner.database.integer("SELECT count(*) FROM trace") == 4)
        #expect(try runner.database.integer("SELECT count(*) FROM sample") == 198)
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 2)
        #expect(try runner.database.integer("SELECT count(*) FROM config") == 1)
        #expect(try runner.database.integer("SELECT count(*) FROM result") == 8)
    }

    @Test func sameNameOtherContentIsRefusedAndWritesNothing() async throws {
        let runner = try CommandRunner()
        #expect(try await runner.run(["record", "--from", Self.workedExamples]).status == 0)
        let lines = try Self.traceLines(Self.workedExamples)
        let changed = lines[1].replacingOccurrences(of: "\"width\":400", with: "\"width\":401")
        let file = try runner.write(lines[0] + "\n" + changed + "\n", to: "changed.jsonl")
        let before = try runner.database.rows("SELECT (SELECT count(*) FROM run), (SELECT count(*) FROM result), (SELECT count(*) FROM frame)")
        let result = try await runner.run(["record", "--from", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("changed.jsonl:2: name:"), "\(result.stderr)")
        #expect(try runner.database.rows("SELECT (SELECT count(*) FROM run), (SELECT count(*) FROM result), (SELECT count(*) FROM frame)") == before)
    }

    @Test func synthesisIsReproducible() async throws {
        let first = try CommandRunner()
        let second = try CommandRunner()
        #expect(try await first.run(["record", "--count", "60", "--seed", "42", "--quiet"]).status == 0)
        #expect(try await second.run(["record", "--count", "60", "--seed", "42", "--quiet"]).status == 0)
        let query = "SELECT trace.name, seq, t, x, y, phase, touches FROM sample JOIN trace ON trace.id = trace_id ORDER BY trace.name, seq"
        let a = try first.database.rows(query)
        #expect(!a.isEmpty)
        #expect(a == (try second.database.rows(query)))
        let generated = try await first.run(["generate", "--count", "60", "--seed", "42"], db: false)
        #expect(generated.stdout == (try await second.run(["generate", "--count", "60", "--seed", "42"], db: false)).stdout)
        #expect(generated.stdout.split(separator: "\n").count == 60)
        let other = try await first.run(["generate", "--count", "60", "--seed", "43"], db: false)
        #expect(other.stdout != generated.stdout)
        // Names carry the seed, so corpora of different seeds share a database.
        #expect(try await first.run(["record", "--count", "60", "--seed", "43", "--quiet"]).status == 0)
        #expect(try first.database.integer("SELECT count(*) FROM trace") == 120)
    }

    /// The generated JSON Lines read back as the same traces the generator records.
    @Test func generatedTracesRecordLikeSyntheticOnes() async throws {
        let runner = try CommandRunner()
        let generated = try await runner.run(["generate", "--count", "40", "--seed", "9"], db: false)
        let file = try runner.write(generated.stdout, to: "generated.jsonl")
        #expect(try await runner.run(["record", "--from", file, "--quiet"]).status == 0)
        #expect(try await runner.run(["record", "--count", "40", "--seed", "9", "--quiet"]).status == 0)
        // Identical content: the second record reused every trace.
        #expect(try runner.database.integer("SELECT count(*) FROM trace") == 40)
        #expect(try runner.database.integer("SELECT count(DISTINCT decision || reason || percent) FROM result GROUP BY trace_id ORDER BY 1 DESC LIMIT 1") == 1)
    }

    @Test func summaryCountsDecisionsAndIntent() async throws {
        let runner = try CommandRunner()
        let result = try await runner.run(["record", "--count", "120", "--seed", "5"])
        #expect(result.status == 0)
        for decision in ["finish", "cancel", "none"] {
            let count = try runner.database.integer("SELECT count(*) FROM result WHERE decision = '\(decision)'")
            #expect(result.stderr.contains("\n\(decision.padding(toLength: 10, withPad: " ", startingAt: 0)) \(count)"), "\(result.stderr)")
        }
        let agree = try runner.database.integer(
            "SELECT count(*) FROM decisions WHERE (intent = 'finish' AND decision = 'finish') OR (intent = 'cancel' AND decision != 'finish')")
        let labelled = try runner.database.integer("SELECT count(*) FROM decisions WHERE intent IS NOT NULL")
        #expect(result.stderr.contains("intent     \(agree) of \(labelled) labelled traces agree"))
        let quiet = try await runner.run(["record", "--count", "3", "--quiet"])
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    }

    @Test func readmeQuickStartCommandWorks() async throws {
        let runner = try CommandRunner()
        let result = try await runner.run(["record", "--from", Self.workedExamples, "--count", "50", "--seed", "7"])
        #expect(result.status == 0)
        #expect(try runner.database.integer("SELECT count(*) FROM trace") == 54)
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 1)
    }

    /// A record of nothing would only leave an empty run to become a baseline.
    @Test func anEmptyInputRecordsNothing() async throws {
        let runner = try CommandRunner()
        #expect(try await runner.run(["record", "--count", "5", "--quiet"]).status == 0)
        let empty = try runner.write("\n\n", to: "empty.jsonl")
        let result = try await runner.run(["record", "--from", empty])
        #expect(result.status == 65)
        #expect(result.stderr.contains("empty.jsonl: no traces to record"))
        #expect(try await runner.run(["record", "--count", "0"]).status == 64)
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 1)
    }
}

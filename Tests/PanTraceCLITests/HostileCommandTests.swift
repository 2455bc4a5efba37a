import TestFolders
import Foundation
import SQLiteTestSupport
import Testing

/// docs/safety.md on the command line, in-process (``InProcessCommandLine``): each
/// case ends with the right status and a message naming what is wrong, and
/// changes nothing it should not.
@Suite struct HostileCommandTests {
    /// `pantrace arguments…` on the runner's database (`--db` after the
    /// subcommands, so after `export traces` too).
    static func run(_ runner: CommandRunner, _ arguments: [String]) async throws -> CommandRunner.Output {
        let subcommands = arguments.first == "export" ? 2 : 1
        return try await runner.run(Array(arguments.prefix(subcommands)) + ["--db", runner.db] + arguments.dropFirst(subcommands), db: false)
    }

    /// The names of the files in the runner's folder.
    static func listing(_ runner: CommandRunner) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).sorted()
    }

    // MARK: Case 3: a path is a path

    @Test func aDatabasePathThatLooksLikeAURIIsAFileOfThatName() async throws {
        let runner = try CommandRunner()
        let traces = try runner.write(ValidTraceLine.validLine + "\n", to: "t.jsonl")
        for name in ["file:x.db?mode=memory", "file:y.db"] {
            let record = try await runner.run(["record", "--db", name, "--from", traces], db: false)
            #expect(record.status == 0, "\(name): \(record.stderr)")
            let runs = try await runner.run(["runs", "--db", name], db: false)
            #expect(runs.status == 0, "\(name): \(runs.stderr)")
            #expect(try DatabaseFile(path: runner.path(name)).integer("SELECT count(*) FROM trace") == 1)
        }
        #expect(try Self.listing(runner) == ["file:x.db?mode=memory", "file:y.db", "t.jsonl"])
    }

    // MARK: Case 11: an empty file

    @Test func anEmptyDatabaseFileIsSaidToBeEmptyAndLeftEmpty() async throws {
        let runner = try CommandRunner()
        #expect(FileManager.default.createFile(atPath: runner.db, contents: Data()))
        for command in [["runs"], ["show", "x"], ["export", "traces"], ["tune", "--sweep", "threshold=0.3"]] {
            let output = try await Self.run(runner, command)
            #expect(output.status == 66, "\(command): \(output.stderr)")
            #expect(output.stderr.contains("the file is empty (0 bytes)"), "\(command): \(output.stderr)")
            #expect(!output.stderr.contains("read-only"), "\(command)")
        }
        for command in [["replay"], ["regress"], ["runs", "--delete", "1"]] {
            let output = try await Self.run(runner, command)
            #expect(output.status != 0, "\(command)")
            #expect(try FileManager.default.attributesOfItem(atPath: runner.db)[.size] as? Int == 0, "\(command)")
            #expect(try Self.listing(runner) == ["test.sqlite"], "\(command)")
        }
        // record makes it a database.
        let traces = try runner.write(ValidTraceLine.validLine + "\n", to: "t.jsonl")
        #expect(try await runner.run(["record", "--from", traces]).status == 0)
        #expect(try runner.database.integer("SELECT count(*) FROM trace") == 1)
    }

    // MARK: Case 12: a damaged schema

    @Test func aColumnRenamedByHandIsADamagedDatabaseNotAnInternalError() async throws {
        let runner = try await Hardening.seededRunner()
        try Hardening.execute(runner.db, "ALTER TABLE result RENAME COLUMN velocity TO speed")
        let before = try DatabaseState(path: runner.db)
        for command in [["replay"], ["regress"], ["runs"], ["show", "taken"], ["export", "decisions"], ["tune", "--sweep", "threshold=0.3"]] {
            let output = try await Self.run(runner, command)
            #expect(output.status == 66, "\(command): \(output.stderr)")
            #expect(output.stderr.contains("damaged") && output.stderr.contains("result.velocity missing"), "\(command): \(output.stderr)")
        }
        #expect(try DatabaseState(path: runner.db) == before)
    }

    // MARK: Case 6: hand edits that break the trace format

    @Test(arguments: [
        ("DELETE FROM sample WHERE trace_id = (SELECT id FROM trace WHERE name = 'taken')", "needs at least 2 samples"),
        ("UPDATE sample SET t = -5 WHERE seq = 2 AND trace_id = (SELECT id FROM trace WHERE name = 'taken')", "time goes backwards"),
        ("UPDATE sample SET x = 9e999 WHERE seq = 1 AND trace_id = (SELECT id FROM trace WHERE name = 'taken')", "must be a finite number"),
        ("UPDATE sample SET x = 'abc' WHERE seq = 1 AND trace_id = (SELECT id FROM trace WHERE name = 'taken')", "holds 'abc'"),
        ("UPDATE sample SET touches = 1e18 WHERE seq = 1 AND trace_id = (SELECT id FROM trace WHERE name = 'taken')", "at most 2^53"),
    ])
    func aTraceEditedIntoOneRecordRefusesStopsEveryReaderWith66(_ edit: String, _ words: String) async throws {
        let runner = try await Hardening.seededRunner()
        try Hardening.execute(runner.db, edit)
        for command in [["replay"], ["tune", "--sweep", "threshold=0.3"], ["show", "taken"], ["export", "traces"], ["regress"]] {
            let output = try await Self.run(runner, command)
            #expect(output.status == 66, "\(command): \(output.stderr)")
            #expect(output.stderr.contains(#"trace "taken""#) && output.stderr.contains(words), "\(command): \(output.stderr)")
            // Nothing that record would refuse reaches standard output.
            #expect(!output.stdout.contains(#""name": "taken""#), "\(command)")
        }
    }

    // MARK: Case 4: tiny time steps

    @Test func stepsOf1e200SecondsRecordAFiniteVelocityAndTuneCountsTheFlick() async throws {
        let runner = try CommandRunner()
        let samples = [#"{"t": 0, "x": 200, "y": 100, "phase": "down"}"#]
            + (1...10).map { #"{"t": \#($0)e-200, "x": 200, "y": \#(100 + 10 * $0), "phase": "move"}"# }
            + [#"{"t": 1e-199, "x": 200, "y": 200, "phase": "up"}"#]
        let line = #"{"name": "tiny", "width": 400, "height": 800, "intent": "finish", "samples": ["# + samples.joined(separator: ", ") + "]}"
        let traces = try runner.write(line + "\n", to: "tiny.jsonl")
        let record = try await runner.run(["record", "--from", traces, "--set", "velocityEstimator=impulse", "--set", "decision=velocity"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try runner.database.rows("SELECT decision, reason, velocity > 1e308 FROM decisions") == [[.text("finish"), .text("flick"), .int(1)]])
        let tune = try await runner.run([
            "tune", "--set", "velocityEstimator=impulse", "--set", "decision=velocity", "--sweep", "flickVelocity=1000,2000",
            "--format", "json",
        ])
        #expect(tune.status == 0, "\(tune.stderr)")
        #expect(tune.stdout.contains(#""finish":1"#) && !tune.stdout.contains(#""finish":0"#), "\(tune.stdout)")
    }

    // MARK: Case 9: a number that is not what it says

    @Test func aConfigNumberWithAHugeExponentBehindManyZerosIs65NamingTheKey() async throws {
        let runner = try CommandRunner()
        let config = try runner.write(#"{"threshold": 0."# + String(repeating: "0", count: 999_999) + "1e10000000}", to: "c.json")
        let traces = try runner.write(ValidTraceLine.validLine + "\n", to: "t.jsonl")
        let output = try await runner.run(["record", "--from", traces, "--config", config])
        #expect(output.status == 65)
        #expect(output.stderr.contains("threshold") && output.stderr.contains("overflows"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.db))
    }

    // MARK: Case 10: export is idempotent

    @Test func recordingTheExportOfATraceWithARawCRInItsMetaFindsTheSameTrace() async throws {
        let runner = try CommandRunner()
        let line = ValidTraceLine.edited(#""height":800"#, #""height":800,"meta":{"a":1,"# + "\r" + #""b":2}"#)
        let traces = try runner.write(line + "\n", to: "t.jsonl")
        #expect(try await runner.run(["record", "--from", traces]).status == 0)
        let export = try await Self.run(runner, ["export", "traces"])
        #expect(export.status == 0)
        let exported = try runner.write(export.stdout, to: "exported.jsonl")
        let again = try await runner.run(["record", "--from", exported])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try runner.database.integer("SELECT count(*) FROM trace") == 1)
        #expect(try await Self.run(runner, ["export", "traces"]).stdout == export.stdout)
    }
}

import Foundation
import SQLiteTestSupport
import Testing

/// `pantrace export` (docs/commands.md §7.6) on the command line: the lines on
/// standard output and nothing on standard error, the exit statuses, a
/// database that is only read, and a standard output that cannot be written.
/// What the lines hold is tested in-process (PanTraceKitTests' Export suites).
@Suite struct ExportTests {
    /// `pantrace export <what> --db <the test's database> arguments…` (the
    /// runner would put `--db` before `traces`, which belongs to the leaf).
    static func export(_ runner: CommandRunner, _ what: String, _ arguments: [String] = [], db: String? = nil, stdin: String? = nil) async throws -> CommandRunner.Output {
        try await runner.run(["export", what, "--db", db ?? runner.db] + arguments, db: false, stdin: stdin)
    }

    @Test func tracesAndDecisionsGoToStandardOutputOneLineEach() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 30)
        let traces = try await Self.export(runner, "traces")
        #expect(traces.status == 0 && traces.stderr.isEmpty, "\(traces.stderr)")
        #expect(traces.stdout.hasSuffix("\n"))
        #expect(traces.stdout.split(separator: "\n").count == (try runner.database.integer("SELECT count(*) FROM trace")))

        // The README's round trip, through a pipe: the copy exports the same bytes.
        let copy = runner.path("copy.sqlite")
        let recorded = try await runner.run(["record", "--db", copy, "--from", "-"], db: false, stdin: traces.stdout)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(try await Self.export(runner, "traces", db: copy).stdout == traces.stdout)

        let decisions = try await Self.export(runner, "decisions")
        #expect(decisions.status == 0 && decisions.stderr.isEmpty, "\(decisions.stderr)")
        let lines = decisions.stdout.split(separator: "\n")
        #expect(lines.count == (try runner.database.integer("SELECT count(*) FROM result WHERE run_id = 1")))
        // docs/commands.md §7.6: each line starts with the trace, its decision and its reason.
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"trace": "#) && $0.contains(#"", "run": 1, "kind": "record", "config": "baseline", "#) })
        #expect(lines.allSatisfy { $0.range(of: #"^\{"trace": "[^"]*", "decision": "[a-z]+", "reason": "[A-Za-z]+", "#, options: .regularExpression) != nil })
    }

    @Test(arguments: ["traces", "decisions"])
    func aMissingDatabaseIs66AndIsNotCreated(what: String) async throws {
        let runner = try CommandRunner()
        let output = try await Self.export(runner, what)
        #expect(output.status == 66)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "pantrace: error: cannot open database \(runner.db): no such file (pantrace record creates it)\n")
        #expect(!FileManager.default.fileExists(atPath: runner.db))
    }

    @Test func anUnknownRunOrTraceIs64AndNamesIt() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 10)
        for (what, arguments, message) in [
            ("decisions", ["--run", "9"], "no run 9"), ("traces", ["--trace", "nope"], "no trace named 'nope'"),
        ] {
            let output = try await Self.export(runner, what, arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(output.stdout.isEmpty)
            #expect(output.stderr == "pantrace: error: \(message)\n")
        }
        // No subcommand: an error, never the help on standard output (`pantrace export > corpus.jsonl`).
        let bare = try await runner.run(["export"], db: false)
        #expect(bare.status == 64 && bare.stdout.isEmpty)
        #expect(bare.stderr.hasPrefix("pantrace: error: say what to export: 'pantrace export traces', 'decisions', 'actions' or 'xcuitest'\n"))
    }

    /// Opened read-only: a write-protected database exports, and is left byte for byte.
    @Test func theDatabaseIsOnlyRead() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 10)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.db))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: runner.db)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: runner.db) }
        for what in ["traces", "decisions"] {
            let output = try await Self.export(runner, what)
            #expect(output.status == 0 && !output.stdout.isEmpty, "\(what): \(output.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.db)) == before)
        let listing = try FileManager.default.contentsOfDirectory(atPath: runner.folder.path)
        #expect(!listing.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }, "\(listing)")
    }

    /// docs/commands.md §7.4: a failed write to standard output is an I/O error (74), not
    /// a crash and not a success with a cut export.
    @Test(arguments: [">&-", ">/dev/full"])
    func aStandardOutputThatCannotBeWrittenIs74(redirection: String) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 30)
        let ending = try await runner.shell(#"exec "$0" export traces --db "$1" "# + redirection, [runner.db])
        #expect(ending.signal == nil, "killed by signal \(ending.signal ?? 0)")
        #expect(ending.status == 74)
    }
}

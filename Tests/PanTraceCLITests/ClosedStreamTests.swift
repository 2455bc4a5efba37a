import Foundation
import SQLiteTestSupport
import Subprocess
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// docs/safety.md "Reports are written whole or reported", with the binary: a closed or failing standard stream is never a
/// crash. A report that cannot be written to standard output is exit 74 with
/// one line on standard error (none for a reader that went away); a closed
/// standard error drops the messages and keeps the exit status; nothing
/// stored is lost.
@Suite struct ClosedStreamTests {
    static func corpus() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 20)
        return runner
    }

    /// Runs `pantrace arguments…` with standard output and error redirected by
    /// `stdout` and `stderr` as a shell writes them (`>&-`, `>/dev/full`,
    /// `2>'file'`); standard input is empty.
    static func spawn(_ arguments: [String], stdout: String, stderr: String, in runner: CommandRunner) async throws -> CommandRunner.Output {
        try await runner.shell(#"exec "$0" "$@" "# + stdout + " " + stderr, arguments)
    }

    /// `runs >&-`, `replay >&-`, `generate >&-`: refused before any work (the replay stores no run).
    @Test(arguments: [["runs", "--db"], ["replay", "--db"], ["generate", "--count", "3"]])
    func closedStandardOutputIs74(_ command: [String]) async throws {
        let runner = try await Self.corpus()
        let arguments = command.last == "--db" ? command + [runner.db] : command
        let ending = try await Self.spawn(arguments, stdout: ">&-", stderr: "", in: runner)
        #expect(ending.status == 74, "\(ending)")
        #expect(ending.stderr == "pantrace: error: cannot write to standard output: Bad file descriptor\n")
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 1)
    }

    /// `record … 2>&-` stores its run and exits 0: standard error is diagnostics only. So does a record with both closed.
    @Test func recordWithStandardErrorClosedStoresItsRun() async throws {
        let runner = try await Self.corpus()
        let output = runner.path("stdout.txt")
        for (seed, stdout) in [(2, ">'\(output)'"), (3, ">&-")] {
            let ending = try await Self.spawn(
                ["record", "--db", runner.db, "--count", "5", "--seed", "\(seed)"], stdout: stdout, stderr: "2>&-", in: runner)
            #expect(ending.status == 0, "\(ending)")
        }
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 3)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "")
    }

    /// `replay --format json >/dev/full` and `regress --accept >/dev/full`:
    /// 74; every report is written before the commit, so a report that
    /// cannot be written stores nothing and accepts nothing.
    @Test func aReportToAFullDeviceIs74() async throws {
        let runner = try await Self.corpus()
        let message = "pantrace: error: cannot write to standard output: No space left on device\n"

        let replay = try await Self.spawn(["replay", "--db", runner.db, "--format", "json"], stdout: ">/dev/full", stderr: "", in: runner)
        #expect(replay.status == 74, "\(replay)")
        #expect(replay.stderr == message)
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 1)

        let accept = try await Self.spawn(
            ["regress", "--db", runner.db, "--set", "threshold=0.3", "--accept"], stdout: ">/dev/full", stderr: "", in: runner)
        #expect(accept.status == 74, "\(accept)")
        #expect(accept.stderr == message)
        #expect(try runner.database.integer("SELECT count(*) FROM run") == 1)
        #expect(try runner.database.integer("SELECT count(*) FROM run WHERE baseline = 1") == 0)

        let generate = try await Self.spawn(["generate", "--count", "30"], stdout: ">/dev/full", stderr: "", in: runner)
        #expect(generate.status == 74, "\(generate)")
        #expect(generate.stderr == message)
    }

    /// A reader that went away (`pantrace generate | head`): no SIGPIPE death, no message, 74.
    @Test func aBrokenPipeEndsQuietly() async throws {
        let runner = try CommandRunner()
        // A pipe whose reading end is closed before the child starts: head has exited.
        let ends = try #require(closeOnExecPipe())
        close(ends.reading)
        let result = try await Subprocess.run(
            .path(.init(CommandRunner.binary)), arguments: ["generate", "--count", "200"], environment: CommandRunner.environment([:]),
            workingDirectory: .init(runner.folder.path),
            output: .fileDescriptor(.init(rawValue: ends.writing), closeAfterSpawningProcess: true), error: .string(limit: 1 << 20))
        let ending = CommandRunner.Output(result.terminationStatus, stdout: "", stderr: result.standardError)
        #expect(ending.status == 74, "\(ending)")
        #expect(ending.stderr == "")
    }

    /// A file past `ulimit -f` is a failed write (EFBIG, 74), not a SIGXFSZ core dump.
    @Test func aFileSizeLimitIs74() async throws {
        let runner = try CommandRunner()
        let ending = try await runner.shell(#"ulimit -f 8; exec "$0" generate --count 100 > out.jsonl"#)
        #expect(ending.status == 74, "\(ending)")
        #expect(ending.stderr == "pantrace: error: cannot write to standard output: File too large\n")
    }
}

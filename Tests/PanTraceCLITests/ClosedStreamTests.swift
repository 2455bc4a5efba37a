import Foundation
import Testing
import TestThreads

/// docs/safety.md "Reports are written whole or reported", with the binary: a closed or failing standard stream is never a
/// crash. A report that cannot be written to standard output is exit 74 with
/// one line on standard error (none for a reader that went away); a closed
/// standard error drops the messages and keeps the exit status; nothing
/// stored is lost.
@Suite(.blocksItsThread) struct ClosedStreamTests {
    static func corpus() throws -> CommandRunner {
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 20)
        return runner
    }

    /// `runs >&-`, `replay >&-`, `generate >&-`: refused before any work (the replay stores no run).
    @Test(arguments: [["runs", "--db"], ["replay", "--db"], ["generate", "--count", "3"]])
    func closedStandardOutputIs74(_ command: [String]) throws {
        let runner = try Self.corpus()
        let stderr = runner.path("stderr.txt")
        let arguments = command.last == "--db" ? command + [runner.db] : command
        let ending = try StreamSpawn.run(arguments, stdout: .closed, stderr: .file(stderr))
        #expect(ending == .init(status: 74), "\(ending)")
        #expect(try String(contentsOfFile: stderr, encoding: .utf8) == "pantrace: error: cannot write to standard output: Bad file descriptor\n")
        #expect(try runner.integer("SELECT count(*) FROM run") == 1)
    }

    /// `record … 2>&-` stores its run and exits 0: standard error is diagnostics only. So does a record with both closed.
    @Test func recordWithStandardErrorClosedStoresItsRun() throws {
        let runner = try Self.corpus()
        let output = runner.path("stdout.txt")
        for (seed, stdout) in [(2, StreamSpawn.Target.file(output)), (3, .closed)] {
            let ending = try StreamSpawn.run(
                ["record", "--db", runner.db, "--count", "5", "--seed", "\(seed)"], stdout: stdout, stderr: .closed)
            #expect(ending == .init(status: 0), "\(ending)")
        }
        #expect(try runner.integer("SELECT count(*) FROM run") == 3)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "")
    }

    /// `replay --format json >/dev/full` and `regress --accept >/dev/full`:
    /// 74; every report is written before the commit, so a report that
    /// cannot be written stores nothing and accepts nothing.
    @Test func aReportToAFullDeviceIs74() throws {
        let runner = try Self.corpus()
        let stderr = runner.path("stderr.txt")
        let message = "pantrace: error: cannot write to standard output: No space left on device\n"

        let replay = try StreamSpawn.run(
            ["replay", "--db", runner.db, "--format", "json"], stdout: .file("/dev/full"), stderr: .file(stderr))
        #expect(replay == .init(status: 74), "\(replay)")
        #expect(try String(contentsOfFile: stderr, encoding: .utf8) == message)
        #expect(try runner.integer("SELECT count(*) FROM run") == 1)

        let accept = try StreamSpawn.run(
            ["regress", "--db", runner.db, "--set", "threshold=0.3", "--accept"], stdout: .file("/dev/full"),
            stderr: .file(stderr))
        #expect(accept == .init(status: 74), "\(accept)")
        #expect(try String(contentsOfFile: stderr, encoding: .utf8) == message)
        #expect(try runner.integer("SELECT count(*) FROM run") == 1)
        #expect(try runner.integer("SELECT count(*) FROM run WHERE baseline = 1") == 0)

        let generate = try StreamSpawn.run(["generate", "--count", "30"], stdout: .file("/dev/full"), stderr: .file(stderr))
        #expect(generate == .init(status: 74), "\(generate)")
        #expect(try String(contentsOfFile: stderr, encoding: .utf8) == message)
    }

    /// A reader that went away (`pantrace generate | head`): no SIGPIPE death, no message, 74.
    @Test func aBrokenPipeEndsQuietly() throws {
        let runner = try CommandRunner()
        let stderr = runner.path("stderr.txt")
        let ending = try StreamSpawn.run(["generate", "--count", "200"], stdout: .brokenPipe, stderr: .file(stderr))
        #expect(ending == .init(status: 74), "\(ending)")
        #expect(try String(contentsOfFile: stderr, encoding: .utf8) == "")
    }

    /// A file past `ulimit -f` is a failed write (EFBIG, 74), not a SIGXFSZ core dump.
    @Test func aFileSizeLimitIs74() throws {
        let runner = try CommandRunner()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 8; exec \"$0\" generate --count 100 > out.jsonl", CommandRunner.binary.path]
        process.currentDirectoryURL = runner.folder
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 74, "\(process.terminationReason) \(process.terminationStatus)")
        #expect(stderr == "pantrace: error: cannot write to standard output: File too large\n")
    }
}

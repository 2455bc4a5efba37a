import TestFolders
import Foundation
import Testing
import TestThreads

#if canImport(Glibc)
import Glibc
#endif

/// docs/safety.md "Reports are written whole or reported": SIGINT or SIGTERM while `regress
/// --junit`, `tune --html` or `tune --best-config` is at work leaves no
/// `.NAME.XXXXXX` temporary file beside the outputs, and no output. The
/// process still ends by the signal, as a shell expects.
///
/// The moment is reached by watching the child (its temporary files, its
/// sleeping on a lock), never by sleeping for a fixed time.
@Suite(.blocksItsThread) struct InterruptedOutputTests {
    /// Starts `pantrace arguments…` with SIGINT, SIGTERM and SIGHUP not
    /// blocked: a child inherits its spawning thread's signal mask, and the
    /// threads of the test process (libdispatch's, and the ones made from
    /// them) block them, which a shell never does.
    static func interruptible(_ arguments: [String], in runner: CommandRunner, label: String) throws -> ChildProcess {
        var signals = sigset_t()
        var previous = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try ChildProcess(arguments, in: runner, label: label)
    }

    /// The files of `folder` that are some output's temporary file.
    static func temporaries(_ runner: CommandRunner) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: runner.folder.path)) ?? []).filter {
            $0.hasPrefix(".") && $0.count > 7 && $0.dropLast(6).hasSuffix(".")
        }
    }

    @Test func tuneInterruptedLeavesNeitherItsPageNorItsConfigNorTheirTemporaryFiles() throws {
        #if os(Linux)
        let runner = try CommandRunner()
        try runner.recordCorpus()
        // 100 × 50 × 34 candidates: seconds of work, interrupted in its first milliseconds.
        let child = try Self.interruptible(
            [
                "tune", "--db", runner.db, "--sweep", "threshold=0.01:1:0.01", "--sweep", "flickVelocity=100:5000:100",
                "--sweep", "decelerationRate=0.9:0.999:0.003", "--set", "decision=projection",
                "--html", "tune.html", "--best-config", "best.json", "--quiet",
            ], in: runner, label: "tune")
        let started = child.wait { Self.temporaries(runner).count == 2 }
        try #require(started, "the temporary files appear while tune works: \(child.stderr)")
        kill(child.pid, SIGINT)
        child.process.waitUntilExit()
        #expect(child.process.terminationReason == .uncaughtSignal && child.process.terminationStatus == SIGINT)
        #expect(Self.temporaries(runner) == [])
        #expect(!FileManager.default.fileExists(atPath: runner.path("tune.html")))
        #expect(!FileManager.default.fileExists(atPath: runner.path("best.json")))
        #else
        try Test.cancel("skipped: the moment is read from /proc (Linux)")
        #endif
    }

    @Test func regressWaitingForTheLockAndTerminatedLeavesNoJUnitTemporaryFile() throws {
        #if os(Linux)
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 50)
        let old = try runner.write("<testsuites/>\n", to: "pantrace.xml")
        // Another writer holds the lock: regress waits inside its run, its report begun.
        let holder = try ChildProcess(["record", "--db", runner.db, "--from", "-"], in: runner, label: "holder")
        holder.send(ValidTraceLine.validLine(named: "held") + "\n")
        try #require(holder.wait { holder.unreadInput == 0 && holder.isSleeping }, "the holder is in its transaction")
        let child = try Self.interruptible(
            ["regress", "--db", runner.db, "--set", "threshold=0.3", "--junit", "pantrace.xml"], in: runner, label: "regress")
        let waiting = child.wait { Self.temporaries(runner).count == 1 && child.hasOpen(runner.db) && child.isSleeping }
        try #require(waiting, "regress waits for the lock with its report begun: \(child.stderr)")
        kill(child.pid, SIGTERM)
        child.process.waitUntilExit()
        #expect(child.process.terminationReason == .uncaughtSignal && child.process.terminationStatus == SIGTERM)
        #expect(Self.temporaries(runner) == [])
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "<testsuites/>\n")
        try holder.closeInput()
        #expect(holder.finish() == 0, "\(holder.stderr)")
        try Hardening.expectConsistent(runner.db, "after the interrupted regress")
        #else
        try Test.cancel("skipped: the moment is read from /proc (Linux)")
        #endif
    }
}

/// docs/safety.md "Reports are written whole or reported": `--best-config /dev/stdout` with
/// standard output redirected to a file writes through it: the file keeps the
/// report and gets the config, and stays the file the shell opened.
@Suite(.blocksItsThread) struct StandardOutputTargetTests {
    @Test func bestConfigToStandardOutputRedirectedToAFileLosesNothing() throws {
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 50)
        let child = try ChildProcess(
            ["tune", "--db", runner.db, "--sweep", "threshold=0.3,0.5", "--best-config", "/dev/stdout", "--quiet"], in: runner,
            label: "tune")
        #expect(child.finish() == 0, "\(child.stderr)")
        let written = try String(contentsOfFile: runner.path("tune.stdout"), encoding: .utf8)
        #expect(written.contains("◀ best"), "the report")
        #expect(written.contains("\"threshold\":"), "the config")
        #expect(InterruptedOutputTests.temporaries(runner) == [])
    }
}

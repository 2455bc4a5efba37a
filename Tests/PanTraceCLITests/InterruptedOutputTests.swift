import TestFolders
import Foundation
import Subprocess
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// docs/safety.md "Reports are written whole or reported": SIGINT or SIGTERM while `regress
/// --junit`, `tune --html` or `tune --best-config` is at work leaves no
/// `.NAME.XXXXXX` temporary file beside the outputs, and no output. The
/// process still ends by the signal, as a shell expects.
///
/// The moment is reached by watching the child (its temporary files, from a
/// thread that signals it there; its sleeping on a lock), never by sleeping
/// for a fixed time.
@Suite struct InterruptedOutputTests {
    /// The files of `folder` that are some output's temporary file.
    static func temporaries(_ runner: CommandRunner) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: runner.folder.path)) ?? []).filter {
            $0.hasPrefix(".") && $0.count > 7 && $0.dropLast(6).hasSuffix(".")
        }
    }

    @Test func tuneInterruptedLeavesNeitherItsPageNorItsConfigNorTheirTemporaryFiles() async throws {
        #if os(Linux)
        let runner = try CommandRunner()
        try await runner.recordCorpus()
        // 100 × 50 × 34 candidates: seconds of work, interrupted in its first milliseconds.
        // swift-subprocess starts a child with no signal blocked, as a shell does.
        let child = try await ChildProcess(
            [
                "tune", "--db", runner.db, "--sweep", "threshold=0.01:1:0.01", "--sweep", "flickVelocity=100:5000:100",
                "--sweep", "decelerationRate=0.9:0.999:0.003", "--set", "decision=projection",
                "--html", "tune.html", "--best-config", "best.json", "--quiet",
            ], in: runner, label: "tune")
        let started = await child.signal(SIGINT) { Self.temporaries(runner).count == 2 }
        try #require(started, "the temporary files appear while tune works: \(child.stderr)")
        #expect(try await child.finish() == .signaled(SIGINT))
        #expect(Self.temporaries(runner) == [])
        #expect(!FileManager.default.fileExists(atPath: runner.path("tune.html")))
        #expect(!FileManager.default.fileExists(atPath: runner.path("best.json")))
        #else
        try Test.cancel("skipped: the moment is read from /proc (Linux)")
        #endif
    }

    @Test func regressWaitingForTheLockAndTerminatedLeavesNoJUnitTemporaryFile() async throws {
        #if os(Linux)
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 50)
        let old = try runner.write("<testsuites/>\n", to: "pantrace.xml")
        // Another writer holds the lock: regress waits inside its run, its report begun.
        let holder = try await ChildProcess(["record", "--db", runner.db, "--from", "-"], in: runner, label: "holder")
        holder.send(ValidTraceLine.validLine(named: "held") + "\n")
        try #require(await holder.wait { holder.unreadInput == 0 && holder.isSleeping }, "the holder is in its transaction")
        let child = try await ChildProcess(
            ["regress", "--db", runner.db, "--set", "threshold=0.3", "--junit", "pantrace.xml"], in: runner, label: "regress")
        let waiting = await child.wait { Self.temporaries(runner).count == 1 && child.hasOpen(runner.db) && child.isSleeping }
        try #require(waiting, "regress waits for the lock with its report begun: \(child.stderr)")
        child.signal(SIGTERM)
        #expect(try await child.finish() == .signaled(SIGTERM))
        #expect(Self.temporaries(runner) == [])
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "<testsuites/>\n")
        #expect(try await holder.finish() == .exited(0), "\(holder.stderr)")
        try Hardening.expectConsistent(runner.db, "after the interrupted regress")
        #else
        try Test.cancel("skipped: the moment is read from /proc (Linux)")
        #endif
    }
}

/// docs/safety.md "Reports are written whole or reported": `--best-config /dev/stdout` with
/// standard output redirected to a file writes through it: the file keeps the
/// report and gets the config, and stays the file the shell opened.
@Suite struct StandardOutputTargetTests {
    @Test func bestConfigToStandardOutputRedirectedToAFileLosesNothing() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 50)
        let child = try await ChildProcess(
            ["tune", "--db", runner.db, "--sweep", "threshold=0.3,0.5", "--best-config", "/dev/stdout", "--quiet"], in: runner,
            label: "tune")
        #expect(try await child.finish() == .exited(0), "\(child.stderr)")
        let written = try String(contentsOfFile: runner.path("tune.stdout"), encoding: .utf8)
        #expect(written.contains("◀ best"), "the report")
        #expect(written.contains("\"threshold\":"), "the config")
        #expect(InterruptedOutputTests.temporaries(runner) == [])
    }
}

import TestFolders
import Foundation
import Subprocess
import Testing

/// docs/commands.md §7.4 and docs/safety.md: a `record` killed with SIGKILL at any moment leaves a
/// database that passes `PRAGMA integrity_check`, holds no partial run, and
/// takes the next `record` normally.
///
/// Each moment is reached by watching the child from a thread of its own (the
/// database among its open files, its CPU time, its standard input drained
/// while it sleeps, the WAL growing at commit) and killing it there, never by
/// sleeping for a fixed time.
@Suite(.serialized) struct CrashSafetyTests {
    /// A synthetic record long enough (a few seconds in a debug build) to be killed in the middle.
    static let longRecord = 5000
    /// A record whose commit is watched: 1,000 traces write a WAL of about
    /// 4.5 MB at commit, so the kill lands while it is written (in 8 trials
    /// of 8 with this test's polling), for a fifth of `longRecord`'s work.
    static let committedRecord = 1000

    struct Moment: CustomStringConvertible, Sendable {
        var description: String
        var arguments: [String]
        /// Drives the child toward the moment and gives the condition that holds when it is there.
        var reach: @Sendable (ChildProcess, CommandRunner) -> @Sendable () -> Bool
    }

    static let moments: [Moment] = [
        Moment(description: "right after start: the database just opened",
            arguments: ["record", "--count", "\(longRecord)", "--seed", "2"]) { child, runner in
            { child.hasOpen(runner.db) }
        },
        Moment(description: "during simulation: 0.1 s of CPU time into the run",
            arguments: ["record", "--count", "\(longRecord)", "--seed", "3"]) { child, runner in
            // A tenth of the 5,000 traces' second: the run's transaction is open, most of it still to come.
            return { child.hasOpen(runner.db) && child.cpuSeconds >= 0.1 }
        },
        Moment(description: "in an open transaction: 300 traces added, waiting for more input",
            arguments: ["record", "--from", "-"]) { child, runner in
            let lines = (0..<300).map { ValidTraceLine.validLine(named: "piped-\($0)") + "\n" }.joined()
            // The last line has no newline yet: the child has added 300 traces and waits for the rest.
            child.send(lines + String(ValidTraceLine.validLine(named: "piped-300").prefix(40)))
            return { child.unreadInput == 0 && child.isSleeping }
        },
        Moment(description: "near the end: the commit writing the WAL",
            arguments: ["record", "--count", "\(committedRecord)", "--seed", "4"]) { child, runner in
            // The run fits in the page cache until commit: the WAL grows only then.
            let wal = runner.db + "-wal"
            return { ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int ?? 0) > 0 }
        },
    ]

    @Test func recordKilledAtFourMomentsLeavesNoPartialRun() async throws {
        #if os(Linux)
        let runner = try CommandRunner()
        let first = try await runner.run(["record", "--count", "20", "--seed", "1"])
        try #require(first.status == 0, "\(first.stderr)")
        var completedRuns = 1
        var killedMidway = 0

        for (index, moment) in Self.moments.enumerated() {
            // The shell's last connection checkpoints and removes the WAL, so the next moment starts without one.
            #expect(!FileManager.default.fileExists(atPath: runner.db + "-wal"), "\(moment)")
            let child = try await ChildProcess(moment.arguments + ["--db", runner.db], in: runner, label: "moment-\(index)")
            let reached = await child.signal(SIGKILL, when: moment.reach(child, runner))
            let killed = await child.kill()
            if !(reached && killed) {
                // The child won the race and finished: then its run must be whole.
                #expect(try await child.finish() == .exited(0), "\(moment): \(child.stderr)")
            }
            // Whatever the moment, the run is either all there (the kill came
            // after the commit) or not at all; expectConsistent checks that
            // every run present is whole.
            try Hardening.expectConsistent(runner.db, moment.description)
            let runs = try Hardening.integer(runner.db, "SELECT count(*) FROM run")
            #expect(runs == completedRuns || runs == completedRuns + 1, "\(moment)")
            if reached && killed && runs == completedRuns { killedMidway += 1 }
            completedRuns = runs
        }
        // Two moments are certain (an open database, a blocked read); the others nearly so.
        #expect(killedMidway >= 2)

        let next = try await runner.run(["record", "--count", "50", "--seed", "9"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("recorded run"))
        try Hardening.expectConsistent(runner.db, "after the next record")
        #expect(try Hardening.integer(runner.db, "SELECT trace_count FROM run ORDER BY id DESC LIMIT 1") == 50)
        #expect(try Hardening.integer(runner.db, "SELECT count(*) FROM run") == completedRuns + 1)
        #else
        try Test.cancel("skipped: the moments are read from /proc (Linux)")
        #endif
    }
}

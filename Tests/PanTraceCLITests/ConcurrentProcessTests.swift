import TestFolders
import Foundation
import Subprocess
import SQLiteTestSupport
import Testing

/// Several `pantrace` processes on one database at once (docs/sqlite.md: WAL,
/// `busy_timeout` and `BEGIN IMMEDIATE` with retry): every one succeeds and
/// nothing is lost.
@Suite struct ConcurrentProcessTests {
    /// Two records and a replay start while a fourth record holds the write
    /// lock (blocked reading its input inside its transaction), so all of them
    /// really wait for each other.
    @Test func twoRecordsAndAReplayAtOnceAllSucceed() async throws {
        #if os(Linux)
        let runner = try CommandRunner()
        let seed = try await runner.run(["record", "--count", "100", "--seed", "1"])
        try #require(seed.status == 0, "\(seed.stderr)")

        let holder = try await ChildProcess(["record", "--db", runner.db, "--from", "-"], in: runner, label: "holder")
        holder.send((0..<20).map { ValidTraceLine.validLine(named: "held-\($0)") + "\n" }.joined())
        try #require(await holder.wait { holder.unreadInput == 0 && holder.isSleeping }, "the holder is in its transaction")

        let others = [
            try await ChildProcess(["record", "--db", runner.db, "--count", "300", "--seed", "2"], in: runner, label: "record-a"),
            try await ChildProcess(
                ["record", "--db", runner.db, "--count", "300", "--seed", "3", "--set", "threshold=0.3"], in: runner, label: "record-b"),
            try await ChildProcess(["replay", "--db", runner.db, "--set", "decision=velocity"], in: runner, label: "replay"),
        ]
        // Let every one of them open the database before the holder lets go.
        for child in others {
            _ = await child.wait { child.hasOpen(runner.db) }
        }
        holder.send(ValidTraceLine.validLine(named: "held-20") + "\n")
        #expect(try await holder.finish() == .exited(0), "holder: \(holder.stderr)")
        for (label, child) in zip(["record-a", "record-b", "replay"], others) {
            #expect(try await child.finish() == .exited(0), "\(label): \(child.stderr)")
        }

        try Hardening.expectConsistent(runner.db, "after the concurrent writers")
        #expect(try Hardening.integer(runner.db, "SELECT count(*) FROM trace") == 100 + 21 + 300 + 300)
        #expect(try Hardening.integer(runner.db, "SELECT count(*) FROM run") == 5)
        let records = try DatabaseFile(path: runner.db).ints("SELECT trace_count FROM run WHERE kind = 'record' ORDER BY trace_count")
        #expect(records == [21, 100, 300, 300])
        // The replay saw the corpus as it was when it read it: whole runs only.
        let replayed = try Hardening.integer(runner.db, "SELECT trace_count FROM run WHERE kind = 'replay'")
        let possible: Set = [100, 121, 400, 421, 700, 721]
        #expect(possible.contains(replayed), "replayed \(replayed) traces")
        #else
        try Test.cancel("skipped: the moments are read from /proc (Linux)")
        #endif
    }

    /// Processes that create the same new file at the same moment: the schema
    /// is made once and every record lands.
    @Test func brandNewDatabaseOpenedByThreeProcessesAtOnce() async throws {
        let runner = try CommandRunner()
        for attempt in 0..<6 {
            let path = runner.path("new-\(attempt).sqlite")
            var children: [ChildProcess] = []
            for index in 0..<3 {
                children.append(try await ChildProcess(["record", "--db", path, "--count", "5", "--seed", "\(attempt * 10 + index)"], in: runner,
                    label: "new-\(attempt)-\(index)"))
            }
            for child in children {
                #expect(try await child.finish() == .exited(0), "attempt \(attempt): \(child.stderr)")
            }
            #expect(try Hardening.integer(path, "PRAGMA user_version") != 0)
            #expect(try DatabaseFile(path: path).texts("PRAGMA journal_mode") == ["wal"])
            #expect(try Hardening.integer(path, "SELECT count(*) FROM run") == 3)
            #expect(try Hardening.integer(path, "SELECT count(*) FROM trace") == 15)
            try Hardening.expectConsistent(path, "new database, attempt \(attempt)")
        }
    }
}

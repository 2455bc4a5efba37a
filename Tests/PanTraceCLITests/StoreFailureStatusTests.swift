import ArgumentParser
import Foundation
import SQLiteTestSupport
import PanTraceKit
import PanTraceStore
import Testing

@testable import PanTraceCommands

/// docs/commands.md §7.4's 74 and 75 for the store, and `runs --delete` parsed and refused in-process.
@Suite struct StoreFailureStatusTests {
    @Test func fullDiskIs74AndLockedIs75() {
        #expect(ExitStatus.status(of: StoreError.ioError(path: "p", reason: "the disk is full")) == 74)
        #expect(ExitStatus.status(of: StoreError.locked(path: "p")) == 75)
        #expect(ExitStatus.status(of: WorkflowError.deletesBaseline(1)) == 64)
        let report = ExitStatus.report(for: StoreError.locked(path: "db.sqlite"))
        #expect(report.stderr.hasPrefix("pantrace: error: database db.sqlite stayed locked"))
        #expect(report.stderr.hasSuffix("try again\n") && report.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func forceOnlyGoesWithDelete() throws {
        #expect(throws: (any Error).self) { try Pantrace.parseAsRoot(["runs", "--force"]) }
        let parsed = try Pantrace.parseAsRoot(["runs", "--delete", "2", "--force"])
        let runs = try #require(parsed as? Pantrace.Runs)
        #expect(runs.delete == 2 && runs.force)
    }
}

/// `runs` and `show` on a database: afterwards it is one file (no `-wal`, `-shm`).
@Suite struct OneFileAfterReadingTests {
    @Test func runsAndShowLeaveOneFile() async throws {
        let runner = try CommandRunner()
        let recorded = try await runner.run(["record", "--count", "3", "--seed", "1"])
        try #require(recorded.status == 0, "\(recorded.stderr)")
        let name = try #require(try runner.database.rows("SELECT name FROM trace LIMIT 1").first?[0].text)
        let listing = try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).sorted()
        for command in [["runs"], ["show", name], ["runs", "--delete", "1", "--force"]] {
            var parsed = try Pantrace.parseAsRoot(command + ["--db", runner.db])
            try parsed.run()
            #expect(try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).sorted() == listing, "\(command)")
        }
    }
}

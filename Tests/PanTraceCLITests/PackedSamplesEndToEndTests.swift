import Foundation
import SQLiteTestSupport
import Testing

/// `trace.packed` end to end: replay reads the packed samples, and after a
/// hand edit of `sample` rows (SQL with the shell's defaults: foreign keys off) it reads the rows.
@Suite struct PackedSamplesEndToEndTests {
    @Test func anUpdateOfSampleRowsChangesWhatReplayDecides() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 60, seed: 3)
        #expect(try runner.database.integer("SELECT count(*) FROM trace WHERE packed IS NULL") == 0)
        // Replay of the packed samples reproduces the record.
        let same = try JSONReport(try await runner.expect(0, ["replay", "--format", "json"]).stdout)
        #expect(same.changed == 0)

        // Three fingers on the second sample of every flick: the pan fails (maximumNumberOfTouches is 1).
        let flicks = try runner.database.names("SELECT name FROM trace WHERE family = 'flick'")
        try #require(flicks.count >= 3)
        try runner.execute(
            "UPDATE sample SET touches = 3 WHERE seq = 1 AND trace_id IN (SELECT id FROM trace WHERE family = 'flick')")
        #expect(try runner.database.names("SELECT name FROM trace WHERE packed IS NULL") == flicks)

        let output = try await runner.expect(0, ["replay", "--format", "json"])
        let report = try JSONReport(output.stdout)
        let run = try runner.database.newestRun()
        // Every flick now fails; two-finger traces failed already.
        let failed = try runner.database.names("SELECT trace FROM decisions WHERE run = \(run) AND reason = 'tooManyTouches'")
        let failedBefore = try runner.database.names("SELECT trace FROM decisions WHERE run = 1 AND reason = 'tooManyTouches'")
        #expect(failed == failedBefore.union(flicks))
        #expect(failedBefore.isDisjoint(with: flicks))
        let changed = try runner.database.changedTraces(baseline: 1, candidate: run)
        #expect(!changed.isEmpty)
        #expect(changed.isSubset(of: flicks))
        #expect(Set(report.changedNames) == changed)

        // The sample rows read again give the same run.
        let again = try JSONReport(try await runner.expect(0, ["replay", "--format", "json", "--baseline", "\(run)"]).stdout)
        #expect(again.changed == 0)
    }

    @Test func aDeletedSampleRowIsReplayedFromTheRows() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 30, seed: 5)
        let name = try #require(try runner.database.rows("SELECT name FROM trace WHERE family = 'slow-drag' LIMIT 1").first?[0].text)
        // Drop the samples after the fifth and end the gesture there: a short drag.
        try runner.execute(
            """
            DELETE FROM sample WHERE seq > 5 AND trace_id = (SELECT id FROM trace WHERE name = '\(name)');
            UPDATE sample SET phase = 'up' WHERE seq = 5 AND trace_id = (SELECT id FROM trace WHERE name = '\(name)');
            UPDATE trace SET sample_count = 6 WHERE name = '\(name)';
            """)
        #expect(try runner.database.names("SELECT name FROM trace WHERE packed IS NULL") == [name])
        try await runner.expect(0, ["replay", "--trace", name])
        let run = try runner.database.newestRun()
        let before = try runner.database.summaries(ofRun: 1)[name]
        let after = try runner.database.summaries(ofRun: run)[name]
        #expect(after != nil)
        #expect(after != before)
        #expect(try runner.database.integer("SELECT count(*) FROM result WHERE run_id = \(run)") == 1)
    }
}

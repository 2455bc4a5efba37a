import Foundation
import SQLiteTestSupport
import Testing

@testable import PanTraceStore

/// docs/safety.md "Reading never writes": every reading command reads a file
/// of any older schema (read-only or not, on a full disk too) and leaves it
/// byte for byte, with nothing beside it.
@Suite struct OlderDatabaseCommandTests {
    /// The seed database's traces and runs that an older schema could hold,
    /// in a file made by the version 1 SQL, then brought to `version` by the
    /// migrations up to it (as the pantrace of that schema would have).
    static func olderRunner(version: Int) async throws -> CommandRunner {
        let runner = try await Hardening.seededRunner()
        let old = runner.path("old.sqlite")
        let database = try Database(path: old)
        try database.execute(Schema.version1)
        try database.execute(
            """
            ATTACH DATABASE '\(runner.db)' AS src;
            INSERT INTO config (id, name, settings) SELECT id, name, settings FROM src.config;
            INSERT INTO trace (id, name, width, height, scroll_offset, scroll_content, intent, meta, family, sample_count, digest)
                SELECT id, name, width, height, scroll_offset, scroll_content, intent, meta, family, sample_count, digest
                FROM src.trace WHERE detents IS NULL AND (intent IS NULL OR intent IN ('finish', 'cancel'));
            INSERT INTO sample (trace_id, seq, t, x, y, phase, touches)
                SELECT trace_id, seq, t, x, y, phase, touches FROM src.sample WHERE trace_id IN (SELECT id FROM trace);
            INSERT INTO run (id, config_id, kind, created_at, trace_count, baseline)
                SELECT id, config_id, kind, created_at, 0, baseline FROM src.run;
            INSERT INTO result (id, run_id, trace_id, decision, reason, percent, peak_percent, velocity, projected, settle,
                    overscroll, tracking_error, attempted, began_seq, start_seq)
                SELECT id, run_id, trace_id, decision, reason, percent, peak_percent, velocity, projected, settle,
                    overscroll, tracking_error, attempted, began_seq, start_seq
                FROM src.result WHERE trace_id IN (SELECT id FROM trace) AND reason IN ('threshold', 'belowThreshold', 'flick',
                    'reverseFlick', 'projection', 'guarded', 'cancelled', 'tooManyTouches', 'neverBegan', 'scrollOwned');
            UPDATE run SET trace_count = (SELECT count(*) FROM result WHERE result.run_id = run.id);
            DETACH DATABASE src;
            """)
        try Migrator(migrations: Array(Migrator.migrations.prefix(version))).migrate(database)
        database.close()
        try FileManager.default.removeItem(atPath: runner.db)
        try FileManager.default.moveItem(atPath: old, toPath: runner.db)
        return runner
    }

    /// What each reading command is asked.
    static let readers: [[String]] = [
        ["runs"], ["show", "taken"], ["export", "traces"], ["export", "actions"], ["export", "xcuitest"],
        ["export", "decisions", "--run", "1"], ["tune", "--sweep", "threshold=0.3,0.5"],
        ["compare", "--preset", "seed", "--preset", "panmodal"], ["preferences"],
    ]

    /// `command` with `--db path` after the subcommand (after `export`'s second word).
    static func arguments(_ command: [String], db: String) -> [String] {
        let words = command.first == "export" ? 2 : 1
        return Array(command.prefix(words)) + ["--db", db] + command.dropFirst(words)
    }

    @Test(arguments: Array(1..<Store.schemaVersion))
    func everyReaderReadsAnOlderFileAndLeavesItAsItWas(version: Int) async throws {
        let runner = try await Self.olderRunner(version: version)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.db))
        for command in Self.readers {
            let output = try await runner.run(Self.arguments(command, db: runner.db), db: false)
            #expect(output.status == 0, "schema \(version), \(command): \(output.stderr)")
            if command.prefix(2) == ["export", "decisions"] {
                // Every column of the view, those of later schemas included.
                let first = output.stdout.split(separator: "\n").first.map(String.init) ?? ""
                for key in ["\"rest\"", "\"stale\"", "\"intent_source\""] {
                    #expect(first.contains(key), "schema \(version): \(key) in \(first)")
                }
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.db)) == before, "schema \(version)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).sorted() == ["taken.jsonl", "test.sqlite"].filter {
            FileManager.default.fileExists(atPath: runner.path($0))
        })
    }

    /// A file its user cannot write (read immutable), of an older schema.
    @Test func anOlderReadOnlyFileIsReadByItsUser() async throws {
        if let reason = await Hardening.nobodyUnavailable.value { try Test.cancel("skipped: \(reason)") }
        let runner = try await Self.olderRunner(version: 3)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runner.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: runner.db)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.db))
        for command in Self.readers {
            let output = try await runner.spawnAsNobody(Self.arguments(command, db: runner.db))
            #expect(output.status == 0, "\(command): \(output.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.db)) == before)
        #expect(!FileManager.default.fileExists(atPath: runner.db + "-wal") && !FileManager.default.fileExists(atPath: runner.db + "-shm"))
    }
}

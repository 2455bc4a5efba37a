import TestFolders
import ArgumentParser
import Foundation
import SQLiteTestSupport
import Testing

@testable import PanTraceCommands

/// One `--db` that pantrace must refuse (docs/sqlite.md, docs/commands.md §7.4: exit 66).
struct BadDatabaseCase: CustomTestStringConvertible, Sendable {
    var label: String
    /// The file's path inside the test folder.
    var path: String
    /// Prepares the file (or not) in a seeded test folder.
    var prepare: @Sendable (CommandRunner) throws -> Void
    /// Words the message must contain, after the path.
    var reason: String

    var testDescription: String { label }
}

/// Databases of every vintage and origin: each is refused with exit 66 and a
/// message naming it, and left exactly as it was, by every subcommand that
/// opens one (in-process; the binary shows one case, and ExitStatusTests the rest).
@Suite struct BadInputDatabaseTests {
    typealias Case = BadDatabaseCase

    static let cases: [Case] = [
        Case(label: "a text file", path: "notes.sqlite", prepare: { runner in
            try runner.write("these are my notes, not a database\n", to: "notes.sqlite")
        }, reason: "is not a pantrace database"),
        Case(label: "random bytes the size of a page", path: "noise.sqlite", prepare: { runner in
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: URL(fileURLWithPath: runner.path("noise.sqlite")))
        }, reason: "is not a pantrace database"),
        Case(label: "another application's SQLite database", path: "other.sqlite", prepare: { runner in
            try Hardening.execute(runner.path("other.sqlite"), "CREATE TABLE trace (id INTEGER); INSERT INTO trace VALUES (1);")
        }, reason: "is not a pantrace database"),
        Case(label: "another application's id", path: "other.sqlite", prepare: { runner in
            try Hardening.execute(runner.path("other.sqlite"), "PRAGMA application_id = 1234; CREATE TABLE notes (text);")
        }, reason: "application_id 1234"),
        Case(label: "a newer user_version", path: "test.sqlite", prepare: { runner in
            try Hardening.execute(runner.db, "PRAGMA user_version = 99")
        }, reason: "made by a newer pantrace"),
        Case(label: "a pantrace database with a table dropped", path: "test.sqlite", prepare: { runner in
            try Hardening.execute(runner.db, "DROP VIEW decisions; DROP TABLE frame;")
        }, reason: "is not a pantrace database (frame, decisions missing)"),
        Case(label: "a pantrace database with user_version reset", path: "test.sqlite", prepare: { runner in
            try Hardening.execute(runner.db, "PRAGMA user_version = 0")
        }, reason: "without a schema version"),
        Case(label: "a truncated pantrace database", path: "test.sqlite", prepare: { runner in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: runner.db))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: runner.db))
        }, reason: "damaged"),
        Case(label: "a path in a missing folder", path: "missing/folder/test.sqlite", prepare: { _ in },
            reason: "no such folder: missing/folder"),
        Case(label: "a folder", path: "folder.sqlite", prepare: { runner in
            try FileManager.default.createDirectory(atPath: runner.path("folder.sqlite"), withIntermediateDirectories: false)
        }, reason: "it is a folder"),
        Case(label: "a path below a file", path: "notes.txt/test.sqlite", prepare: { runner in
            try runner.write("text", to: "notes.txt")
        }, reason: "cannot open database"),
    ]

    static let commands: [[String]] = [
        ["record", "--from", Hardening.workedExamples],
        ["record", "--count", "3"],
        ["replay"],
        ["regress"],
        ["runs"],
        ["show", "taken"],
    ]

    /// Every case with every command, in-process: the command parsed as
    /// `main` would, run against the case's database, its error reported by
    /// ``ExitStatus``. The bytes of the file and the folder's listing (no
    /// journal or WAL left) prove it untouched.
    @Test(arguments: cases, commands)
    func badDatabaseIsRefusedAndLeftAlone(_ bad: Case, _ command: [String]) async throws {
        let runner = try await Hardening.seededRunner()
        try bad.prepare(runner)
        let path = runner.path(bad.path)
        let before = FileManager.default.contents(atPath: path)
        let listing = try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).sorted()

        let report: (stdout: String, stderr: String, status: Int32)
        do {
            var arguments = command
            arguments.insert(contentsOf: ["--db", path], at: 1)
            var parsed = try Pantrace.parseAsRoot(arguments)
            try parsed.run()
            report = ("", "", 0)
        } catch {
            report = ExitStatus.report(for: error)
        }

        #expect(report.status == 66, "stderr: \(report.stderr)")
        #expect(report.stderr.hasPrefix("pantrace: error: "), "stderr: \(report.stderr)")
        #expect(report.stderr.contains(path), "names the database: \(report.stderr)")
        let reason = bad.reason.replacingOccurrences(of: "no such folder: ", with: "no such folder: " + runner.folder.path + "/")
        #expect(report.stderr.contains(reason), "stderr: \(report.stderr)")
        #expect(FileManager.default.contents(atPath: path) == before)
        // Nothing created beside it either (no database, journal or folder).
        let after = try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).sorted()
        #expect(after == listing, "left beside it: \(Set(after).subtracting(listing))")
    }

    /// Through the binary, once: exit 66, one message, the file as it was.
    @Test func notADatabaseExits66() async throws {
        let runner = try CommandRunner()
        try runner.write("these are my notes, not a database\n", to: "notes.sqlite")
        let before = try DatabaseState(path: runner.path("notes.sqlite"))
        let output = try await runner.run(["runs", "--db", "notes.sqlite"], db: false)
        #expect(output.status == 66, "stderr: \(output.stderr)")
        #expect(output.stderr.hasPrefix("pantrace: error: "), "stderr: \(output.stderr)")
        #expect(output.stderr.contains("notes.sqlite is not a pantrace database"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(try DatabaseState(path: runner.path("notes.sqlite")) == before)
    }

    /// Paths SQLite reads as a throwaway in-memory database: a record would
    /// report success and keep nothing, so they are usage errors.
    @Test(arguments: ["", ":memory:"])
    func throwawayDatabasePathIsAUsageError(_ path: String) async throws {
        let runner = try CommandRunner()
        let output = try await runner.run(["record", "--db", path, "--count", "3"], db: false)
        #expect(output.status == 64, "stderr: \(output.stderr)")
        #expect(output.stderr.contains("--db needs the path of a database file"), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).isEmpty)
    }

    /// A database the user may read but not write: record refuses it (66);
    /// reading commands still work.
    @Test func readOnlyDatabase() async throws {
        if let reason = await Hardening.nobodyUnavailable.value { try Test.cancel("skipped: \(reason)") }
        let runner = try await Hardening.seededRunner()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runner.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: runner.db)
        let before = try DatabaseState(path: runner.db)

        let record = try await runner.spawnAsNobody(["record", "--db", runner.db, "--from", Hardening.workedExamples])
        #expect(record.status == 66, "stderr: \(record.stderr)")
        #expect(record.stderr.contains("cannot write to database \(runner.db): it is read-only"), "\(record.stderr)")
        let replay = try await runner.spawnAsNobody(["replay", "--db", runner.db])
        #expect(replay.status == 66, "stderr: \(replay.stderr)")
        #expect(try DatabaseState(path: runner.db) == before)
    }

    /// SQL-shaped names are data: stored, listed and reported exactly as written.
    @Test func sqlShapedNamesAreStoredVerbatim() async throws {
        let runner = try await Hardening.seededRunner()
        let names = [
            "x'); DROP TABLE trace;--",
            "Robert\"); DELETE FROM run; --",
            "' OR '1'='1",
            "%_*\\' \u{7}\u{1B}[31m red",
            "名前 🚀 \u{301}",
        ]
        let lines = names.map(ValidTraceLine.validLine(named:))
        try runner.write(lines.joined(separator: "\n") + "\n", to: "sql.jsonl")
        let record = try await runner.run(["record", "--from", "sql.jsonl"])
        #expect(record.status == 0, "stderr: \(record.stderr)")

        let stored = try DatabaseFile(path: runner.db).texts("SELECT hex(CAST(name AS BLOB)) FROM trace WHERE id > 5 ORDER BY id")
        let expected = names.map { Data($0.utf8).map { String(format: "%02X", $0) }.joined() }
        #expect(stored == expected)
        #expect(try Hardening.integer(runner.db, "SELECT count(*) FROM run") == 3)
        #expect(try DatabaseFile(path: runner.db).texts("PRAGMA integrity_check") == ["ok"])

        // Selected by name, replayed, and conflicting with itself: verbatim each time.
        let replay = try await runner.run(["replay", "--trace", names[0], "--trace", names[2]])
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        #expect(try Hardening.integer(runner.db, "SELECT trace_count FROM run WHERE id = 4") == 2)
        let conflict = ValidTraceLine.edited(#""y":180"#, #""y":181"#, in: lines[0])
        try runner.write(conflict + "\n", to: "conflict.jsonl")
        let before = try DatabaseState(path: runner.db)
        let refused = try await runner.run(["record", "--from", "conflict.jsonl"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains(ValidTraceLine.jsonString(names[0])), "\(refused.stderr)")
        #expect(try DatabaseState(path: runner.db) == before)
        let missing = try await runner.run(["replay", "--trace", "y'); DROP TABLE run;--"])
        #expect(missing.status == 64, "stderr: \(missing.stderr)")
        #expect(missing.stderr.contains("y'); DROP TABLE run;--"), "\(missing.stderr)")
        #expect(try Hardening.integer(runner.db, "SELECT count(*) FROM run") == 4)
    }
}

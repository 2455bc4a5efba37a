import Foundation
import TestFolders
import SQLiteTestSupport
import Testing

/// What the bad-input, crash and concurrency tests share: a populated database
/// to start from, a snapshot that proves the database unchanged, and SQL on
/// any path (``DatabaseFile``).
enum Hardening {
    /// The trace `taken` as the seed database stores it; the cases reuse its
    /// name with other content.
    static let takenLine = ValidTraceLine.validLine(named: "taken")

    static var workedExamples: String {
        CommandRunner.repositoryRoot.appending(path: "Fixtures/traces/worked-examples.jsonl").path
    }

    /// A database holding the worked examples and `taken` (run 1) and a
    /// replay (run 2), made once per test process and copied into each test's
    /// folder: the realistic "database with history" every case must leave alone.
    static func seedDatabase() async throws -> Data {
        try await ProcessCache.shared.value(for: "seed database") {
            let runner = try CommandRunner()
            let taken = try runner.write(takenLine + "\n", to: "taken.jsonl")
            let record = try await runner.run(["record", "--from", workedExamples, "--from", taken])
            guard record.status == 0 else { throw SeedError(text: "record: \(record.stderr)") }
            let replay = try await runner.run(["replay", "--set", "threshold=0.3"])
            guard replay.status == 0 else { throw SeedError(text: "replay: \(replay.stderr)") }
            // The last connection has checkpointed and removed the WAL: the file is the whole database.
            return try Data(contentsOf: URL(fileURLWithPath: runner.db))
        }
    }

    struct SeedError: Error, CustomStringConvertible {
        var text: String
        var description: String { "cannot make the seed database: \(text)" }
    }

    /// A new test folder whose `test.sqlite` is a copy of ``seedDatabase()``.
    static func seededRunner() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await seedDatabase().write(to: URL(fileURLWithPath: runner.db))
        return runner
    }

    /// Runs every statement of `sql` on `path` (a hand edit, another application's file).
    static func execute(_ path: String, _ sql: String) throws {
        try DatabaseFile(path: path).execute(sql)
    }

    /// The single integer of `sql` on `path`.
    static func integer(_ path: String, _ sql: String) throws -> Int {
        try DatabaseFile(path: path).integer(sql)
    }
}

/// Everything a failed command must leave as it was: the file's bytes, its
/// logical content (`.dump`, which also sees a WAL) and its health.
struct DatabaseState: Equatable, CustomStringConvertible {
    /// The file's bytes; `nil` when there is no file.
    var bytes: Data?
    /// The logical content, as `.dump` shows it (``SQLiteShell/dump(_:)``; empty when there is no file).
    var dump: String
    /// `PRAGMA integrity_check`, or the error that it gave (empty when there is no file).
    var integrity: [String]

    /// The state of the database file at `path`, without creating it.
    init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            bytes = nil
            dump = ""
            integrity = []
            return
        }
        // Read the state through a connection first (it may replay a WAL), then the bytes.
        dump = SQLiteShell.dump(path)
        do {
            integrity = try DatabaseFile(path: path).texts("PRAGMA integrity_check")
        } catch {
            integrity = ["\(error)"]
        }
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    }

    var description: String {
        "\(bytes.map { "\($0.count) bytes" } ?? "no file"), integrity \(integrity), dump of \(dump.count) characters"
    }
}

extension CommandRunner {
    /// Runs `pantrace arguments…` as the unprivileged user `nobody` (root passes
    /// every permission check, so a read-only file needs another user), with
    /// `runuser`, or directly when the tests do not run as root. (Not
    /// swift-subprocess's `userID`: its fork path can hang in a threaded
    /// process, swiftlang/swift-subprocess#374.)
    func spawnAsNobody(_ arguments: [String]) async throws -> CommandRunner.Output {
        guard getuid() == 0 else { return try await Self.spawn(Self.binary, arguments, in: folder) }
        return try await Self.spawn(Hardening.runuser ?? "/usr/sbin/runuser", ["-u", "nobody", "--", Self.binary] + arguments, in: folder)
    }
}

extension Hardening {
    /// `runuser`, when installed.
    static let runuser: String? = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why the read-only cases cannot run here, or `nil` when they can: as
    /// root they need `runuser` and a binary that `nobody` may execute.
    static let nobodyUnavailable = Task<String?, Never> {
        guard getuid() == 0 else { return nil }
        guard runuser != nil else { return "the tests run as root and runuser is not installed" }
        guard let runner = try? CommandRunner() else { return "no temporary folder" }
        // The folder must be searchable by nobody for the case's files.
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runner.folder.path)
        guard let output = try? await runner.spawnAsNobody(["--version"]), output.status == 0 else {
            return "the user nobody cannot run \(CommandRunner.binary) (a parent folder is private?)"
        }
        return nil
    }
}

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
    static let seedDatabase: Result<Data, SeedError> = {
        do {
            let runner = try CommandRunner()
            let taken = try runner.write(takenLine + "\n", to: "taken.jsonl")
            let record = try runner.run(["record", "--from", workedExamples, "--from", taken])
            guard record.status == 0 else { return .failure(SeedError(text: "record: \(record.stderr)")) }
            let replay = try runner.run(["replay", "--set", "threshold=0.3"])
            guard replay.status == 0 else { return .failure(SeedError(text: "replay: \(replay.stderr)")) }
            // The last connection has checkpointed and removed the WAL: the file is the whole database.
            return .success(try Data(contentsOf: URL(fileURLWithPath: runner.db)))
        } catch {
            return .failure(SeedError(text: "\(error)"))
        }
    }()

    struct SeedError: Error, CustomStringConvertible {
        var text: String
        var description: String { "cannot make the seed database: \(text)" }
    }

    /// A new test folder whose `test.sqlite` is a copy of ``seedDatabase``.
    static func seededRunner() throws -> CommandRunner {
        let runner = try CommandRunner()
        try seedDatabase.get().write(to: URL(fileURLWithPath: runner.db))
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
    /// `runuser`, or directly when the tests do not run as root.
    func runAsNobody(_ arguments: [String]) throws -> Output {
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: Hardening.runuser ?? "/usr/sbin/runuser")
            process.arguments = ["-u", "nobody", "--", Self.binary.path] + arguments
        } else {
            process.executableURL = Self.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errors = PipeDrain(err)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errors.finish(), as: UTF8.self))
    }
}

extension Hardening {
    /// `runuser`, when installed.
    static let runuser: String? = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why the read-only case cannot run here, or `nil` when it can: as root it
    /// needs `runuser` and a binary that `nobody` may execute.
    static let nobodyUnavailable: String? = {
        guard getuid() == 0 else { return nil }
        guard runuser != nil else { return "the tests run as root and runuser is not installed" }
        guard let runner = try? CommandRunner() else { return "no temporary folder" }
        // The folder must be searchable by nobody for the case's files.
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runner.folder.path)
        guard let output = try? runner.runAsNobody(["--version"]), output.status == 0 else {
            return "the user nobody cannot run \(CommandRunner.binary.path) (a parent folder is private?)"
        }
        return nil
    }()
}

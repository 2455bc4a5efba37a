import Foundation
import SQLiteTestSupport
import Testing

/// What the replay, regress, runs and show end-to-end tests share: running a
/// command that must succeed, and reading the database as a user would, with
/// SQL (``DatabaseFile``). Expected values come from these queries, never from
/// the output under test.
extension CommandRunner {
    static let configs = repositoryRoot.appending(path: "Fixtures/configs")

    /// The path of `Fixtures/configs/NAME.json`.
    static func config(_ name: String) -> String { configs.appending(path: "\(name).json").path }

    /// Runs `arguments` and requires `status`, showing standard error when it differs.
    @discardableResult
    func expect(
        _ status: Int32, _ arguments: [String], environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Output {
        let output = try await run(arguments, environment: environment)
        try #require(
            output.status == status,
            "pantrace \(arguments.joined(separator: " ")) exited \(output.status), expected \(status); stderr: \(output.stderr)",
            sourceLocation: sourceLocation)
        return output
    }

    /// Records a synthetic corpus as run 1 (docs/synthetic.md); `extra` adds `--set`/`--config` options.
    ///
    /// The command line records each distinct corpus once per test process, into a
    /// folder of its own; tests asking for it get a copy of that database (the
    /// same bytes a new record would write, but for `created_at`). Into an
    /// existing database, it records there.
    func recordCorpus(count: Int = 200, seed: Int = 7, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let arguments = ["record", "--count", "\(count)", "--seed", "\(seed)"] + extra
        guard !FileManager.default.fileExists(atPath: db) else {
            try await expect(0, arguments, sourceLocation: sourceLocation)
            return
        }
        let recorded = try await ProcessCache.shared.value(for: "corpus " + arguments.joined(separator: "\u{0}")) {
            let fresh = try CommandRunner()
            try await fresh.expect(0, arguments, sourceLocation: sourceLocation)
            return try Data(contentsOf: URL(fileURLWithPath: fresh.db))
        }
        try recorded.write(to: URL(fileURLWithPath: db))
    }

    /// The test's database, read with SQL (rows, integers, names, runs and their changes).
    var database: DatabaseFile { DatabaseFile(path: db) }
}

/// What several tests make the same way, made once per test process: a
/// recorded corpus, a help text, the README's database; a test asking for
/// one being made awaits it.
final class ProcessCache: @unchecked Sendable {
    static let shared = ProcessCache()
    private let lock = NSLock()
    private var values: [String: Task<any Sendable, any Error>] = [:]

    /// The value for `key`, made by `make` on first use (a failure is not kept).
    func value<Value: Sendable>(for key: String, _ make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = lock.withLock {
            if let task = values[key] { return task }
            let task = Task<any Sendable, any Error> { try await make() }
            values[key] = task
            return task
        }
        do {
            guard let value = try await task.value as? Value else { throw CocoaError(.coderValueNotFound) }
            return value
        } catch {
            lock.withLock { if values[key] == task { values[key] = nil } }
            throw error
        }
    }
}

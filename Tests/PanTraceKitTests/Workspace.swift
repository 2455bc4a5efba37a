import Foundation
import PanTraceKit
import PanTraceStore
import TestFolders
import Testing

/// A fresh temporary folder for one test: its database and input files.
struct Workspace {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A bundled fixture's path (`Fixtures/traces/worked-examples.jsonl`).
    static func fixture(_ path: String) -> String { repositoryRoot.appending(path: "Fixtures/" + path).path }

    let folder: URL

    init() throws {
        folder = try TestFolders.make("lib")
    }

    /// The test's database path.
    var db: String { path("test.sqlite") }

    /// A path inside the folder.
    func path(_ name: String) -> String { folder.appending(path: name).path }

    /// Writes `text` to a file in the folder and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Data(text.utf8), to: name)
    }

    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        try data.write(to: folder.appending(path: name))
        return path(name)
    }

    /// The database file's bytes, `nil` without a file; `-wal` and `-journal`
    /// files must be gone (a closed store leaves none), so the bytes are the
    /// whole database.
    func databaseBytes(sourceLocation: SourceLocation = #_sourceLocation) throws -> Data? {
        for suffix in ["-wal", "-journal"] {
            let side = db + suffix
            if let size = try? FileManager.default.attributesOfItem(atPath: side)[.size] as? Int {
                #expect(size == 0, "\(side) is left with \(size) bytes", sourceLocation: sourceLocation)
            }
        }
        return FileManager.default.contents(atPath: db)
    }

    /// A new workspace whose `test.sqlite` holds what `record` stores into a
    /// new database: recorded once per test process for each `key`, then
    /// copied (the same bytes a new record writes, but for `created_at`).
    static func recorded(_ key: String, _ record: (Store) throws -> Void) throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write(try recordedDatabase(key, record), to: "test.sqlite")
        return workspace
    }

    /// This workspace's `test.sqlite` as ``recorded(_:_:)`` makes it, opened.
    func recorded(_ key: String, _ record: (Store) throws -> Void) throws -> Store {
        try write(try Self.recordedDatabase(key, record), to: "test.sqlite")
        return try Store(path: db)
    }

    /// The bytes of a new database after `record`, recorded once per test process for each `key`.
    private static func recordedDatabase(_ key: String, _ record: (Store) throws -> Void) throws -> Data {
        try RecordedCorpora.shared.database(for: key) {
            let workspace = try Workspace()
            do {
                let store = try Store(path: workspace.db)
                try record(store)
            }
            // The store is closed: its WAL is checkpointed and removed.
            return try Data(contentsOf: URL(fileURLWithPath: workspace.db))
        }
    }

    /// A new workspace whose `test.sqlite` is a copy of ``Seed/database``.
    static func seeded() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write(try Seed.database.get(), to: "test.sqlite")
        return workspace
    }
}

/// The database with history that every bad-input case must leave alone:
/// the worked examples and `taken` (run 1) and a replay (run 2).
enum Seed {
    /// The trace `taken` as the seed stores it; cases reuse its name with other content.
    static let takenLine = ValidTraceLine.validLine(named: "taken")

    static let database: Result<Data, SeedError> = {
        do {
            let workspace = try Workspace()
            do {
                let store = try Store(path: workspace.db)
                _ = try Recorder(inputs: [
                    try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl")),
                    TraceInput(text: takenLine + "\n", name: "taken.jsonl"),
                ]).record(into: store)
                _ = try Replayer(config: try ConfigSource(overrides: ["threshold=0.3"]).resolve()).replay(in: store)
            }
            // The store is closed: its WAL is checkpointed and removed.
            return .success(try Data(contentsOf: URL(fileURLWithPath: workspace.db)))
        } catch {
            return .failure(SeedError(text: "\(error)"))
        }
    }()

    struct SeedError: Error, CustomStringConvertible {
        var text: String
        var description: String { "cannot make the seed database: \(text)" }
    }
}

/// The databases of ``Workspace/recorded(_:_:)``, by key; a key being
/// recorded makes the others asking for it wait.
final class RecordedCorpora: @unchecked Sendable {
    static let shared = RecordedCorpora()
    private let condition = NSCondition()
    private var databases: [String: Data] = [:]
    private var recording: Set<String> = []

    func database(for key: String, _ record: () throws -> Data) throws -> Data {
        condition.lock()
        while recording.contains(key) { condition.wait() }
        if let data = databases[key] {
            condition.unlock()
            return data
        }
        recording.insert(key)
        condition.unlock()
        var data: Data?
        defer {
            condition.lock()
            recording.remove(key)
            if let data { databases[key] = data }
            condition.broadcast()
            condition.unlock()
        }
        data = try record()
        return data ?? Data()
    }
}

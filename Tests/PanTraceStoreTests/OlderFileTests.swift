import Foundation
import PanTraceModel
import Testing

@testable import PanTraceStore

/// docs/safety.md "Reading never writes": a file of any older schema is read
/// as the latest (through a copy upgraded in memory), read-only or not, and
/// stays byte for byte as it was; an upgrade keeps what its user added.
@Suite struct OlderFileTests {
    /// Every schema older than this build's, the first included: a new migration adds one.
    static let olderVersions = Array(1..<Migrator.latestVersion)

    /// A file at schema `version`: the version 1 SQL with config 1, run 1 and
    /// a trace `drag` of three samples (intent `finish`) with its result,
    /// then `more` SQL, then the migrations up to `version`, as the pantrace
    /// of that schema would have left it.
    static func makeOlderFile(at path: String, version: Int, then more: String = "") throws {
        let database = try Database(path: path)
        try database.execute(Schema.version1)
        try database.execute(
            """
            INSERT INTO config (id, name, settings) VALUES (1, 'old', '{}');
            INSERT INTO run (id, config_id, kind, trace_count) VALUES (1, 1, 'record', 1);
            INSERT INTO trace (id, name, width, height, intent, meta, family, sample_count, digest)
                VALUES (1, 'drag', 390, 844, 'finish', '{"family":"drag"}', 'drag', 3, 0);
            INSERT INTO sample (trace_id, seq, t, x, y, phase) VALUES
                (1, 0, 0, 100, 100, 'down'), (1, 1, 0.1, 100, 300, 'move'), (1, 2, 0.2, 100, 500, 'up');
            INSERT INTO result (id, run_id, trace_id, decision, reason, percent, peak_percent, velocity, settle,
                overscroll, tracking_error) VALUES (1, 1, 1, 'finish', 'threshold', 0.47, 0.47, 2000, 0.2, 0, 0);
            \(more)
            """)
        try Migrator(migrations: Array(Migrator.migrations.prefix(version))).migrate(database)
        #expect(try database.integer("PRAGMA user_version") == Int64(version))
        database.close()
    }

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test(arguments: olderVersions)
    func anOlderFileIsReadAsTheLatestWithoutWritingIt(version: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        try Self.makeOlderFile(at: path, version: version)
        let before = try Self.bytes(path)
        do {
            let store = try Store(path: path, readOnly: true)
            var names: [String] = []
            try store.forEachTrace { _, trace in names.append(trace.name); #expect(trace.samples.count == 3) }
            #expect(names == ["drag"])
            var decisions: [DecisionRow] = []
            try store.forEachDecision(ofRun: 1) { decisions.append($0) }
            #expect(decisions.count == 1)
            let (id, _) = try #require(try store.trace(named: "drag"))
            let latest = try #require(try store.latestResult(of: id))
            #expect(latest.result.outcome.decision == .finish)
            #expect(try store.preferences().isEmpty)
            #expect(try store.runs().map(\.id) == [1])
            // The copy refuses writes: a reader stays a reader.
            #expect(throws: StoreError.readOnly(path: path)) { try store.setBaseline(1) }
        }
        #expect(try Self.bytes(path) == before, "the file is left byte for byte")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["old.sqlite"])
        let raw = try Database(path: path, access: .readOnly)
        #expect(try raw.integer("PRAGMA user_version") == Int64(version))
    }

    /// docs/safety.md: objects a user adds are left alone, through every upgrade.
    @Test(arguments: olderVersions)
    func anUpgradeKeepsTheUsersIndexesAndTriggers(version: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        let mine = [
            "CREATE INDEX my_trace_width ON trace (width)",
            "CREATE INDEX my_result_velocity ON result (velocity) WHERE velocity > 1000",
            "CREATE TRIGGER my_trace_log AFTER INSERT ON trace BEGIN UPDATE config SET name = name WHERE id = 0; END",
            "CREATE TRIGGER my_result_log AFTER DELETE ON result BEGIN UPDATE config SET name = name WHERE id = 0; END",
        ]
        try Self.makeOlderFile(at: path, version: version, then: mine.map { $0 + ";" }.joined(separator: "\n"))
        do {
            let store = try Store(path: path)
            #expect(try store.userVersion() == Migrator.latestVersion)
            try record([makeTrace("new")], into: store)
        }
        let raw = try Database(path: path, access: .readOnly)
        for sql in mine {
            let name = String(sql.split(separator: " ")[2])
            let statement = try raw.prepare("SELECT sql FROM sqlite_schema WHERE name = ?")
            try statement.bind(name, at: 1)
            #expect(try statement.step(), "\(name) is kept")
            #expect(statement.string(at: 0) == sql)
        }
    }

    /// The version before `preference` existed, with a table of its user's by that name.
    static let beforePreference = Migrator.migrations.firstIndex { $0.sql == Schema.preference } ?? 0

    @Test func aUserTableNamedAsAPantraceTableIsRefusedByWritersAndSetAsideByReaders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("v4.sqlite")
        try Self.makeOlderFile(
            at: path, version: Self.beforePreference,
            then: "CREATE TABLE preference (mine TEXT); INSERT INTO preference VALUES ('kept');")
        #expect {
            _ = try Store(path: path)
        } throws: { error in
            guard let error = error as? StoreError, case .cannotOpen(_, let reason) = error else { return false }
            return reason.contains("table preference is not pantrace's") && reason.contains("rename or drop yours")
        }
        // A refused upgrade changes nothing: the schema, their table.
        do {
            let raw = try Database(path: path, access: .readOnly)
            #expect(try raw.integer("PRAGMA user_version") == Int64(Self.beforePreference))
            #expect(try raw.integer("SELECT count(*) FROM preference WHERE mine = 'kept'") == 1)
        }
        // A reader reads it (pantrace's preferences: none).
        let store = try Store(path: path, readOnly: true)
        #expect(try store.preferences().isEmpty)
        #expect(try store.traceCount() == 1)
    }
}

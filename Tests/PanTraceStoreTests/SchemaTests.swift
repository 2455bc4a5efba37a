import Foundation
import Testing

@testable import PanTraceStore

@Suite struct SchemaTests {
    /// The repository's schema.sql.
    static func schemaFile() throws -> String {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("schema.sql"), encoding: .utf8)
    }

    static func schemaRows(_ database: Database) throws -> [[String]] {
        let statement = try database.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name")
        var rows: [[String]] = []
        while try statement.step() {
            rows.append((0..<4).map { statement.string(at: $0) ?? "NULL" })
        }
        return rows
    }

    @Test func databaseHasExactlyTheSchemaOfSchemaFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let plain = try Database(path: folder.file("plain.sqlite"))
        try plain.execute(try Self.schemaFile())

        let created = try Self.schemaRows(store.database)
        let expected = try Self.schemaRows(plain)
        #expect(created.count >= 9)
        #expect(created == expected)
        #expect(try store.database.integer("PRAGMA user_version") == plain.integer("PRAGMA user_version"))
        #expect(try store.database.integer("PRAGMA application_id") == plain.integer("PRAGMA application_id"))
    }

    /// Migration 1 is schema.sql as version 1 shipped (its first line says so) and never changes.
    @Test func migrationOneIsTheVersionOneSchema() throws {
        let v1 = Migrator.migrations[0].sql
        #expect(v1.hasPrefix("-- pantrace store schema, version 1 (docs/sqlite.md)."))
        #expect(v1.hasSuffix("PRAGMA user_version = 1;\n"))
        #expect((try Self.schemaFile()).contains("PRAGMA user_version = \(Store.schemaVersion);"))
    }

    /// A version 1 file, made by the version 1 SQL, upgrades to exactly schema.sql.
    @Test func versionOneFileUpgradesToTheSchemaFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("v1.sqlite")
        try makeVersionOneFile(at: path)
        let store = try Store(path: path)
        #expect(try store.userVersion() == Store.schemaVersion)
        let plain = try Database(path: folder.file("plain.sqlite"))
        try plain.execute(try Self.schemaFile())
        #expect(try Self.schemaRows(store.database) == Self.schemaRows(plain))
        #expect(try store.traceCount() == 1)
        #expect(try store.runs().map(\.traceCount) == [1])
    }

    @Test func requiredNamesExist() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let columns: [String: [String]] = [
            "trace": ["name", "width", "height", "scroll_offset", "scroll_content", "intent", "intent_source", "meta", "family"],
            "sample": ["seq", "t", "x", "y", "phase", "touches"],
            "config": ["name", "settings"],
            "run": ["config_id", "kind", "created_at", "trace_count", "baseline"],
            "result": ["run_id", "trace_id", "decision", "reason", "began_seq", "start_seq"],
            "frame": ["result_id", "seq", "state", "owner", "percent", "scroll_offset"],
            "decisions": [
                "run", "config", "trace", "intent", "decision", "reason", "percent", "peak_percent",
                "velocity", "projected", "settle", "overscroll", "tracking_error", "attempted",
                "began_seq", "start_seq", "family", "result", "intent_source",
            ],
        ]
        for (table, names) in columns {
            let statement = try store.database.prepare("SELECT name FROM pragma_table_info('\(table)')")
            var found = Set<String>()
            while try statement.step() { found.insert(statement.string(at: 0) ?? "") }
            #expect(Set(names).isSubset(of: found), "\(table): \(found)")
        }
    }

    @Test func migrationsSetUserVersionAndRunOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file()
        do {
            let store = try Store(path: path)
            #expect(try store.userVersion() == Store.schemaVersion)
        }
        // Reopening applies nothing again.
        let store = try Store(path: path)
        #expect(try store.userVersion() == Store.schemaVersion)

        // A later migration upgrades an existing file in its own transaction.
        var migrator = Migrator()
        migrator.migrations.append(Migration(name: "test column", sql: "ALTER TABLE run ADD COLUMN note TEXT"))
        try migrator.migrate(store.database)
        #expect(try store.userVersion() == Store.schemaVersion + 1)
        #expect(try store.database.integer("SELECT count(*) FROM pragma_table_info('run') WHERE name = 'note'") == 1)
    }

    @Test func failingMigrationChangesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        var migrator = Migrator()
        migrator.migrations.append(
            Migration(name: "broken", sql: "CREATE TABLE extra (id INTEGER); INSERT INTO missing VALUES (1)"))
        #expect(throws: SQLiteError.self) { try migrator.migrate(store.database) }
        #expect(try store.userVersion() == Store.schemaVersion)
        #expect(try store.database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") == 0)
    }

    @Test func connectionSettings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        #expect(try store.database.integer("PRAGMA foreign_keys") == 1)
        #expect(try store.database.integer("PRAGMA synchronous") == 1)
        #expect(try store.database.integer("PRAGMA busy_timeout") == 60_000)
        let mode = try store.database.prepare("PRAGMA journal_mode")
        #expect(try mode.step())
        #expect(mode.string(at: 0) == "wal")
    }
}

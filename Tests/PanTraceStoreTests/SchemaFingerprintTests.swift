import Testing

@testable import PanTraceStore

/// The schema check's fast path (docs/safety.md): a file the migrations made
/// is recognised by its fingerprint; any edit of its schema takes the full
/// check.
@Suite struct SchemaFingerprintTests {
    @Test func theMigrationsMakeTheRecordedFingerprint() throws {
        let database = try Database(inMemory: ())
        for migration in Migrator.migrations { try database.execute(migration.sql) }
        let made = try SchemaCheck.fingerprint(of: database)
        #expect(
            made == SchemaCheck.latestFingerprint,
            "the migrations changed: set SchemaCheck.latestFingerprint to 0x\(String(made, radix: 16))")
    }

    @Test func anEditedSchemaHasAnotherFingerprint() throws {
        let database = try Database(inMemory: ())
        for migration in Migrator.migrations { try database.execute(migration.sql) }
        let made = try SchemaCheck.fingerprint(of: database)
        try database.execute("ALTER TABLE result RENAME COLUMN stale TO old_stale")
        #expect(try SchemaCheck.fingerprint(of: database) != made)
    }
}

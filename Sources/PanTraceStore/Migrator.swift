import CSQLite

/// One named, raw-SQL schema change; migration `n` brings the schema to version `n`.
struct Migration: Sendable {
    /// A short description, for errors and the reader.
    var name: String
    /// The SQL, run in one transaction; it never refers to Swift types.
    var sql: String
}

/// Applies the ordered migrations a database lacks, each in its own transaction.
///
/// `PRAGMA user_version` is the number of migrations applied;
/// `PRAGMA application_id` marks the file as pantrace's.
struct Migrator: Sendable {
    /// 'PaTr', set by migration 1.
    static let applicationID: Int64 = 0x5061_5472

    /// Every migration of this build, in order. Append; never edit or reorder.
    static let migrations: [Migration] = [
        Migration(name: "create schema", sql: Schema.version1),
        Migration(name: "keep the store consistent against hand edits; never reuse ids", sql: Schema.version2),
        Migration(name: "rest and stale on results; where each label came from (trace.intent_source)", sql: Schema.version3),
        Migration(name: "the words in one table (word); detents on traces and results", sql: Schema.version4),
        Migration(name: "which felt better: the lab's A/B answers (preference)", sql: Schema.preference),
        Migration(name: "what the app did (trace.observed, observed_source; decisions.matches)", sql: Schema.observed),
    ]

    /// The schema version this build creates and understands.
    static var latestVersion: Int { migrations.count }

    var migrations: [Migration] = Migrator.migrations

    /// Brings `database` to the latest version.
    ///
    /// Each step takes the write lock with `BEGIN IMMEDIATE` and reads
    /// `user_version` again inside it, so that two processes opening a new
    /// file at once apply each migration exactly once.
    ///
    /// What the user added is kept (docs/safety.md): an index or trigger of
    /// theirs that a step drops with the table it rebuilds is made again in
    /// the same transaction. An object of theirs that has the name of one a
    /// step makes refuses the upgrade (``StoreError/cannotOpen(path:reason:)``,
    /// naming it), nothing changed; with `copy` (a private copy that a reader
    /// upgrades in memory), it is dropped from the copy instead, and an index
    /// or trigger of theirs that no longer fits is left out of it.
    func migrate(_ database: Database, copy: Bool = false) throws {
        guard try Int(database.integer("PRAGMA user_version")) < migrations.count else { return }
        // A migration that rebuilds a table renames the old one aside; with
        // foreign keys on, SQLite would point the other tables' references at
        // the renamed table. Foreign keys can only be switched outside a
        // transaction: off for the migrations, then back as they were.
        let foreignKeys = try database.integer("PRAGMA foreign_keys") != 0
        if foreignKeys { try database.execute("PRAGMA foreign_keys = OFF") }
        defer { if foreignKeys { _ = try? database.execute("PRAGMA foreign_keys = ON") } }
        let names = try objectNames()
        for (offset, migration) in migrations.enumerated() {
            let version = offset + 1
            if try Int(database.integer("PRAGMA user_version")) >= version { continue }
            try database.inWriteTransaction {
                guard try Int(database.integer("PRAGMA user_version")) < version else { return }
                let before = names[version - 1]
                let made = names[version].subtracting(before)
                let theirs = try Self.userObjects(of: database, besides: before)
                for clash in theirs where made.contains(clash.name.lowercased()) {
                    guard copy else {
                        throw StoreError.cannotOpen(
                            path: database.path,
                            reason: "its \(clash.kind) \(clash.name) is not pantrace's, and the upgrade to schema \(version) "
                                + "(\(migration.name)) makes a \(clash.kind == "table" ? "table" : "an object") of that name: "
                                + "rename or drop yours in the sqlite3 shell and try again")
                    }
                    try database.execute("DROP \(clash.kind.uppercased()) IF EXISTS \(Self.quoted(clash.name))")
                }
                do {
                    try database.execute(migration.sql)
                } catch var error as SQLiteError {
                    error.message = "migration \(version) (\(migration.name)): \(error.message)"
                    throw error
                }
                try Self.restore(theirs.filter { !made.contains($0.name.lowercased()) }, in: database, version: version, copy: copy)
                try database.execute("PRAGMA user_version = \(version)")
            }
        }
    }

    /// An object of the schema: `table`, `view`, `index` or `trigger`, its name and SQL.
    struct SchemaObject: Equatable {
        var kind: String
        var name: String
        var sql: String?
    }

    /// The names (lowercased: SQLite's names ignore case) of what the first
    /// `version` migrations make, at index `version` (0: none): this
    /// build's, worked out once a process; others' (a test's own list) here.
    private func objectNames() throws -> [Set<String>] {
        if let built = Self.namesOfTheBuild, migrations.count <= Migrator.migrations.count,
            zip(migrations, Migrator.migrations).allSatisfy({ $0.sql == $1.sql })
        {
            return Array(built.prefix(migrations.count + 1))
        }
        return try Self.objectNames(after: migrations)
    }

    /// ``objectNames()`` for this build's migrations; `nil` if they fail on an empty database.
    private static let namesOfTheBuild: [Set<String>]? = try? objectNames(after: migrations)

    /// The names of what each prefix of `migrations` makes, from one empty
    /// in-memory database that they are applied to in turn.
    private static func objectNames(after migrations: [Migration]) throws -> [Set<String>] {
        let scratch = try Database(inMemory: ())
        var names: [Set<String>] = [[]]
        for migration in migrations {
            try scratch.execute(migration.sql)
            let list = try scratch.prepare("SELECT lower(name) FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
            var made: Set<String> = []
            while try list.step() { made.insert(list.string(at: 0) ?? "") }
            names.append(made)
        }
        return names
    }

    /// The objects of `database` that are not pantrace's (not in `pantrace`, not SQLite's own).
    static func userObjects(of database: Database, besides pantrace: Set<String>) throws -> [SchemaObject] {
        let list = try database.prepare(
            "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")
        var found: [SchemaObject] = []
        while try list.step() {
            let object = SchemaObject(kind: list.string(at: 0) ?? "", name: list.string(at: 1) ?? "", sql: list.string(at: 2))
            if !pantrace.contains(object.name.lowercased()) { found.append(object) }
        }
        return found
    }

    /// Makes again each index and trigger in `objects` that a migration
    /// dropped with its table (a table rebuilt by renaming the old one aside).
    private static func restore(_ objects: [SchemaObject], in database: Database, version: Int, copy: Bool) throws {
        for object in objects where object.kind == "index" || object.kind == "trigger" {
            guard let sql = object.sql else { continue }
            let exists = try database.prepare("SELECT count(*) FROM sqlite_schema WHERE name = ?")
            try exists.bind(object.name, at: 1)
            guard try exists.step(), exists.int64(at: 0) == 0 else { continue }
            do {
                try database.execute(sql)
            } catch let error as SQLiteError {
                if copy { continue }
                throw StoreError.cannotOpen(
                    path: database.path,
                    reason: "its \(object.kind) \(object.name) is not pantrace's and does not fit the schema of the upgrade to "
                        + "schema \(version) (\(error.message)): drop it in the sqlite3 shell and try again")
            }
        }
    }

    /// `name` as an SQL identifier.
    static func quoted(_ name: String) -> String {
        "\"" + String(name.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }) + "\""
    }

    /// Checks that `database` is a pantrace database this build can use (or a new, empty file).
    ///
    /// - Returns: the schema version found (0 for an empty file).
    /// - Throws: ``StoreError/notAPantraceDatabase(path:reason:)`` or
    ///   ``StoreError/newerSchema(path:version:known:)``; ``SQLiteError`` with
    ///   `SQLITE_NOTADB` for a file that is not SQLite at all.
    func inspect(_ database: Database) throws -> Int {
        // The first read of the file: fails with SQLITE_NOTADB for a text file.
        // One statement, so one snapshot: read one by one, another process's
        // migration 1 could commit between the version and the id, and a new
        // file would look like a file with the id and no version.
        let header = try database.prepare(
            "SELECT (SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'), "
                + "(SELECT user_version FROM pragma_user_version), (SELECT application_id FROM pragma_application_id)")
        guard try header.step() else { throw StoreError.notAPantraceDatabase(path: database.path, reason: "no header") }
        let objects = header.int64(at: 0)
        let version = Int(header.int64(at: 1))
        let applicationID = header.int64(at: 2)
        let path = database.path
        if objects == 0 && version == 0 && applicationID == 0 { return 0 }
        guard applicationID == Migrator.applicationID else {
            let reason =
                applicationID == 0
                ? "an SQLite database without pantrace's tables"
                : "an SQLite database of another application (application_id \(applicationID))"
            throw StoreError.notAPantraceDatabase(path: path, reason: reason)
        }
        guard version <= migrations.count else {
            throw StoreError.newerSchema(path: path, version: version, known: migrations.count)
        }
        // Migration 1 sets the id, the version and the tables in one
        // transaction: a file with the id but not the rest was edited by hand,
        // and writing to it would fail half-way with SQLite's own error.
        guard version >= 1 else {
            throw StoreError.notAPantraceDatabase(path: path, reason: "pantrace's id without a schema version (user_version 0)")
        }
        let missing = try Migrator.requiredObjects.filter { name in
            let find = try database.prepare("SELECT count(*) FROM sqlite_schema WHERE name = ?")
            try find.bind(name, at: 1)
            return try find.step() && find.int64(at: 0) == 0
        }
        guard missing.isEmpty else {
            throw StoreError.notAPantraceDatabase(path: path, reason: "\(missing.joined(separator: ", ")) missing")
        }
        return version
    }

    /// The tables and view docs/sqlite.md names, present from migration 1 on.
    static let requiredObjects = ["trace", "sample", "config", "run", "result", "frame", "decisions"]
}

import CSQLite

/// The schema a pantrace database must have, derived from the migrations
/// themselves: a damaged file (a column renamed, a table or trigger dropped
/// by hand, beyond the edits docs/sqlite.md allows) is refused when it is
/// opened (docs/safety.md: 66), instead of failing later with SQLite's
/// "no such column" as an internal error.
///
/// The reference is what ``Migrator/migrations`` make of an empty in-memory
/// database, once per process for the latest version, so that a new migration
/// (a new column, table or trigger) is checked without touching this file.
/// A database must have every object the reference has, with the same
/// columns (name, declared type, `NOT NULL`, primary key); objects and
/// columns a user added for their own queries are left alone.
enum SchemaCheck {
    /// One object of a schema (`table result`, `trigger trace_delete`) with
    /// its columns (tables and views), as `name type notnull pk`.
    struct Object: Equatable {
        var kind: String
        var name: String
        var columns: [String]
    }

    /// The objects the latest schema has, made once per process: every
    /// command opening a current file checks against it.
    static let latest: Result<[String: Object], SQLiteError> = build(upTo: Migrator.latestVersion)

    /// The objects the migrations up to `version` make (1…latest); `nil`
    /// for another version. Only the latest is kept: an older one is what a
    /// read-only command checks an older file against, rarely.
    static func reference(version: Int) throws(SQLiteError) -> [String: Object]? {
        guard (1...Migrator.latestVersion).contains(version) else { return nil }
        return try (version == Migrator.latestVersion ? latest : build(upTo: version)).get()
    }

    /// Runs the first `version` migrations on an empty in-memory database and lists what they made.
    private static func build(upTo version: Int) -> Result<[String: Object], SQLiteError> {
        do {
            let database = try Database(inMemory: ())
            for migration in Migrator.migrations.prefix(version) { try database.execute(migration.sql) }
            return .success(try objects(of: database))
        } catch let error as SQLiteError {
            return .failure(error)
        } catch {
            return .failure(SQLiteError(code: SQLITE_INTERNAL, message: "\(error)"))
        }
    }

    /// The fingerprint (``fingerprint(of:)``) of a file the migrations made,
    /// at the latest version: a file that has it is checked in one query,
    /// without building the reference (about 5 ms a command). A migration
    /// changes it: `SchemaFingerprintTests` says the new value. A file with objects of
    /// its user's own, or whose SQLite words its schema otherwise, takes the
    /// full check.
    static let latestFingerprint: UInt64 = 0x85ef_9d70_97b6_d07a

    /// FNV-1a over every object's type, name, table and SQL text, by name,
    /// SQLite's own objects aside.
    static func fingerprint(of database: Database) throws -> UInt64 {
        let rows = try database.prepare(
            "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        while try rows.step() {
            for column in Int32(0)..<4 {
                for byte in (rows.string(at: column) ?? "").utf8 {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
                hash = (hash ^ 0) &* 0x0000_0100_0000_01b3
            }
        }
        return hash
    }

    /// Throws ``StoreError/cannotOpen(path:reason:)`` ("damaged") unless the
    /// database at schema `version` has everything that version's migrations make.
    static func check(_ database: Database, version: Int, path: String) throws {
        if version == Migrator.latestVersion, (try? fingerprint(of: database)) == latestFingerprint { return }
        guard let expected = try reference(version: version) else { return }
        let found: [String: Object]
        do {
            found = try objects(of: database)
        } catch let error as SQLiteError where error.primaryCode == SQLITE_ERROR {
            // A view over a renamed or dropped column cannot even list its columns.
            throw damaged(path, "\(error.message)")
        }
        var problems: [String] = []
        for name in expected.keys.sorted() {
            guard let want = expected[name] else { continue }
            guard let have = found[name], have.kind == want.kind else {
                problems.append("\(want.kind) \(name) missing")
                continue
            }
            let haveColumns = Dictionary(have.columns.map { ($0.split(separator: " ", maxSplits: 1).first.map(String.init) ?? $0, $0) },
                                         uniquingKeysWith: { first, _ in first })
            for column in want.columns {
                let columnName = column.split(separator: " ", maxSplits: 1).first.map(String.init) ?? column
                if let other = haveColumns[columnName] {
                    if other != column { problems.append("\(name).\(columnName) changed") }
                } else {
                    problems.append("\(name).\(columnName) missing")
                }
            }
        }
        guard problems.isEmpty else {
            let shown = problems.prefix(4).joined(separator: ", ") + (problems.count > 4 ? ", …" : "")
            throw damaged(path, "its schema was edited: \(shown)")
        }
    }

    private static func damaged(_ path: String, _ what: String) -> StoreError {
        .cannotOpen(path: path, reason: "the file is damaged (\(what)); restore it from a backup")
    }

    /// Every table, view, index and trigger of `database` but SQLite's own.
    static func objects(of database: Database) throws -> [String: Object] {
        var objects: [String: Object] = [:]
        let list = try database.prepare(
            "SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
        var tables: [String] = []
        while try list.step() {
            let kind = list.string(at: 0) ?? ""
            let name = list.string(at: 1) ?? ""
            objects[name] = Object(kind: kind, name: name, columns: [])
            if kind == "table" || kind == "view" { tables.append(name) }
        }
        for table in tables {
            let columns = try database.prepare(
                "SELECT name, upper(type), \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid")
            try columns.bind(table, at: 1)
            var described: [String] = []
            while try columns.step() {
                described.append(
                    "\(columns.string(at: 0) ?? "") \(columns.string(at: 1) ?? "") \(columns.int64(at: 2)) \(columns.int64(at: 3))")
            }
            objects[table]?.columns = described
        }
        return objects
    }
}

import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Identifies a stored trace (`trace.id`).
public typealias TraceID = Int64
/// Identifies a run (`run.id`).
public typealias RunID = Int64
/// Identifies a result (`result.id`).
public typealias ResultID = Int64

/// A pantrace database: traces, configs, runs, results and frames (SPEC 6).
///
/// Opening creates a missing or empty file and upgrades an older schema;
/// anything else (a text file, another application's database, a newer
/// schema) is refused with a ``StoreError``. Every public method throws
/// ``StoreError`` only.
///
/// ```swift
/// let store = try Store(path: "pantrace.sqlite")
/// let session = try store.beginRun(.record, configName: config.name, configJSON: json)
/// let id = try session.add(trace)
/// try session.addResult(traceID: id, outcome: outcome, frames: frames)
/// let run = try session.commit()
/// ```
///
/// A `Store` is one connection, used by one thread at a time. Separate
/// stores (threads or processes) on the same file may write at the same
/// time: each write transaction waits up to ``busyTimeoutMilliseconds`` for
/// the others.
public final class Store {
    /// The page cache of a connection, in KiB.
    static let cacheKiB = 4096
    /// How long a writer waits for another connection's transaction.
    public static let busyTimeoutMilliseconds: Int32 = 60_000
    /// The schema version this build creates and understands.
    public static var schemaVersion: Int { Migrator.latestVersion }

    /// The database file.
    public let path: String
    /// The connection (tests query it; users open the file with `sqlite3`, schema.sql documents it).
    let database: Database
    /// The run session writing through this connection, if any: its pending results are inserted before a read of results.
    weak var openSession: RunSession?

    /// Opens (creating or upgrading when needed) the pantrace database at `path`.
    ///
    /// - Parameter readOnly: open without write access; a database that
    ///   would need creating or upgrading is then ``StoreError/readOnly(path:)``.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)``,
    ///   ``StoreError/notAPantraceDatabase(path:reason:)``,
    ///   ``StoreError/newerSchema(path:version:known:)``,
    ///   ``StoreError/readOnly(path:)``, ``StoreError/sqlite(_:)``.
    public init(path: String, readOnly: Bool = false) throws {
        self.path = path
        do {
            database = try Database(path: path, readOnly: readOnly)
        } catch let error as SQLiteError {
            throw StoreError.cannotOpen(path: path, reason: Store.openFailureReason(path: path, error: error))
        }
        try guarded {
            try database.setBusyTimeout(milliseconds: Store.busyTimeoutMilliseconds)
            try database.execute("PRAGMA foreign_keys = ON")
            let migrator = Migrator()
            let version = try migrator.inspect(database)
            if !readOnly && !database.isReadOnly {
                // WAL: readers never block the writer, and replay can read
                // the corpus while another process records.
                try Store.enableWriteAheadLog(database)
                try database.execute("PRAGMA synchronous = NORMAL")
            }
            // 4 MiB: the working set of appending runs and streaming the
            // corpus is a few pages per b-tree; a larger cache only holds
            // pages already written or read, and makes memory grow with the
            // corpus (docs/performance.md).
            try database.execute("PRAGMA cache_size = -\(Store.cacheKiB)")
            try database.execute("PRAGMA temp_store = MEMORY")
            if version < Migrator.latestVersion {
                guard !readOnly && !database.isReadOnly else { throw StoreError.readOnly(path: path) }
                try migrator.migrate(database)
            }
        }
    }

    /// The schema version of the open database (`PRAGMA user_version`).
    public func userVersion() throws -> Int {
        try guarded { Int(try database.integer("PRAGMA user_version")) }
    }

    /// Runs `body`, turning low-level ``SQLiteError``s into ``StoreError``s.
    ///
    /// With `readingResults`, the results an open ``RunSession`` of this
    /// store has queued are inserted first, so that `body` reads them: the
    /// session inserts results 16 rows per `INSERT`, which saves 15 % of a
    /// replay's instructions (docs/performance.md, "The store, simpler").
    /// Only the methods that read `result` rows ask for it.
    func guarded<T>(readingResults: Bool = false, _ body: () throws -> T) throws -> T {
        do {
            if readingResults, let openSession { try openSession.flushPendingResults() }
            return try body()
        } catch let error as SQLiteError {
            throw StoreError.from(error, path: path)
        }
    }

    /// Switches the file to WAL unless it is already (the mode is stored in the file).
    ///
    /// Switching takes an exclusive lock, and SQLite answers `SQLITE_BUSY`
    /// without calling the busy handler when another process is opening the
    /// same new file at that moment; so retry, as ``Database/beginImmediate(attempts:)`` does.
    private static func enableWriteAheadLog(_ database: Database, attempts: Int = 50) throws {
        var attempt = 0
        while true {
            do {
                if try currentJournalMode(database) == "wal" { return }
                try database.execute("PRAGMA journal_mode = WAL")
                return
            } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY && attempt + 1 < attempts {
                attempt += 1
                sqlite3_sleep(Int32(min(10 * attempt, 200)))
            }
        }
    }

    /// `wal`, `delete` …; the statement is finalized on return, so that it
    /// holds no read transaction when the mode is changed.
    private static func currentJournalMode(_ database: Database) throws -> String? {
        let mode = try database.prepare("PRAGMA journal_mode")
        return try mode.step() ? mode.string(at: 0)?.lowercased() : nil
    }

    /// A reason for a failed `sqlite3_open_v2` that names the likely cause.
    private static func openFailureReason(path: String, error: SQLiteError) -> String {
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        var status = stat()
        if stat(folder, &status) != 0 {
            return "no such folder: \(folder)"
        }
        if (status.st_mode & S_IFMT) != S_IFDIR {
            return "not a folder: \(folder)"
        }
        if stat(path, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { return "it is a folder" }
            if access(path, R_OK) != 0 { return "permission denied" }
        } else if access(folder, W_OK) != 0 {
            return "cannot create a file in \(folder): permission denied"
        }
        return error.message
    }
}

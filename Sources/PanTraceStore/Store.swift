import CSQLite
import PanTraceModel

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

/// A pantrace database: traces, configs, runs, results and frames (docs/sqlite.md).
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

    /// The database file, as given.
    public let path: String
    /// Where the file is: `path` in the folder of the task that opened the
    /// store (`FileContext`), which every file operation of this store uses.
    let file: String
    /// The connection (tests query it; users open the file with `sqlite3`, schema.sql documents it).
    /// A reader of a file of an older schema reads a copy of it, upgraded in memory.
    private(set) var database: Database
    /// The run session writing through this connection, if any: its pending results are inserted before a read of results.
    weak var openSession: RunSession?
    /// This store created the file: it removes it again when it closes without having stored anything (docs/commands.md §7.4).
    private let createdFile: Bool
    /// The file was empty (0 bytes) when this store opened it: a reader says
    /// so rather than calling it read-only (docs/safety.md).
    private let foundEmptyFile: Bool
    /// The bytes of a file that held no pantrace schema yet (0 bytes, or an
    /// empty SQLite database) when this store opened it: written back when
    /// the store closes without having stored anything, so that a refused
    /// command leaves the file byte for byte as it was (docs/safety.md).
    private var bytesBeforeSchema: [UInt8]?
    /// Set when a run session of this store commits.
    var hasCommitted = false
    /// The token of the session this connection reads beside, when it is a
    /// ``ConcurrentReader``'s (its traces exist in that session's snapshot).
    var readerOfSession: UInt64?

    /// The session whose snapshot a trace read now belongs to, if any.
    var readingSession: UInt64? { openSession?.token ?? readerOfSession }

    /// Opens (creating or upgrading when needed) the pantrace database at `path`.
    ///
    /// Only a regular file (or a missing one) is opened: a folder, a FIFO or
    /// a device is refused before anything is opened or created beside it.
    /// When the store closes, the database is one file again (its `-wal` and
    /// `-shm` are removed when no other connection uses it, unless the file
    /// could only be opened read-only), and a file this
    /// store created is removed again if nothing was committed to it.
    ///
    /// - Parameters:
    ///   - path: the database file; a missing or empty one becomes a pantrace database.
    ///   - readOnly: open without writing; an older schema is read as it is
    ///     (never upgraded) and a missing file is not created.
    ///   - busyTimeoutMilliseconds: the longest a write waits for other writers in all.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)``,
    ///   ``StoreError/notAPantraceDatabase(path:reason:)``,
    ///   ``StoreError/newerSchema(path:version:known:)``,
    ///   ``StoreError/readOnly(path:)``, ``StoreError/locked(path:)``, ``StoreError/sqlite(_:)``.
    public init(path: String, readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = Store.busyTimeoutMilliseconds) throws {
        self.path = path
        let file = FileContext.location(of: path)
        self.file = file
        guard !path.isEmpty else { throw StoreError.cannotOpen(path: path, reason: "the path is empty") }
        let size = try Store.requireRegularFile(file, named: path)
        let existed = size != nil
        if existed && !readOnly { Store.makeSidecarsWritable(file) }
        // A small file may have no schema yet (0 bytes, or an empty SQLite
        // database): its bytes are kept to write back if this store commits
        // nothing. Read now, before SQLite holds a lock on the file: closing
        // any descriptor of a file drops every POSIX lock this process holds
        // on it, and another process could then checkpoint or reset the WAL
        // under a connection that believes it holds its lock, losing commits
        // (SQLite's "How To Corrupt An SQLite Database File", §2.2).
        let smallFile = existed && !readOnly && (size ?? 0) <= Store.schemaFreeFileLimit ? Store.smallFileBytes(file) : nil
        do {
            database = try Database(path: path, access: Store.accessMode(path: file, readOnly: readOnly, exists: existed))
        } catch let error as SQLiteError {
            throw StoreError.cannotOpen(path: path, reason: Store.openFailureReason(path: path, file: file, error: error))
        }
        createdFile = !existed
        foundEmptyFile = size == 0
        do {
            try guarded {
                try prepareConnection(readOnly: readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds, smallFile: smallFile)
            }
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Settings, checks and upgrade of a new connection.
    private func prepareConnection(readOnly: Bool, busyTimeoutMilliseconds: Int32, smallFile: [UInt8]?) throws {
        try database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try database.execute("PRAGMA foreign_keys = ON")
        let migrator = Migrator()
        let version = try migrator.inspect(database)
        let writes = !readOnly && !database.isReadOnly
        if writes && version == 0 && !createdFile { bytesBeforeSchema = smallFile }
        if readOnly && !database.isReadOnly {
            // Opened read-write only to clean up when closing: any write is refused (SQLITE_READONLY).
            try database.execute("PRAGMA query_only = ON")
        }
        if writes {
            // WAL: readers never block the writer, and replay can read
            // the corpus while another process records.
            try database.retryingWhileBusy { try Store.enableWriteAheadLog(database) }
            try database.execute("PRAGMA synchronous = NORMAL")
        }
        // 4 MiB: the working set of appending runs and streaming the
        // corpus is a few pages per b-tree; a larger cache only holds
        // pages already written or read, and makes memory grow with the
        // corpus (docs/performance.md).
        try database.execute("PRAGMA cache_size = -\(Store.cacheKiB)")
        try database.execute("PRAGMA temp_store = MEMORY")
        if version == 0 && !writes {
            // Nothing to read, and it may not be made a database here: say what the file is.
            if foundEmptyFile {
                throw StoreError.cannotOpen(
                    path: path, reason: "the file is empty (0 bytes), not yet a pantrace database (pantrace record makes one)")
            }
            if readOnly { throw StoreError.notAPantraceDatabase(path: path, reason: "an empty SQLite database") }
        }
        if version < Migrator.latestVersion {
            // Reading never writes: a read-only store checks an older file as
            // it is, then reads a copy of it upgraded in memory (docs/safety.md).
            if readOnly && version > 0 {
                try SchemaCheck.check(database, version: version, path: path)
                try readUpgradedCopy(migrator)
                return
            }
            guard writes else { throw StoreError.readOnly(path: path) }
            try migrator.migrate(database)
        }
        // Once, at opening: what every later statement relies on (docs/safety.md).
        try SchemaCheck.check(database, version: Migrator.latestVersion, path: path)
    }

    /// Replaces the connection to an older file by a copy of the file in
    /// memory, upgraded there by the migrations that bring a file up to date
    /// (so every reading query sees the latest schema), and closes the file:
    /// nothing is written to it, or beside it. The copy refuses writes.
    private func readUpgradedCopy(_ migrator: Migrator) throws {
        let copy = try Database(copyOf: database)
        database.close()
        database = copy
        try copy.execute("PRAGMA foreign_keys = ON")
        try copy.execute("PRAGMA temp_store = MEMORY")
        try migrator.migrate(copy, copy: true)
        try SchemaCheck.check(copy, version: Migrator.latestVersion, path: path)
        try copy.execute("PRAGMA query_only = ON")
    }

    /// The schema version of the open database (`PRAGMA user_version`).
    public func userVersion() throws -> Int {
        try guarded { Int(try database.integer("PRAGMA user_version")) }
    }

    /// Runs `body`, turning low-level ``SQLiteError``s into ``StoreError``s.
    ///
    /// With `readingResults`, the results an open ``RunSession`` of this
    /// store has queued are inserted first, so that `body` reads them: the
    /// session inserts results 16 rows per `INSERT` (docs/performance.md).
    /// Only the methods that read `result` rows ask for it.
    func guarded<T>(readingResults: Bool = false, _ body: () throws -> T) throws -> T {
        do {
            if readingResults, let openSession { try openSession.flushPendingResults() }
            return try body()
        } catch let error as SQLiteError {
            throw StoreError.from(error, path: path, file: file)
        } catch let issue as StoredTraceIssue {
            throw issue.error(in: path)
        }
    }

    /// Switches the file to WAL unless it is already (the mode is stored in the file).
    ///
    /// Switching takes an exclusive lock, and SQLite answers `SQLITE_BUSY`
    /// without calling the busy handler when another process is opening the
    /// same file at that moment: the caller retries (``Database/retryingWhileBusy(_:)``).
    private static func enableWriteAheadLog(_ database: Database) throws {
        if try currentJournalMode(database) == "wal" { return }
        try database.execute("PRAGMA journal_mode = WAL")
    }

    /// `wal`, `delete` …; the statement is finalized on return, so that it
    /// holds no read transaction when the mode is changed.
    /// Whether the file keeps a write-ahead log: then a second connection reads
    /// a steady snapshot while this one writes (``ConcurrentReader``).
    func isWriteAheadLogged() throws -> Bool {
        try guarded { try Store.currentJournalMode(database) == "wal" }
    }

    private static func currentJournalMode(_ database: Database) throws -> String? {
        let mode = try database.prepare("PRAGMA journal_mode")
        return try mode.step() ? mode.string(at: 0)?.lowercased() : nil
    }

    // MARK: Files

    /// Throws unless `file` is a regular file (links followed) or names nothing;
    /// returns its size, `nil` when it does not exist. `path` names it in the error.
    ///
    /// Opening a FIFO would wait for a writer forever, and SQLite would
    /// create `-journal` files beside a device (`/dev/null-journal`).
    private static func requireRegularFile(_ file: String, named path: String) throws -> Int64? {
        var status = stat()
        guard stat(file, &status) == 0 else { return nil }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return Int64(status.st_size)
        case S_IFDIR: kind = "it is a folder"
        case S_IFIFO: kind = "it is a FIFO (named pipe), not a database file"
        case S_IFCHR, S_IFBLK: kind = "it is a device, not a database file"
        case S_IFSOCK: kind = "it is a socket, not a database file"
        default: kind = "it is not a regular file"
        }
        throw StoreError.cannotOpen(path: path, reason: kind)
    }

    /// Read-only stores open an existing file read-write when they may (never
    /// writing to it), so that closing removes the `-wal` and `-shm` files: a
    /// read-only connection cannot.
    ///
    /// A file that this process cannot write (or whose folder it cannot), and
    /// that has no `-wal` or an empty one (so the file holds every committed
    /// transaction), is opened immutable: SQLite then creates no `-wal` and
    /// `-shm`, which would take the file's read-only mode and make every
    /// later writer fail ("read-only") once the file is writable again
    /// (docs/safety.md). With a `-wal` that holds transactions, a read-only
    /// connection reads it as SQLite must.
    private static func accessMode(path: String, readOnly: Bool, exists: Bool) -> Database.Access {
        guard exists else { return readOnly ? .readOnly : .readWriteCreate }
        let writable = access(path, W_OK) == 0 && access(folder(of: path), W_OK) == 0
        var wal = stat()
        let walIsEmpty = stat(path + "-wal", &wal) != 0 || wal.st_size == 0
        if !writable && walIsEmpty { return .immutable }
        // On a full disk a reader could not make the `-shm` (SQLite extends it
        // to read), and would leave it and a `-wal` behind: such a file is read
        // immutable too, so that reading needs no space (docs/safety.md).
        if readOnly && walIsEmpty && diskIsNearlyFull(beside: path) { return .immutable }
        guard readOnly else { return .readWriteCreate }
        return writable ? .readWrite : .readOnly
    }

    /// Gives a `-wal` or `-shm` of this user that it may not write the mode
    /// of the database beside it, when it may write that: SQLite would open
    /// the database read-only through them (a reader of an older pantrace, or
    /// another program, left them with a read-only file's mode: docs/safety.md).
    private static func makeSidecarsWritable(_ path: String) {
        var database = stat()
        guard access(path, W_OK) == 0, stat(path, &database) == 0 else { return }
        for suffix in ["-wal", "-shm"] {
            var sidecar = stat()
            let name = path + suffix
            guard lstat(name, &sidecar) == 0, (sidecar.st_mode & S_IFMT) == S_IFREG, sidecar.st_uid == geteuid(),
                access(name, W_OK) != 0
            else { continue }
            _ = chmod(name, database.st_mode & 0o777)
        }
    }

    /// True when the file system holding `path` has no free block left.
    static func diskIsFull(beside path: String) -> Bool {
        var status = statvfs()
        return statvfs(folder(of: path), &status) == 0 && status.f_bavail == 0
    }

    /// True when the file system holding `path` has less than 1 MiB free
    /// for this user: less than a reader's `-wal` and `-shm` may need.
    static func diskIsNearlyFull(beside path: String) -> Bool {
        var status = statvfs()
        guard statvfs(folder(of: path), &status) == 0 else { return false }
        return UInt64(status.f_bavail) * UInt64(status.f_frsize) < 1 << 20
    }

    /// The folder holding `path`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Closes the connection, leaving the database as one file: a file this
    /// store created and nothing was committed to is removed; otherwise
    /// SQLite removes `-wal` and `-shm` when no other connection uses the
    /// file. Does nothing the second time; releasing the store closes it too
    /// (`pantrace lab` closes it itself: its server's tasks may hold it a
    /// moment longer).
    public func close() {
        if let openSession { openSession.rollback() }
        guard !database.isClosed else { return }
        if createdFile || bytesBeforeSchema != nil, !hasCommitted, isUnusedAndEmpty() {
            database.close()
            if createdFile {
                _ = unlink(file)
            } else if let bytes = bytesBeforeSchema {
                Store.overwrite(file, with: bytes)
            }
            for suffix in ["-wal", "-shm", "-journal"] { _ = unlink(file + suffix) }
            return
        }
        // The last connection to close removes `-wal` and `-shm`; a read-only
        // connection cannot, which is why read-only stores open read-write
        // when they may. The file stays in WAL mode: switching back would
        // rewrite its header, and a refused command must leave it byte for byte.
        database.close()
    }

    /// The largest file whose bytes are kept at opening in case it has no
    /// schema yet: an empty SQLite database is a page or two, a pantrace one
    /// far more.
    static let schemaFreeFileLimit: Int64 = 64 << 10

    /// The bytes of the file at `path` when it is at most 1 MiB (an empty
    /// SQLite database is a page or two); `nil` when larger or unreadable.
    /// Only before this process opens the file with SQLite (``init(path:readOnly:busyTimeoutMilliseconds:)``).
    private static func smallFileBytes(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Store.closeDescriptor(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size <= 1 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return count == bytes.count ? bytes : nil
    }

    private static func closeDescriptor(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #elseif canImport(Darwin)
            _ = Darwin.close(descriptor)
        #endif
    }

    /// Writes `bytes` over the file at `path`, in place (its mode and owner stay).
    private static func overwrite(_ path: String, with bytes: [UInt8]) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { Store.closeDescriptor(descriptor) }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// True when no other connection holds a lock and the file holds no trace and no run.
    private func isUnusedAndEmpty() -> Bool {
        guard !database.isReadOnly, database.isAutocommit else { return false }
        _ = try? database.setBusyTimeout(milliseconds: 0)
        guard (try? database.execute("BEGIN EXCLUSIVE")) != nil else { return false }
        defer { database.rollback() }
        // A version other than this build's, or rows, were written by someone else: keep the file.
        let version = try? database.integer("PRAGMA user_version")
        guard version == 0 || version == Int64(Migrator.latestVersion) else { return false }
        let rows = try? database.integer("SELECT (SELECT count(*) FROM trace) + (SELECT count(*) FROM run)")
        return rows == 0
    }

    /// A reason for a failed `sqlite3_open_v2` of `file` that names the
    /// likely cause, and its folder as `path` names it.
    private static func openFailureReason(path: String, file: String, error: SQLiteError) -> String {
        let folder = folder(of: file)
        let named = Store.folder(of: path)
        var status = stat()
        if stat(folder, &status) != 0 {
            return "no such folder: \(named)"
        }
        if (status.st_mode & S_IFMT) != S_IFDIR {
            return "not a folder: \(named)"
        }
        if stat(file, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { return "it is a folder" }
            if access(file, R_OK) != 0 { return "permission denied" }
        } else if access(folder, W_OK) != 0 {
            return "cannot create a file in \(named): permission denied"
        }
        return error.message
    }
}

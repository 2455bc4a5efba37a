import CSQLite
import Foundation
import PanTraceModel
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@testable import PanTraceStore

/// docs/safety.md around the store: odd files, leftovers, locks, a full disk, damage, names.
@Suite struct StoreEdgeTests {
    static func listing(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func fifoIsRefusedAtOnceAndNothingIsCreatedBesideIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.file("pipe.sqlite")
        try #require(mkfifo(fifo, 0o600) == 0)
        for readOnly in [false, true] {
            // Opening the FIFO would wait for a writer forever: this returns at once.
            let error = try #require(throws: StoreError.self) { try Store(path: fifo, readOnly: readOnly) }
            #expect(cannotOpenReason(error)?.contains("FIFO") == true, "\(error)")
        }
        #expect(try Self.listing(folder) == ["pipe.sqlite"])
    }

    @Test func devicesAndFoldersAreRefusedWithoutAJournalBesideThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let link = folder.file("null.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        for path in ["/dev/null", link, folder.path] {
            let error = try #require(throws: StoreError.self) { try Store(path: path) }
            #expect(cannotOpenReason(error) != nil, "\(error) for \(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        #expect(try Self.listing(folder) == ["null.sqlite"])
    }

    @Test func aClosedStoreLeavesOneFileAndReadersCreateNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file()
        do {
            let store = try Store(path: path)
            try record([makeTrace("a")], into: store)
            #expect(try Self.listing(folder).contains("test.sqlite-wal"))
        }
        #expect(try Self.listing(folder) == ["test.sqlite"])
        do {
            let reader = try Store(path: path, readOnly: true)
            #expect(try reader.runs().count == 1)
        }
        #expect(try Self.listing(folder) == ["test.sqlite"])
        // A file left in WAL mode (a writer killed) is tidied by the next reader too.
        do {
            let other = try Database(path: path)
            try other.execute("PRAGMA journal_mode = WAL")
        }
        do {
            let reader = try Store(path: path, readOnly: true)
            #expect(try reader.traceCount() == 1)
            #expect(throws: StoreError.readOnly(path: path)) { try reader.beginRun(.replay, configName: "x", configJSON: "{}") }
        }
        #expect(try Self.listing(folder) == ["test.sqlite"])
    }

    @Test func aStoreThatStoredNothingRemovesTheFileItCreated() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("new.sqlite")
        do {
            let store = try Store(path: path)
            let session = try store.beginRun(.record, configName: "c", configJSON: "{}")
            try session.add(makeTrace("a"))
            // A bad trace: the record is refused and rolled back.
            #expect(throws: StoreError.duplicateTrace(name: "a")) { try session.add(makeTrace("a")) }
        }
        #expect(try Self.listing(folder) == [])
        // A file that existed before is kept, empty or not.
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        do { _ = try Store(path: path) }
        #expect(try Self.listing(folder) == ["new.sqlite"])
    }

    /// Locked past the timeout: `locked` (exit 75), after about the timeout, not 20 times it.
    @Test func aLockedDatabaseIsReportedAfterTheBusyTimeout() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let holder = try Store.fresh(in: folder)
        try record([makeTrace("a")], into: holder)
        let session = try holder.beginRun(.replay, configName: "held", configJSON: "{}")
        defer { session.rollback() }
        let waiter = try Store(path: holder.path, busyTimeoutMilliseconds: 300)
        let started = Date()
        #expect(throws: StoreError.locked(path: holder.path)) {
            try waiter.beginRun(.replay, configName: "c", configJSON: "{}")
        }
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.3 && waited < 2, "waited \(waited) s")
        #expect(StoreError.locked(path: "x").description.hasSuffix("try again"))
    }

    /// A full disk (SQLITE_FULL, here from `max_page_count`): `ioError` (74), one line, no SQL.
    @Test func aFullDiskIsAnIOErrorWithoutSQL() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a")], into: store)
        let pages = try store.database.integer("PRAGMA page_count")
        _ = try store.database.integer("PRAGMA max_page_count = \(pages)")
        let traces = (0..<200).map { makeTrace("big\($0)", seed: $0, count: 200) }
        let error = try #require(throws: StoreError.self) { try record(traces, into: store) }
        #expect(error == .ioError(path: store.path, reason: "the disk is full; free some space and try again"))
        #expect(!error.description.contains("INSERT") && !error.description.contains("\n"))
        #expect(try store.traceCount() == 1)
    }

    /// An I/O error says what the system said when it is a limit the user can
    /// lift (SQLite reports a -shm it cannot grow, or EFBIG, as SQLITE_IOERR).
    @Test func anIOErrorNamesAFullDiskAQuotaOrTheFileSizeLimit() {
        func reason(_ errno: Int32) -> String {
            // SQLITE_IOERR_WRITE, a macro Swift does not import.
            var error = SQLiteError(code: SQLITE_IOERR | (3 << 8), message: "disk I/O error")
            error.systemErrno = errno
            guard case .ioError(_, let reason) = StoreError.from(error, path: "/tmp/x.sqlite") else { return "not an I/O error" }
            return reason
        }
        #expect(reason(ENOSPC) == "the disk is full; free some space and try again")
        #expect(reason(EDQUOT).hasPrefix("the disk quota is exceeded"))
        #expect(reason(EFBIG).contains("ulimit -f"))
        #expect(reason(EIO) == "an I/O error (disk I/O error); check the disk and try again")
    }

    /// A word outside the `word` table (written with its trigger dropped) is damage (66), like other damage.
    @Test func aDamagedWordIsReportedAsDamage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a")], into: store)
        try store.database.execute("DROP TRIGGER result_words_update; UPDATE result SET decision = 'maybe'")
        let error = try #require(throws: StoreError.self) { try store.results(ofRun: 1) }
        let reason = cannotOpenReason(error) ?? "\(error)"
        #expect(reason.contains("damaged") && reason.contains("maybe"), "\(error)")
    }

    /// NFC and NFD spellings are two names (bytes, as SQLite compares), in one record as across two.
    @Test func canonicallyEquivalentNamesAreTwoTraces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let nfc = "caf\u{E9}"
        let nfd = "cafe\u{301}"
        try record([makeTrace(nfc, seed: 1), makeTrace(nfd, seed: 2)], into: store)
        #expect(try store.traceCount() == 2)
        #expect(try store.trace(named: nfd)?.trace.name.unicodeScalars.count == 5)
        // The same spelling twice is still a duplicate.
        #expect(throws: StoreError.duplicateTrace(name: nfc)) {
            try record([makeTrace(nfc, seed: 1), makeTrace(nfc, seed: 1)], into: store)
        }
    }

    /// Text is bound by its byte length: a NUL inside meta.family is stored whole.
    @Test func textWithANulIsStoredWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        var trace = makeTrace("nul", family: "a\u{0}b")
        trace.meta = #"{"family":"a\u0000b"}"#
        try record([trace], into: store)
        // "a", NUL, "b": 3 bytes.
        #expect(try store.database.integer("SELECT length(CAST(family AS BLOB)) FROM trace") == 3)
        #expect(try store.trace(named: "nul")?.trace.family == "a\u{0}b")
        #expect(try store.trace(named: "nul")?.trace.meta == #"{"family":"a\u0000b"}"#)
        // The empty string stays a string, not NULL.
        try store.database.execute("CREATE TEMP TABLE t (x TEXT)")
        let insert = try store.database.prepare("INSERT INTO t VALUES (?)")
        try insert.bind("", at: 1)
        try insert.execute()
        #expect(try store.database.integer("SELECT count(*) FROM t WHERE x = ''") == 1)
    }

    /// `regress --accept`: the run and the mark in one transaction.
    @Test func markingTheBaselineIsPartOfTheRunsTransaction() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a")], into: store)
        try store.setBaseline(1)
        do {
            let session = try store.beginRun(.regress, configName: "c", configJSON: "{}")
            try session.addResult(traceID: 1, outcome: makeOutcome(0))
            try session.markAsBaseline()
            session.rollback()
        }
        #expect(try store.baselineRunID() == 1)
        #expect(try store.runs().count == 1)
        let session = try store.beginRun(.regress, configName: "c", configJSON: "{}")
        try session.addResult(traceID: 1, outcome: makeOutcome(0))
        try session.markAsBaseline()
        #expect(try session.commit() == 2)
        #expect(try store.baselineRunID() == 2)
    }
}

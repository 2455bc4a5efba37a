import CSQLite
import Foundation
import PanTraceCore
import PanTraceModel
import Testing

@testable import PanTraceStore

/// docs/safety.md's store cases, in-process: the schema checked against what the
/// migrations make (12), an empty file (11), a raw CR in `meta` (10), and
/// hand edits that break the trace format (6).
@Suite struct HostileStoreTests {
    /// A database of three recorded traces, closed.
    static func recorded(in folder: TemporaryFolder) throws -> String {
        let store = try Store.fresh(in: folder)
        try record((0..<3).map { makeTrace("trace-\($0)", seed: $0) }, into: store)
        store.close()
        return folder.file()
    }

    static func openingError(_ path: String, readOnly: Bool = false) -> StoreError? {
        do {
            _ = try Store(path: path, readOnly: readOnly)
            return nil
        } catch {
            return error as? StoreError ?? .sqlite(SQLiteError(code: SQLITE_INTERNAL, message: "\(error)"))
        }
    }

    // MARK: Case 12: the schema, from the migrations

    /// Every column of every table the migrations make, renamed by hand, is
    /// refused when the file is opened (66: damaged) by name; every trigger
    /// and index dropped too. The list comes from the migrations, so a
    /// column a later migration adds is covered without editing this test.
    @Test func everyObjectAndColumnTheMigrationsMakeIsChecked() throws {
        let latest = try #require(try SchemaCheck.reference(version: Migrator.latestVersion))
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try Data(contentsOf: URL(fileURLWithPath: try Self.recorded(in: folder)))
        var checked = 0
        for object in latest.values.sorted(by: { $0.name < $1.name }) {
            var edits: [(String, String)] = []
            switch object.kind {
            case "table":
                for column in object.columns {
                    let name = String(column.prefix { $0 != " " })
                    edits.append(("ALTER TABLE \(object.name) RENAME COLUMN \(name) TO renamed_\(name)", "\(object.name).\(name)"))
                }
            case "trigger", "index":
                edits.append(("DROP \(object.kind.uppercased()) \(object.name)", "\(object.kind) \(object.name) missing"))
            default:
                continue
            }
            for (sql, named) in edits {
                let path = folder.file("edited.sqlite")
                try original.write(to: URL(fileURLWithPath: path))
                do {
                    let raw = try Database(path: path)
                    // Renaming a column a view or trigger names fails in SQLite itself (then the edit cannot happen).
                    guard (try? raw.execute(sql)) != nil else { continue }
                }
                let error = try #require(Self.openingError(path), "\(sql)")
                guard case .cannotOpen(_, let reason) = error else {
                    Issue.record("\(sql): \(error)")
                    continue
                }
                #expect(reason.contains("damaged") && reason.contains(named), "\(sql): \(reason)")
                checked += 1
            }
        }
        // Not vacuous: the tables' columns alone are dozens.
        #expect(checked > 40)
    }

    @Test func aPantraceDatabaseAsTheMigrationsMakeItOpensAndTheReferenceHasEveryVersion() throws {
        for version in 1...Migrator.latestVersion { #expect(try SchemaCheck.reference(version: version) != nil) }
        #expect(try SchemaCheck.reference(version: Migrator.latestVersion + 1) == nil)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(Self.openingError(try Self.recorded(in: folder)) == nil)
        // An object a user adds for their own queries is left alone.
        let raw = try Database(path: folder.file())
        try raw.execute("CREATE INDEX my_index ON result (velocity); CREATE VIEW my_view AS SELECT name FROM trace")
        raw.close()
        #expect(Self.openingError(folder.file()) == nil)
        #expect(Self.openingError(folder.file(), readOnly: true) == nil)
    }

    @Test func aVersionOneFileReadOnlyIsCheckedAgainstVersionOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try makeVersionOneFile(at: folder.file())
        #expect(Self.openingError(folder.file(), readOnly: true) == nil)
        let raw = try Database(path: folder.file())
        try raw.execute("ALTER TABLE sample RENAME COLUMN touches TO fingers")
        raw.close()
        let error = try #require(Self.openingError(folder.file(), readOnly: true))
        #expect(error.description.contains("sample.touches"), "\(error)")
    }

    // MARK: Case 11: an empty file

    @Test func anEmptyFileIsSaidToBeEmptyAndStaysEmpty() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let error = try #require(Self.openingError(path, readOnly: true))
        #expect(error.description.contains("empty (0 bytes)"), "\(error)")
        #expect(!error.description.contains("read-only"))
        // A writer that stores nothing (a refused replay, regress, runs --delete) leaves it empty.
        do {
            let store = try Store(path: path)
            #expect(try store.userVersion() == Migrator.latestVersion)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["empty.sqlite"])
        // One that stores something keeps it.
        do {
            let store = try Store(path: path)
            try record([makeTrace("kept")], into: store)
        }
        #expect(try Store(path: path, readOnly: true).traceCount() == 1)
    }

    @Test func anEmptySQLiteDatabaseIsLeftByteForByteByAStoreThatStoresNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("blank.sqlite")
        do {
            let raw = try Database(path: path)
            try raw.execute("CREATE TABLE scratch (a); DROP TABLE scratch;")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!before.isEmpty)
        do {
            let store = try Store(path: path)
            #expect(try store.traceCount() == 0)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["blank.sqlite"])
    }

    // MARK: Case 3: a path is a path

    @Test func aPathThatSpellsAURIOrMemoryIsAFile() throws {
        #expect(Database.fileName(for: "file:x.db?mode=memory") == "./file:x.db?mode=memory")
        #expect(Database.fileName(for: ":memory:") == "./:memory:")
        #expect(Database.fileName(for: "/abs/file:x") == "/abs/file:x")
        #expect(Database.fileName(for: "") == "./")
        #expect(Database.uri(for: "a b?c#d%e/f") == "file:./a%20b%3Fc%23d%25e/f")
        #expect(Database.uri(for: "//server/x") == "file:/%2Fserver/x")
        #expect(throws: StoreError.self) { try Store(path: "") }
    }

    // MARK: Case 6: hand edits that break the trace format

    static let edits: [(label: String, sql: String, names: String)] = [
        ("every sample deleted", "DELETE FROM sample WHERE trace_id = 2", "needs at least 2 samples"),
        ("times going backwards", "UPDATE sample SET t = -1 WHERE trace_id = 2 AND seq = 3", "samples[3].t: time goes backwards"),
        ("an infinite x", "UPDATE sample SET x = 9e999 WHERE trace_id = 2 AND seq = 1", "samples[1].x: must be a finite number"),
        ("text for x", "UPDATE sample SET x = 'abc' WHERE trace_id = 2 AND seq = 1", "column x holds 'abc', not a number"),
        ("huge touches", "UPDATE sample SET touches = 9007199254740993 WHERE trace_id = 2 AND seq = 1", "samples[1].touches: must be at most 2^53"),
        ("text for a width", "UPDATE trace SET width = 'wide' WHERE id = 2", "column width holds 'wide', not a number"),
        ("a fractional touches", "UPDATE sample SET touches = 1.5 WHERE trace_id = 2 AND seq = 1", "column touches holds '1.5', not a number"),
    ]

    @Test(arguments: edits.indices)
    func aTraceEditedIntoOneRecordRefusesIsNeverRead(_ index: Int) throws {
        let edit = Self.edits[index]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.recorded(in: folder)
        do {
            let raw = try Database(path: path)
            try raw.execute(edit.sql)
        }
        let store = try Store(path: path, readOnly: true)
        for read in [{ _ = try store.trace(named: "trace-1") }, { try store.forEachTrace(.all) { _, _ in } }] {
            let error = try #require(throws: StoreError.self, "\(edit.label)") { try read() }
            guard case .cannotOpen(_, let reason) = error else {
                Issue.record("\(edit.label): \(error)")
                continue
            }
            #expect(reason.contains("trace \"trace-1\""), "\(edit.label): \(reason)")
            #expect(reason.contains(edit.names), "\(edit.label): \(reason)")
        }
        // The other traces still read.
        #expect(try store.trace(named: "trace-0")?.trace.samples.count == 6)
    }

    // MARK: Case 10: a raw CR in meta

    @Test func aMetaWithARawCRIsStoredAsExportWritesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let line = #"{"name": "cr", "width": 400, "height": 800, "meta": {"a": 1,"# + "\r" + #" "b": 2}, "samples": [{"t": 0, "x": 1, "y": 2, "phase": "down"}, {"t": 0.1, "x": 1, "y": 3, "phase": "up"}]}"#
        let read = try Trace(jsonLine: line)
        let store = try Store.fresh(in: folder)
        try record([read], into: store)
        let exported = try #require(try store.trace(named: "cr")?.trace.jsonLine())
        #expect(!exported.contains("\r"))
        // Recording the export into the same database finds the same trace.
        try record([try Trace(jsonLine: exported)], into: store)
        #expect(try store.traceCount() == 1)
        // Even a trace built in Swift with the CR (not read from a line).
        var built = read
        built.meta = #"{"a": 1,"# + "\r\n" + #" "b": 2}"#
        #expect(throws: StoreError.self) { try record([built], into: store) }  // other content: a CR and an LF are two spaces
        built.meta = #"{"a": 1,"# + "\r" + #" "b": 2}"#
        try record([built], into: store)
        #expect(try store.traceCount() == 1)
    }
}

/// The same trace is recognised as the same by its content, not only by the
/// digest stored with it (docs/safety.md "Hand edits are safe").
@Suite struct SameTraceTests {
    @Test func theExportOfATraceEditedByHandRecordsIntoItsOwnDatabase() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try HostileStoreTests.recorded(in: folder)
        do {
            let raw = try Database(path: path)
            try raw.execute("UPDATE sample SET y = y + 1 WHERE trace_id = 2 AND seq = 2")
        }
        let store = try Store(path: path)
        let exported = try #require(try store.trace(named: "trace-1")?.trace.jsonLine())
        try record([try Trace(jsonLine: exported)], into: store)
        #expect(try store.traceCount() == 3)
        // Other content under the name is still a conflict.
        var other = try Trace(jsonLine: exported)
        other.samples[1].y += 1
        #expect(throws: StoreError.traceConflict(name: "trace-1")) { try record([other], into: store) }
    }
}

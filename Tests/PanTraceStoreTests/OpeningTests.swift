import Foundation
import Testing

@testable import PanTraceStore

@Suite struct OpeningTests {
    @Test func textFileIsNotAPantraceDatabase() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("notes.txt")
        try Data(String(repeating: "hello, this is not SQLite\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: StoreError.self) { try Store(path: path) }
        guard case .notAPantraceDatabase(let errorPath, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(errorPath == path)
        #expect(reason == "not a database")
        #expect(error.description.contains("not a pantrace database"))
    }

    @Test func foreignSQLiteDatabaseIsRefusedAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("other.sqlite")
        do {
            let other = try Database(path: path)
            try other.execute("CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT)")
        }
        let error = try #require(throws: StoreError.self) { try Store(path: path) }
        guard case .notAPantraceDatabase = error else {
            Issue.record("unexpected \(error)")
            return
        }
        let other = try Database(path: path)
        #expect(try other.integer("SELECT count(*) FROM sqlite_schema") == 1)
        #expect(try other.integer("PRAGMA user_version") == 0)
    }

    @Test func otherApplicationsDatabaseIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("app.sqlite")
        do {
            let other = try Database(path: path)
            try other.execute("PRAGMA application_id = 42; PRAGMA user_version = 1; CREATE TABLE trace (id)")
        }
        #expect(throws: StoreError.notAPantraceDatabase(
            path: path, reason: "an SQLite database of another application (application_id 42)")) {
            try Store(path: path)
        }
    }

    @Test func newerSchemaIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file()
        do {
            let store = try Store(path: path)
            try store.database.execute("PRAGMA user_version = 99")
        }
        let error = try #require(throws: StoreError.self) { try Store(path: path) }
        #expect(error == .newerSchema(path: path, version: 99, known: Store.schemaVersion))
        #expect(error.description.contains("made by a newer pantrace (schema 99, this build knows \(Store.schemaVersion))"))
    }

    @Test func missingFolderCannotBeOpened() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("missing/deeper/test.sqlite")
        let error = try #require(throws: StoreError.self) { try Store(path: path) }
        guard case .cannotOpen(_, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(reason.contains("no such folder"))
    }

    @Test func folderCannotBeOpened() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = try #require(throws: StoreError.self) { try Store(path: folder.path) }
        guard case .cannotOpen = error else {
            Issue.record("unexpected \(error)")
            return
        }
    }

    @Test func emptyFileAndMissingFileAreCreated() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let empty = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(try Store(path: empty).userVersion() == Store.schemaVersion)
        let missing = folder.file("new.sqlite")
        do {
            let store = try Store(path: missing)
            #expect(try store.userVersion() == Store.schemaVersion)
            #expect(FileManager.default.fileExists(atPath: missing))
            // Closed without storing anything: the file it created goes again (docs/commands.md §7.4).
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        do {
            let store = try Store(path: missing)
            try record([makeTrace("kept")], into: store)
        }
        #expect(try Store(path: missing).traceCount() == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["empty.sqlite", "new.sqlite"])
    }

    @Test func readOnlyStoreRefusesWritesClearly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file()
        do {
            let store = try Store(path: path)
            try record([makeTrace("a")], into: store)
        }
        let store = try Store(path: path, readOnly: true)
        #expect(try store.traceCount() == 1)
        #expect(throws: StoreError.readOnly(path: path)) {
            try store.beginRun(.replay, configName: "x", configJSON: "{}")
        }
        #expect(throws: StoreError.readOnly(path: path)) { try store.setBaseline(1) }
        // A new file cannot be created read-only.
        let missing = folder.file("missing.sqlite")
        let error = try #require(throws: StoreError.self) { try Store(path: missing, readOnly: true) }
        guard case .cannotOpen = error else {
            Issue.record("unexpected \(error)")
            return
        }
    }
}

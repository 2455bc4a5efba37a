import PanTraceModel
import Testing

@testable import PanTraceStore

/// The table `preference` (docs/sqlite.md): one answer of a lab A/B session,
/// stored whole, read back with its runs' configs, gone with either run or trace.
@Suite struct PreferenceStoreTests {
    /// A store with one A run (`seed`) and one B run (`panmodal`) of two traces each.
    static func session(in folder: TemporaryFolder) throws -> (Store, RunID, RunID) {
        let store = try Store.fresh(in: folder)
        let runA = try record([makeTrace("lab-s-1", seed: 1), makeTrace("lab-s-4", seed: 4)], into: store, config: "seed")
        let runB = try record([makeTrace("lab-s-2", seed: 2), makeTrace("lab-s-3", seed: 3)], into: store, config: "panmodal")
        return (store, runA, runB)
    }

    @Test func aPreferenceIsReadBackWithItsConfigs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, runA, runB) = try Self.session(in: folder)
        let first = Preference(session: "s", task: "close", runA: runA, runB: runB, traceA: "lab-s-1", traceB: "lab-s-2", shownFirst: .a, choice: .b)
        let second = Preference(session: "s", task: "peek", runA: runA, runB: runB, traceA: "lab-s-4", traceB: "lab-s-3", shownFirst: .b, choice: .same)
        try store.addPreference(first)
        try store.addPreference(second)
        let read = try store.preferences()
        #expect(read.map(\.preference) == [first, second])
        #expect(read.allSatisfy { $0.configA.name == "seed" && $0.configB.name == "panmodal" })
        #expect(try store.preferences(session: "other").isEmpty)
        #expect(try store.preferences(session: "s").count == 2)
        // The words as docs/sqlite.md gives them.
        let rows = try store.database.prepare("SELECT shown_first || ' ' || choice FROM preference ORDER BY rowid")
        var words: [String] = []
        while try rows.step() { words.append(rows.string(at: 0) ?? "") }
        #expect(words == ["a b", "b same"])
    }

    /// A gesture is in one pair: a second preference naming the same trace is refused and nothing is stored.
    @Test func aTraceIsInOnePreference() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, runA, runB) = try Self.session(in: folder)
        try store.addPreference(Preference(session: "s", task: "close", runA: runA, runB: runB, traceA: "lab-s-1", traceB: "lab-s-2", shownFirst: .a, choice: .a))
        #expect(throws: StoreError.self) {
            try store.addPreference(Preference(session: "s", task: "close", runA: runA, runB: runB, traceA: "lab-s-1", traceB: "lab-s-3", shownFirst: .a, choice: .b))
        }
        #expect(try store.database.integer("SELECT count(*) FROM preference") == 1)
    }

    /// Deleting either run (as `runs --delete` and the sqlite3 shell do) deletes its preferences; a trace likewise.
    @Test func preferencesGoWithTheirRunsAndTraces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, runA, runB) = try Self.session(in: folder)
        try store.addPreference(Preference(session: "s", task: "close", runA: runA, runB: runB, traceA: "lab-s-1", traceB: "lab-s-2", shownFirst: .a, choice: .a))
        try store.addPreference(Preference(session: "s", task: "peek", runA: runA, runB: runB, traceA: "lab-s-4", traceB: "lab-s-3", shownFirst: .b, choice: .b))
        try store.database.execute("PRAGMA foreign_keys = OFF; DELETE FROM trace WHERE name = 'lab-s-3'; PRAGMA foreign_keys = ON")
        #expect(try store.preferences().map(\.preference.traceA) == ["lab-s-1"])
        try store.database.execute("UPDATE trace SET name = 'renamed' WHERE name = 'lab-s-1'")
        #expect(try store.preferences().map(\.preference.traceA) == ["renamed"])
        try store.deleteRun(runB)
        #expect(try store.preferences().isEmpty)
    }

    /// A read-only file made before the table existed has no preferences (and is not upgraded).
    @Test func anOlderFileReadOnlyHasNone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("v1.sqlite")
        try makeVersionOneFile(at: path)
        let store = try Store(path: path, readOnly: true)
        #expect(try store.preferences().isEmpty)
    }
}

import Foundation
import PanTraceCore
import PanTraceModel
import Testing

@testable import PanTraceStore

/// `trace.observed`, `trace.observed_source` and `decisions.matches` (docs/sqlite.md): stored, read back, checked, migrated.
@Suite struct ObservedStoreTests {
    static func sheet(_ name: String, observed: String) -> Trace {
        var trace = makeTrace(name, intent: nil)
        trace.detents = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]
        trace.startDetent = "large"
        trace.observed = Observed(word: observed)
        trace.observedSource = .device
        return trace
    }

    static func value(_ database: Database, _ sql: String) throws -> String? {
        let statement = try database.prepare(sql)
        guard try statement.step() else { return nil }
        return statement.string(at: 0)
    }

    @Test func storedReadBackAndMatchedByTheViewAsBySwift() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        // (trace, its outcome): every case of docs/model.md §2 "matches".
        var plain = makeTrace("plain-cancel-none", intent: nil)
        plain.observed = .cancel
        var none = makeTrace("plain-none-none", seed: 1, intent: nil)
        none.observed = Observed.none
        var finish = makeTrace("plain-finish-finish", seed: 2, intent: nil)
        finish.observed = .finish
        let cases: [(Trace, Outcome)] = [
            (plain, Outcome(decision: .none, reason: .neverBegan)),
            (none, Outcome(decision: .none, reason: .neverBegan)),
            (finish, Outcome(decision: .finish, reason: .threshold)),
            (Self.sheet("sheet-large-none", observed: "large"), Outcome(decision: .none, reason: .neverBegan, detent: "large")),
            (Self.sheet("sheet-medium-large", observed: "medium"), Outcome(decision: .cancel, reason: .belowThreshold, detent: "large")),
            (Self.sheet("sheet-finish-medium", observed: "finish"), Outcome(decision: .cancel, reason: .step, detent: "medium")),
            (Self.sheet("sheet-large-finish", observed: "large"), Outcome(decision: .finish, reason: .flick)),
            (makeTrace("unobserved", seed: 3), Outcome(decision: .finish, reason: .threshold)),
        ]
        let session = try store.beginRun(.record, configName: "c", configJSON: #"{"name":"c"}"#)
        for (trace, outcome) in cases {
            try session.addResult(traceID: try session.add(trace), outcome: outcome, frames: [])
        }
        _ = try session.commit()
        for (trace, outcome) in cases {
            let read = try #require(try store.trace(named: trace.name)?.trace)
            #expect(read == trace)
            let sql = "SELECT matches FROM decisions WHERE trace = '\(trace.name)'"
            let expected = trace.matches(outcome).map { $0 ? "1" : "0" }
            #expect(try Self.value(store.database, sql) == expected, "\(trace.name)")
        }
        #expect(try Self.value(store.database, "SELECT observed_source FROM decisions WHERE trace = 'plain-none-none'") == "app")
        #expect(try Self.value(store.database, "SELECT observed_source FROM trace WHERE name = 'sheet-large-none'") == "device")
        #expect(try Self.value(store.database, "SELECT observed FROM decisions WHERE trace = 'unobserved'") == nil)
        // docs/model.md §2, worked out by hand: none ≠ cancel, none = none, finish = finish, large at large,
        // large ≠ medium, medium ≠ finish, finish ≠ large.
        #expect(try store.database.integer("SELECT sum(matches) FROM decisions") == 3)
    }

    @Test func theSameTraceWithAnotherObservedOutcomeIsAConflict() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        var trace = makeTrace("t")
        trace.observed = .finish
        try record([trace], into: store)
        try record([trace], into: store)
        trace.observedSource = .synthetic
        #expect(throws: StoreError.traceConflict(name: "t")) { try record([trace], into: store) }
        trace.observedSource = nil
        trace.observed = .cancel
        #expect(throws: StoreError.traceConflict(name: "t")) { try record([trace], into: store) }
    }

    @Test(arguments: [
        "UPDATE trace SET observed = 'cancel' WHERE name = 's'",
        "UPDATE trace SET observed = 'small' WHERE name = 's'",
        "UPDATE trace SET observed = 'Finish' WHERE name = 'p'",
        "UPDATE trace SET observed = 'large' WHERE name = 'p'",
        "UPDATE trace SET observed_source = 'app', observed = NULL WHERE name = 'p'",
        "UPDATE trace SET observed_source = 'phone' WHERE name = 'p'",
    ])
    func handEditsThatBreakTheWordsAreRefused(sql: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        var plain = makeTrace("p")
        plain.observed = nil
        try record([plain, Self.sheet("s", observed: "medium")], into: store)
        #expect(throws: SQLiteError.self) { try store.database.execute(sql) }
        try store.database.execute("UPDATE trace SET observed = 'finish' WHERE name = 's'")
        try store.database.execute("UPDATE trace SET observed = 'cancel', observed_source = 'device' WHERE name = 'p'")
    }

    /// A file of the version before: it gains the columns, NULL for every trace, and the view's.
    @Test func aVersionFiveFileUpgrades() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("v5.sqlite")
        do {
            let old = try versionFiveFile(at: path)
            #expect(try old.integer("SELECT count(*) FROM pragma_table_info('trace') WHERE name = 'observed'") == 0)
        }
        let store = try Store(path: path)
        try record([makeTrace("old")], into: store)
        #expect(try store.userVersion() == 6)
        #expect(try store.database.integer("SELECT count(*) FROM decisions WHERE observed IS NULL AND matches IS NULL") == 1)
    }
}

/// A version 5 file opened read-only is read through a copy upgraded in
/// memory (docs/safety.md): its traces read with no observed outcome, and the
/// file is not written.
@Suite struct ObservedReadOnlyTests {
    @Test func aVersionFiveFileReadsWithoutObservedAndIsNotWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("v5.sqlite")
        do {
            let old = try versionFiveFile(at: path)
            try old.execute(
                "INSERT INTO trace (id, name, width, height, intent, sample_count, digest) VALUES (1, 'a', 393, 852, 'finish', 0, 0);"
                    + "INSERT INTO sample (trace_id, seq, t, x, y, phase) VALUES (1, 0, 0, 1, 1, 'down'), (1, 1, 0.1, 1, 40, 'up')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try Store(path: path, readOnly: true)
        // The connection reads the upgraded copy; the file keeps its version.
        #expect(try store.userVersion() == Migrator.latestVersion)
        let read = try #require(try store.trace(named: "a")?.trace)
        #expect(read.observed == nil && read.intent == .finish && read.samples.count == 2)
        var names: [String] = []
        try store.forEachTrace { _, trace in names.append(trace.name) }
        #expect(names == ["a"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

/// A database at `path` made by the first five migrations, as a version 5 file was.
func versionFiveFile(at path: String) throws -> Database {
    let old = try Database(path: path)
    for (offset, migration) in Migrator.migrations.prefix(5).enumerated() {
        try old.execute(migration.sql)
        try old.execute("PRAGMA user_version = \(offset + 1)")
    }
    return old
}

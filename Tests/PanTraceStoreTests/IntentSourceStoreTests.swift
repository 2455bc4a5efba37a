import PanTraceCore
import PanTraceModel
import Testing

@testable import PanTraceStore

/// `trace.intent_source` (docs/sqlite.md): stored, read back, compared, migrated.
@Suite struct IntentSourceStoreTests {
    @Test(arguments: IntentSource.allCases)
    func everySourceIsStoredAndReadBack(source: IntentSource) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        var trace = makeTrace("labelled")
        trace.intentSource = source
        try record([trace, makeTrace("unlabelled", seed: 1, intent: nil)], into: store)
        let read = try #require(try store.trace(named: "labelled")?.trace)
        #expect(read.intentSource == source)
        #expect(read == trace)
        #expect(try store.database.string("SELECT intent_source FROM trace WHERE name = 'labelled'") == source.rawValue)
        #expect(try store.database.string("SELECT intent_source FROM trace WHERE name = 'unlabelled'") == nil)
        #expect(try store.database.string("SELECT DISTINCT intent_source FROM decisions WHERE trace = 'labelled'") == source.rawValue)
    }

    /// An intent without a source is a person's, in the store as in a file.
    @Test func anIntentWithoutASourceIsStoredAsAPersons() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("built")], into: store)
        #expect(try store.database.string("SELECT intent_source FROM trace") == "person")
    }

    /// The digest leaves the source out; the column is compared instead.
    @Test func theSameTraceWithAnotherSourceIsAConflict() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        var trace = makeTrace("t")
        trace.intentSource = .synthetic
        try record([trace], into: store)
        try record([trace], into: store)  // the same content is reused
        trace.intentSource = .person
        #expect(throws: StoreError.traceConflict(name: "t")) { try record([trace], into: store) }
        #expect(try store.traceCount() == 1)
    }

    /// A file made before the column: the generator's traces become
    /// `synthetic`, other labelled ones `person`, unlabelled ones NULL.
    @Test func theMigrationTellsTheGeneratorsTracesApart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        func row(_ id: Int, _ name: String, _ intent: String, _ family: String, _ meta: String) -> String {
            "INSERT INTO trace (id, name, width, height, intent, meta, family, sample_count, digest) "
                + "VALUES (\(id), '\(name)', 1, 1, \(intent), '\(meta)', \(family), 0, 0);"
        }
        try makeVersionOneFile(
            at: path,
            then: [
                row(2, "flick-s7-0002", "'finish'", "'flick'", #"{"family":"flick","seed":7,"index":2,"device":"393x852","hz":120}"#),
                row(3, "tap-s12-10003", "'cancel'", "'tap'", #"{"family":"tap","seed":12,"index":10003,"device":"390x844","hz":60}"#),
                row(4, "flick-from-a-file", "'finish'", "'flick'", #"{"family":"flick","seed":7}"#),
                row(5, "lab-1", "'cancel'", "'mine'", #"{"family":"mine","seed":1}"#),
                row(6, "flick-s7-0006", "NULL", "'flick'", #"{"family":"flick","seed":7,"index":6,"device":"393x852","hz":120}"#),
            ].joined(separator: "\n"))
        let store = try Store(path: path)
        let statement = try store.database.prepare("SELECT name, intent_source FROM trace ORDER BY id")
        var sources: [String: String?] = [:]
        while try statement.step() { sources[statement.string(at: 0) ?? ""] = statement.string(at: 1) }
        #expect(
            sources == [
                "a": nil, "flick-s7-0002": "synthetic", "tap-s12-10003": "synthetic", "flick-from-a-file": "person",
                "lab-1": "person", "flick-s7-0006": nil,
            ])
    }
}

extension Database {
    /// The first column of the first row as text; nil for NULL or no row.
    fileprivate func string(_ sql: String) throws -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.string(at: 0) : nil
    }
}

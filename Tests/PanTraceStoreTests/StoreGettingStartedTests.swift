import PanTraceModel
import PanTraceStore
import TestFolders
import Testing

/// The getting-started example of PanTraceStore's documentation
/// (`PanTraceStore.docc/GettingStarted.md`), verbatim: `DocumentationCatalogTests`
/// checks that the article's code is this code, so that it cannot stop compiling.
@Suite struct StoreGettingStartedTests {
    @Test func theArticlesExampleRuns() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let path = try TestFolders.make("store-getting-started").appending(path: "pantrace.sqlite").path

        let store = try Store(path: path)
        let trace = try Trace(jsonLine: #"{"name": "tap-1", "width": 393, "height": 852, "samples": [{"t": 0, "x": 10, "y": 10, "phase": "down"}, {"t": 0.05, "x": 10, "y": 10, "phase": "up"}]}"#)
        let session = try store.beginRun(.record, config: Config())
        let traceID = try session.add(trace)
        try session.addResult(traceID: traceID, outcome: Outcome(decision: .none, reason: .neverBegan))
        let run = try session.commit()
        try store.forEachDecision(ofRun: run) { row in
            print(row["trace"] ?? .null, row["decision"] ?? .null)
        }

        #expect(printed.count == 1)
        #expect(printed.first?.contains("tap-1") == true)
        #expect(printed.first?.contains("none") == true)
    }
}

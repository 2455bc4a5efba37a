import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceStore
import TestFolders
import Testing

/// The getting-started example of PanTraceKit's documentation
/// (`PanTraceKit.docc/GettingStarted.md`), verbatim: `DocumentationCatalogTests`
/// checks that the article's code is this code, so that it cannot stop compiling.
@Suite struct KitGettingStartedTests {
    @Test func theArticlesExampleRuns() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let path = try TestFolders.make("kit-getting-started").appending(path: "pantrace.sqlite").path

        let store = try Store(path: path)
        let summary = try Recorder(config: Config(), synthetic: SyntheticTraces(count: 200, seed: 7)).record(into: store)
        print("run", summary.run, summary.count(of: .finish), "finished")

        var candidate = Config()
        try candidate.apply(overrides: ["threshold=0.3"])
        let comparison = try Replayer(config: candidate).replay(in: store)
        print(comparison.changed, "decisions changed")

        #expect(summary.traces == 200)
        #expect(printed.count == 2)
        #expect(printed.first?.hasPrefix("run 1 ") == true)
        // A lower threshold only turns cancels at a lift into finishes (docs/model.md §4.6): some change.
        #expect(comparison.changed > 0)
    }
}

import PanTraceModel
import Testing

/// The getting-started example of PanTraceModel's documentation
/// (`PanTraceModel.docc/GettingStarted.md`), verbatim: `DocumentationCatalogTests`
/// checks that the article's code is this code, so that it cannot stop compiling.
@Suite struct ModelGettingStartedTests {
    @Test func theArticlesExampleRuns() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let line = #"{"name": "pull-1", "width": 393, "height": 852, "intent": "finish", "samples": [{"t": 0, "x": 200, "y": 300, "phase": "down"}, {"t": 0.016, "x": 200, "y": 330, "phase": "move"}, {"t": 0.1, "x": 200, "y": 520, "phase": "up"}]}"#
        let trace = try Trace(jsonLine: line)
        var config = Config()
        try config.apply(overrides: ["threshold=0.3", "decision=velocity"])
        print(trace.name, trace.samples.count, trace.intent == .finish)
        print(config.canonicalJSON())

        #expect(printed.first == "pull-1 3 true")
        #expect(config.threshold == 0.3)
        #expect(printed.last?.contains(#""threshold":0.3"#) == true)
    }
}

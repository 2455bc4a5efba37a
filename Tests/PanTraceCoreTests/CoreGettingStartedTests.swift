import PanTraceCore
import PanTraceModel
import Testing

/// The getting-started example of PanTraceCore's documentation
/// (`PanTraceCore.docc/GettingStarted.md`), verbatim: `DocumentationCatalogTests`
/// checks that the article's code is this code, so that it cannot stop compiling.
@Suite struct CoreGettingStartedTests {
    @Test func theArticlesExampleRuns() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        var samples = [Sample(t: 0, x: 200, y: 100, phase: .down)]
        for step in 1...10 {
            samples.append(Sample(t: Double(step) * 0.008, x: 200, y: 100 + Double(step) * 10, phase: .move))
        }
        samples.append(Sample(t: 0.08, x: 200, y: 200, phase: .up))
        let trace = Trace(name: "quick-pull", width: 400, height: 800, samples: samples)

        let seed = Simulator.simulate(trace, under: Config())
        var flicks = Config()
        try flicks.apply(overrides: ["decision=velocity"])
        let flick = Simulator.simulate(trace, under: flicks)
        print(seed.decision, seed.reason, flick.decision, flick.reason)

        // docs/model.md §4.9, worked example 2: percent 0.1125, velocity 1250.
        #expect(printed == ["cancel belowThreshold finish flick"])
        #expect(abs(seed.percent - 0.1125) < 1e-9)
        #expect(abs(flick.velocity - 1250) < 1e-6)
    }
}

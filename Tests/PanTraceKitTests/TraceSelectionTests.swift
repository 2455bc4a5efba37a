import PanTraceKit
import PanTraceStore
import Testing

@Suite struct TraceSelectionTests {
    /// docs/commands.md §7.2: --trace and --family together select the union.
    @Test func bothListsMakeTheUnion() {
        #expect(TraceSelection().filter == .all)
        #expect(TraceSelection(names: ["a"]).filter == .names(["a"]))
        #expect(TraceSelection(families: ["flick"]).filter == .families(["flick"]))
        #expect(TraceSelection(names: ["a"], families: ["flick"]).filter == .namesOrFamilies(names: ["a"], families: ["flick"]))
        #expect(TraceSelection(names: ["a"], families: ["flick"]).description == "trace a, family flick")
        #expect(TraceSelection.all.description == "every trace")
    }
}

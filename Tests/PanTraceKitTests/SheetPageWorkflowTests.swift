import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceReports
import PanTraceStore
import Testing

/// `replay --html` over stored sheets (docs/commands.md §7.8): the page's
/// sheet maps hold every sheet with a release at the height its own
/// simulation under the candidate reached, and the changed sheets' plots
/// carry their detents.
@Suite struct SheetPageWorkflowTests {
    @Test func theStoredSheetsAreOnTheirMapsAtTheirReleaseHeights() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.path("sheets.sqlite"))
        let baseline = try Preset.named("uikit-sheet").config
        let candidate = try Preset.named("floatingpanel-states").config
        _ = try Recorder(config: baseline, synthetic: DetentWorkflowTests.sheets).record(into: store)
        let reporter = ReplayPageReporter(path: workspace.path("page.html"), kind: .replay, candidate: candidate, limit: 5)
        let comparison = try Replayer(config: candidate).replay(in: store, reporting: [reporter])
        let page = try #require(reporter.page)
        // The heights, independently: the last frame before each lift, by start detent.
        var expected: [String: [Float]] = [:]
        var frames: [Frame] = []
        try store.forEachTrace(orderedBy: .name) { _, trace in
            let outcome = Simulator.simulate(trace, under: candidate, frames: &frames)
            guard outcome.decision != .none, outcome.reason != .cancelled, let start = trace.startingDetent?.name,
                let height = frames.last?.height
            else { return }
            expected[start, default: []].append(Float(height))
        }
        let groups = page.releases.sheets.groups
        #expect(Set(groups.map(\.start)) == Set(expected.keys))
        for group in groups {
            #expect(group.marks.map(\.height).sorted() == (expected[group.start] ?? []).sorted(), "from \(group.start)")
        }
        #expect(page.releases.unchangedCount == 0, "no sheet is on the percent map")
        #expect(comparison.changed > 0)
        #expect(!page.plots.isEmpty && page.plots.allSatisfy { $0.detents?.map(\.name).sorted() == ["large", "medium"] })
        let html = try String(contentsOfFile: workspace.path("page.html"), encoding: .utf8)
        #expect(html.contains(#"id="sheet-map-1""#) && html.contains(#"id="sheet-map-2""#))
    }
}

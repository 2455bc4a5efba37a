import BrowserTestSupport
import PanTraceCore
import Testing
import PanTraceModel
import PanTraceReports

/// Every element the pages open is closed where it should be: an extra or a
/// missing close in one chart would move the rest of the page.
@Suite struct HTMLPageStructureTests {
    static func balanced(_ html: String) {
        #expect(html.hasSuffix("</main></body></html>\n"))
        for tag in ["svg", "g", "figure", "table", "tr", "ul", "ol", "li", "p", "text", "title"] {
            let opened = PageChecks.count("<\(tag) ", in: html) + PageChecks.count("<\(tag)>", in: html)
            #expect(opened == PageChecks.count("</\(tag)>", in: html), "<\(tag)>")
        }
    }

    /// compare's page shows `matches` beside the other counts when some trace records what the app
    /// did, and not otherwise (docs/commands.md §7.9).
    @Test func theComparePageCountsMatchesWhenTheAppIsObserved() {
        var traces = Array(SyntheticCorpus(seed: 11).traces(count: 60))
        let configs = [HTMLFixtures.config([]), HTMLFixtures.config(["threshold=0.3"])]
        var plain = ConfigComparison(configs: configs)
        plain.add(contentsOf: traces)
        #expect(!plain.html().contains("data-count=\"matches\""))
        for index in traces.indices where index % 2 == 0 { traces[index].observed = .finish }
        var observed = ConfigComparison(configs: configs)
        observed.add(contentsOf: traces)
        let html = observed.html()
        Self.balanced(html)
        for (index, counts) in observed.counts.enumerated() {
            let row = html.components(separatedBy: "<tr data-config=")[index + 1]
            #expect(row.contains("data-count=\"matches\" data-value=\"\(counts.matches)\""))
        }
        #expect(observed.counts.contains { $0.matches > 0 })
    }

    @Test func replayPageIsBalanced() {
        let page = HTMLFixtures.replayPage(
            traces: Array(SyntheticCorpus(seed: 11).traces(count: 300)), baseline: HTMLFixtures.config([]),
            candidate: HTMLFixtures.config(["threshold=0.3"]), limit: 4, densityAbove: 50)
        #expect(page.comparison.changed > 0)
        Self.balanced(page.html())
    }

    /// Another interaction: the page warns as the text and JSON reports do, and counts the regressions.
    @Test func anotherInteractionWarnsOnThePage() throws {
        let page = HTMLFixtures.replayPage(
            traces: Array(SyntheticCorpus(seed: 11).traces(count: 100)), baseline: HTMLFixtures.config([]),
            candidate: HTMLFixtures.config(["interaction=swipe-back"]), limit: 4, densityAbove: 50)
        let html = page.html()
        let warning = try #require(page.comparison.warnings.first)
        #expect(html.contains("<p class=\"warning\" data-warning=\"\">Warning: \(HTMLText.escape(warning)).</p>"))
        #expect(html.contains("data-count=\"regressions\" data-value=\"\(page.comparison.regressions)\""))
        Self.balanced(html)
    }

    @Test(arguments: [1, 2, 3])
    func tunePageIsBalanced(sweepCount: Int) {
        let sweeps = [
            TunePage.Sweep(key: "threshold", values: ["0.3", "0.4"]), TunePage.Sweep(key: "curve", values: ["linear", "easeIn"]),
            TunePage.Sweep(key: "guarded", values: ["false", "true"]),
        ]
        Self.balanced(HTMLFixtures.tunePage(sweeps: Array(sweeps.prefix(sweepCount))).html())
    }

    @Test func aTunePageWithoutABestSaysSo() {
        var page = HTMLFixtures.tunePage(sweeps: [TunePage.Sweep(key: "threshold", values: ["0.3", "0.4"])])
        page.best = nil
        page.maxAccidental = 0
        let html = page.html()
        #expect(html.contains(#"data-best="none""#))
        #expect(html.contains("No candidate is within the limit of 0 accidental dismissals."))
        Self.balanced(html)
    }

    /// The tune page counts the base's and the best's stale results, and
    /// explains them only when there are some (docs/model.md §4.6).
    @Test func aTunePageCountsStaleResults() {
        var page = HTMLFixtures.tunePage(sweeps: [TunePage.Sweep(key: "threshold", values: ["0.3", "0.4"])])
        #expect(!page.html().contains(#"id="stale""#))
        page.stale = (base: 3, best: 1)
        let html = page.html()
        #expect(html.contains(#"<p id="stale" data-base="3" data-best="1">Stale velocities: base 3, best 1. "#))
        #expect(html.contains(HTMLText.escape(RunComparison.staleExplanation)))
        page.stale = (base: 0, best: 0)
        #expect(!page.html().contains(HTMLText.escape(RunComparison.staleExplanation)))
        Self.balanced(html)
    }
}

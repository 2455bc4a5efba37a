import BrowserTestSupport
import Foundation
import PanTraceCore
import Testing
import PanTraceModel
import PanTraceReports

/// The HTML reports loaded in headless Chromium (docs/commands.md §7.8): no console
/// message, nothing fetched from outside the file, the charts present and
/// every number read back from the DOM equal to the input. Each test also
/// writes a screenshot to `.build/screenshots/` for a reviewer. The pages
/// load in tabs of one browser, in parallel like the other tests.
// Skipped where chromium is not installed (a developer's machine); in CI
// (`CI` set) the suite runs regardless, so a missing browser fails it.
@Suite(.enabled(if: Chromium.shouldRun, "chromium is not installed: the browser tests are skipped (CI runs them)"))
struct HTMLBrowserTests {
    /// Names that would run script if they reached the page unescaped: the
    /// console check catches it.
    static let hostileNames = [#"<script>console.error("unescaped text")</script>"#, #""><img src=x onerror="console.error(1)">"#]

    /// The first traces of corpus 7 that change from the seed config to a
    /// velocity rule at 30 %, two of them renamed to the hostile names.
    static func smallReplay() -> ReplayPage {
        let baseline = HTMLFixtures.config([])
        let candidate = HTMLFixtures.config(["decision=velocity", "threshold=0.3"])
        var traces = Array(SyntheticCorpus(seed: 7).traces(count: 400))
        var renamed = 0
        for index in traces.indices where renamed < hostileNames.count {
            let trace = traces[index]
            if Simulator.simulate(trace, under: baseline).decision != Simulator.simulate(trace, under: candidate).decision {
                traces[index].name = hostileNames[renamed]
                renamed += 1
            }
        }
        return HTMLFixtures.replayPage(traces: traces, baseline: baseline, candidate: candidate, limit: 6)
    }

    @Test func replayPageShowsEveryPartWithTheInputsNumbers() async throws {
        let page = Self.smallReplay()
        #expect(page.comparison.changed > page.plots.count, "the fixture should have more changes than --limit")
        let load = try await check(page.html(), named: "replay", height: 3200)
        try checkReplay(load.dom, page)
        #expect(load.dom.contains(#"data-density="false""#))
    }

    @Test func largeReplayPageDrawsUnchangedTracesAsADensity() async throws {
        let page = HTMLFixtures.replayPage(
            traces: Array(SyntheticCorpus(seed: 3).traces(count: 2500)), baseline: HTMLFixtures.config([]),
            candidate: HTMLFixtures.config(["decision=projection", "threshold=0.45"]), limit: 3, densityAbove: 1000)
        let load = try await check(page.html(), named: "replay-density", height: 1500)
        try checkReplay(load.dom, page)
        #expect(load.dom.contains(#"data-density="true""#))
        // Every unchanged release is in exactly one cell.
        let cells = PageChecks.values(of: "data-n", in: load.dom).compactMap(Int.init)
        #expect(cells.count > 100, "the density draws cells")
        #expect(cells.reduce(0, +) == page.releases.unchangedCount)
        #expect(load.dom.contains("projection: finish at p + (v/1000"))
    }

    @Test(arguments: [1, 2, 3])
    func tunePageShowsTheSweepsAndTheFrontier(sweepCount: Int) async throws {
        let sweeps = [
            TunePage.Sweep(key: "threshold", values: ["0.2", "0.25", "0.3", "0.35", "0.4", "0.45", "0.5", "0.55", "0.6"]),
            TunePage.Sweep(key: "flickVelocity", values: ["600", "800", "1000", "1200", "1400", "1600"]),
            TunePage.Sweep(key: "decision", values: ["threshold", "velocity", "projection"]),
        ].prefix(sweepCount)
        var page = HTMLFixtures.tunePage(sweeps: Array(sweeps))
        // docs/tune.md "How sure" and "Evidence": intervals of made-up outcomes, all labels synthetic.
        let intervals = TuningIntervals(pairs: (0..<300).map { UInt8(($0 * 7) % 9) })
        page.intervals = intervals
        page.evidence = TuningEvidence(counts: [.synthetic: page.labelled])
        let load = try await check(page.html(), named: "tune-\(sweepCount)", height: sweepCount == 3 ? 3200 : 2200)
        let dom = load.dom

        let counts = PageChecks.numbers("data-count", in: dom)
        for (key, value) in [("traces", page.traces), ("labelled", page.labelled), ("candidates", page.candidates.count)] {
            #expect(counts[key]?.value == value, "\(key)")
            #expect(counts[key]?.shown == value, "\(key) as shown")
        }
        let best = try #require(page.best)
        #expect(PageChecks.values(of: "data-best", in: dom) == [String(best)])
        // The frontier table: one row per Pareto candidate, with its counts.
        let frontier = try #require(PageChecks.element(id: "frontier", in: dom))
        let rows = PageChecks.values(of: "data-candidate", in: frontier).compactMap(Int.init)
        #expect(Set(rows) == Set(page.candidates.indices.filter { page.candidates[$0].pareto }))
        let agreeShown = PageChecks.values(of: "data-agree", in: frontier).compactMap(Int.init)
        #expect(agreeShown.prefix(rows.count).elementsEqual(rows.map { page.candidates[$0].agree }))
        #expect(dom.contains(#"id="pareto""#) && dom.contains(#"class="frontier""#))
        // The intervals table: base, best and gain, each a band with its numbers.
        let element = try #require(PageChecks.element(id: "intervals", in: dom))
        let table = String(element.components(separatedBy: "</table>")[0])
        let ranges = [intervals.base, intervals.best, intervals.gain]
        #expect(PageChecks.values(of: "data-agree", in: table) == ranges.map { "\($0.agree.lowerBound) \($0.agree.upperBound)" })
        #expect(PageChecks.values(of: "data-missed", in: table) == ranges.map { "\($0.missed.lowerBound) \($0.missed.upperBound)" })
        #expect(PageChecks.values(of: "data-verdict", in: dom) == [intervals.verdict.rawValue])
        #expect(dom.contains(#"id="evidence-warning""#))

        switch sweepCount {
        case 1:
            #expect(dom.contains(#"id="tune-agree""#) && dom.contains(#"id="tune-errors""#))
            for series in ["agree", "floor", "accidental", "missed"] { #expect(dom.contains(#"data-series="\#(series)""#)) }
            // The best's 95 % interval of agree as an error bar on the agree curve.
            #expect(PageChecks.values(of: "data-interval", in: dom) == ["best"])
            #expect(PageChecks.values(of: "data-low", in: dom) == [String(intervals.best.agree.lowerBound)])
        default:
            // Every candidate is one heat-map cell carrying its agree.
            let maps = sweepCount == 2 ? ["heatmap"] : sweeps[0].values.indices.map { "heatmap-\($0)" }
            var cells: [Int] = []
            for id in maps {
                let map = try #require(PageChecks.element(id: id, in: dom))
                let end = map.range(of: "</svg>").map { map[..<$0.lowerBound] } ?? Substring(map)
                cells += PageChecks.values(of: "data-agree", in: String(end)).compactMap(Int.init)
            }
            #expect(cells == page.candidates.map(\.agree))
            #expect(PageChecks.count(#"class="best""#, in: dom) >= 1)
        }
    }

    /// `pantrace compare --html` with every preset: the table's counts read
    /// back, one boundary per config on the map and in the legend, the most
    /// divided traces, and hostile names escaped.
    @Test func comparePageDrawsEveryConfigsBoundary() async throws {
        var traces = Array(SyntheticCorpus(seed: 7).traces(count: 600))
        traces[0].name = Self.hostileNames[0]
        var configs = Preset.all.map(\.config)
        configs[10].name = Self.hostileNames[1]
        var comparison = ConfigComparison(configs: configs, limit: 12)
        comparison.add(contentsOf: traces)
        let load = try await check(comparison.html(), named: "compare", height: 3600)
        let dom = load.dom
        /// The element with `id`, up to the first `</tag>` after it (these hold no nested `tag`).
        func element(_ id: String, _ tag: String) throws -> String {
            let start = try #require(PageChecks.element(id: id, in: dom))
            return String(start[..<(start.range(of: "</\(tag)>")?.lowerBound ?? start.endIndex)])
        }
        let table = try element("configs", "table")
        let finishes = PageChecks.values(of: "data-value", in: table).enumerated().filter { $0.offset % 9 == 0 }.map(\.element)
        #expect(finishes == comparison.counts.map { String($0.finish) })
        let map = try element("compare-map", "svg")
        #expect(PageChecks.count("class=\"boundary\"", in: map) == configs.count)
        let legend = try element("boundaries", "ul")
        #expect(PageChecks.count("<li", in: legend) == configs.count)
        #expect(legend.contains("floatingpanel — velocity: finish at v ≥ 5.5 × (1 − p) · E per s"))
        let divided = try element("divided", "table")
        #expect(PageChecks.count("data-trace=", in: divided) == comparison.mostDivided.count)
        #expect(comparison.mostDivided.count == 12)
    }

    /// Negative control: the console check does catch a page's console.error,
    /// an uncaught exception and a resource that fails to load.
    @Test func aConsoleErrorOrAnExceptionIsDetected() async throws {
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>control</title></head>
            <body><p>control</p><img src="missing-control.png"><script>console.error("deliberate"); missingFunction();</script></body></html>
            """
        let file = try BrowserPage.write(html, named: "control.html")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let load = try await Chromium.load(file)
        #expect(load.consoleMessages.contains { $0.contains("deliberate") }, "\(load.log)")
        #expect(load.consoleMessages.contains { $0.contains("Uncaught ReferenceError") }, "\(load.log)")
        #expect(load.consoleMessages.contains { $0.contains("missing-control.png") }, "\(load.log)")
    }

    // MARK: - Shared checks

    /// Loads `html` in Chromium (writing a screenshot) and checks what every
    /// page must satisfy: no console message, no external reference.
    private func check(_ html: String, named name: String, height: Int) async throws -> Chromium.Load {
        let file = try BrowserPage.write(html, named: "\(name).html")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (load, problems) = try await BrowserPage.check(file, html: html, named: name, height: height)
        #expect(problems.isEmpty, "\(problems)")
        return load
    }

    private func checkReplay(_ dom: String, _ page: ReplayPage) throws {
        let comparison = page.comparison
        // The counts of the text report.
        let counts = PageChecks.numbers("data-count", in: dom)
        var expected = [
            "traces": comparison.traces, "changed": comparison.changed, "reasonChanges": comparison.reasonChanges,
            "accidental": comparison.accidentalDismissals.count, "missed": comparison.missedDismissals.count,
            "nowAgree": comparison.nowAgree.count,
            // docs/commands.md §7.3: the regressions are the new accidental and the newly missed results.
            "regressions": comparison.accidentalDismissals.count + comparison.missedDismissals.count,
            "stale": comparison.candidateStale, "baselineStale": comparison.baselineStale,
            // docs/commands.md §7.3: decision and detent changes apart, and wrongDetent beside the others.
            "decisionChanges": comparison.decisionChanges, "detentChanges": comparison.detentChanges,
            "wrongDetent": comparison.wrongDetents.count,
        ]
        if comparison.withoutBaseline > 0 { expected["withoutBaseline"] = comparison.withoutBaseline }
        #expect(counts.count == expected.count)
        for (key, value) in expected {
            #expect(counts[key]?.value == value, "\(key)")
            #expect(counts[key]?.shown == value, "\(key) as shown")
        }
        let transitions = PageChecks.numbers("data-transition", in: dom)
        #expect(transitions.count == comparison.transitions.count)
        for (transition, count) in comparison.transitions {
            #expect(transitions["\(transition.from.rawValue) → \(transition.to.rawValue)"]?.value == count)
        }
        // The configs and the settings that differ.
        #expect(PageChecks.values(of: "data-run", in: dom) == [String(comparison.baseline.run), String(comparison.candidate.run)])
        #expect(PageChecks.values(of: "data-setting", in: dom) == comparison.settingChanges.map(\.key))

        // The release map: every unchanged release, every changed trace as a named mark.
        let map = try #require(PageChecks.element(id: "release-map", in: dom), "the release map is missing")
        let mapEnd = try #require(map.range(of: "</svg>"))
        let mapSVG = String(map[..<mapEnd.lowerBound])
        #expect(PageChecks.values(of: "data-unchanged", in: mapSVG) == [String(page.releases.unchangedCount)])
        let drawnChanges = comparison.changes.filter { change in
            ReleaseMapInput.hasRelease(change.candidate) || change.baseline.map(ReleaseMapInput.hasRelease) == true
        }
        #expect(PageChecks.values(of: "data-changed-drawn", in: mapSVG) == [String(drawnChanges.count)])
        let marked = PageChecks.values(of: "data-trace", in: mapSVG).map(PageChecks.decodeAttribute)
        #expect(marked.sorted() == drawnChanges.map(\.name).sorted())
        #expect(PageChecks.count("class=\"boundary ", in: mapSVG) == 2, "both configs' boundaries")

        // One figure per plotted change, each with its percent plot (and offset plot with a scroll view).
        let figures = PageChecks.values(of: "data-trace", in: dom).map(PageChecks.decodeAttribute)
        for (index, plot) in page.plots.enumerated() {
            #expect(figures.contains(plot.trace.name))
            let figure = try #require(PageChecks.element(id: "trace-\(index + 1)", in: dom), "plot of \(plot.trace.name)")
            let end = figure.range(of: "</figure>").map { String(figure[..<$0.lowerBound]) } ?? figure
            #expect(end.contains(#"id="trace-\#(index + 1)-percent""#))
            #expect(end.contains(#"class="series baseline""#) && end.contains(#"class="series candidate""#))
            #expect(end.contains(#"id="trace-\#(index + 1)-offset""#) == plot.hasScrollView)
            if plot.releaseTime != nil {
                #expect(PageChecks.values(of: "data-velocity", in: end) == [HTMLText.number(plot.trace.candidate.velocity, digits: 1)])
            }
        }
        #expect(dom.contains(#"id="more-changes""#) == (comparison.changed > page.plots.count))
    }
}

import BrowserTestSupport
import Foundation
import PanTraceCore
import Testing
import PanTraceModel
import PanTraceReports

/// The sheets' release maps (docs/commands.md §7.8): regions from the
/// simulation's own rule, the marks' agreement from ``Agreement``, and the
/// pages as a browser shows them. Screenshots go to
/// `.build/screenshots/sheets-*.png` for a reviewer.
@Suite struct SheetMapTests {
    static let detents = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]

    static func preset(_ name: String) -> Config {
        Preset.all.first { $0.name == name }?.config ?? Config()
    }

    static func config(_ overrides: [String]) -> Config {
        var config = Config()
        try? config.apply(overrides: overrides)
        return config
    }

    /// The anchor a one-cell grid decides at exactly (`v`, `h`).
    static func anchor(_ config: Config, height h: Double, velocity v: Double, start: String = "large") -> Int? {
        SheetRegionGrid(
            config: config, detents: detents, start: start, extent: 800, velocities: (v - 1)...(v + 1),
            heights: (h - 0.001)...(h + 0.001), columns: 1, rows: 1
        ).map { $0[0, 0] }
    }

    /// docs/model.md §4.10, worked example 6: from `large`, released at
    /// h = 0.8875 with 1250 pt/s on an 800 pt extent.
    @Test func theRegionsAreWhereWorkedExampleSixLands() {
        #expect(Self.anchor(Self.config([]), height: 0.8875, velocity: 1250) == 2, "threshold: stays large")
        #expect(Self.anchor(Self.config(["decision=velocity"]), height: 0.8875, velocity: 1250) == 1, "velocity: medium")
        #expect(Self.anchor(Self.config(["decision=projection"]), height: 0.8875, velocity: 1250) == 0, "projection: dismissed")
        #expect(
            Self.anchor(Self.config(["decision=projection", "maxSteps=1"]), height: 0.8875, velocity: 1250) == 1,
            "projection, maxSteps 1: medium")
        #expect(Self.anchor(Self.preset("uikit-sheet"), height: 0.8875, velocity: 1250) == 1, "uikit-sheet: medium")
        #expect(
            Self.anchor(Self.config(["decision=projection", "guarded=true"]), height: 0.8875, velocity: 1250) == 1,
            "guarded: the lowest detent instead of dismissed")
    }

    /// Every release of the bundled sheets lies in the region of the anchor
    /// its own simulation chose (the grid cell around it, at a fine grid, away
    /// from a boundary): the map and the simulation agree.
    @Test(arguments: ["uikit-sheet", "floatingpanel-states", "mdc-states", "flutter-snap"])
    func eachReleaseLiesInTheRegionOfItsResult(preset: String) {
        let config = Self.preset(preset)
        var frames: [Frame] = []
        var checked = 0
        for trace in SyntheticCorpus(seed: 3, families: SyntheticFamily.sheets).traces(count: 200) {
            let (outcome, height) = SheetReleases.releaseHeight(of: trace, under: config, frames: &frames)
            guard let height, let start = trace.startingDetent?.name else { continue }
            let cell = SheetRegionGrid(
                config: config, detents: trace.detents ?? [], start: start, extent: trace.height,
                velocities: (outcome.velocity - 1e-6)...(outcome.velocity + 1e-6),
                heights: (height - 1e-9)...(height + 1e-9), columns: 1, rows: 1)
            let expected = outcome.decision == .finish ? 0 : (outcome.detent == "medium" ? 1 : 2)
            #expect(cell?[0, 0] == expected, "\(trace.name) under \(preset)")
            checked += 1
        }
        #expect(checked > 150)
    }

    /// The replay page of the sheets of `SyntheticFamily.sheets`: a map per
    /// start detent, every release drawn, and the rings counted by ``Agreement``.
    static func replayPage(baseline: Config, candidate: Config, count: Int = 300) -> (ReplayPage, [Trace]) {
        let traces = Array(SyntheticCorpus(seed: 11, families: SyntheticFamily.sheets).traces(count: count))
        var comparison = RunComparison(
            baseline: RunLabel(run: 1, config: baseline.name), candidate: RunLabel(run: 2, config: candidate.name),
            settingChanges: candidate.differences(from: baseline))
        var releases = ReleaseMapInput()
        var frames: [Frame] = []
        var changed: [String: Trace] = [:]
        for trace in traces {
            let compared = ComparedTrace(
                name: trace.name, family: trace.family, intent: trace.intent, startDetent: trace.startingDetent?.name,
                baseline: ResultSummary(Simulator.simulate(trace, under: baseline)),
                candidate: ResultSummary(Simulator.simulate(trace, under: candidate)))
            if comparison.add(compared) { changed[trace.name] = trace }
            releases.add(compared, trace: trace, under: candidate, frames: &frames)
        }
        let plots = comparison.changeList.indexesByName().prefix(4).compactMap { index -> ChangedTracePlot? in
            let change = comparison.changeList[index]
            return changed[change.name].map { ChangedTracePlot(change, trace: $0, baseline: baseline, candidate: candidate) }
        }
        let page = ReplayPage(
            command: "replay", comparison: comparison, baselineConfig: baseline, candidateConfig: candidate,
            releases: releases, plots: plots, limit: 4)
        return (page, traces)
    }

    @Test func theReplayPageDrawsOneMapPerStartDetentWithTheRingsOfAgreement() throws {
        // The candidate's regions are shaded: uikit-sheet's include dismissal
        // (floatingpanel-states has no dismissal anchor).
        let (baseline, candidate) = (Self.preset("floatingpanel-states"), Self.preset("uikit-sheet"))
        let (page, traces) = Self.replayPage(baseline: baseline, candidate: candidate)
        let html = page.html()
        var releasesByStart: [String: Int] = [:]
        var disagreeByStart: [String: Int] = [:]
        for trace in traces {
            let outcome = Simulator.simulate(trace, under: candidate)
            guard outcome.decision != .none, outcome.reason != .cancelled, let start = trace.startingDetent?.name else { continue }
            releasesByStart[start, default: 0] += 1
            if let agreement = Agreement(outcome, of: trace), !agreement.agrees { disagreeByStart[start, default: 0] += 1 }
        }
        #expect(Set(releasesByStart.keys) == ["large", "medium"])
        let starts = PageChecks.values(of: "data-start", in: html)
        let drawn = PageChecks.values(of: "data-releases", in: html).compactMap(Int.init)
        let rings = PageChecks.values(of: "data-disagree", in: html).compactMap(Int.init)
        // Two figures and two SVGs carry data-start; the SVGs carry the counts.
        #expect(Set(starts) == ["large", "medium"])
        #expect(drawn.sorted() == releasesByStart.values.sorted())
        let ringCount: Int = rings.reduce(0, +), disagreeing: Int = disagreeByStart.values.reduce(0, +)
        #expect(ringCount == disagreeing)
        #expect(!html.contains(#"id="release-map""#), "no percent map: every trace is a sheet")
        #expect(html.contains(#"data-anchor="dismissed""#) && html.contains(#"data-anchor="medium""#))
        #expect(PageChecks.count(#"class="region-boundary""#, in: html) == 2 * releasesByStart.count)
        // The changed sheets' plots show the height with the detents drawn.
        #expect(!page.plots.isEmpty)
        #expect(PageChecks.count(#"id="trace-1-height""#, in: html) == 1)
        #expect(PageChecks.count(#"data-detent="medium""#, in: html) >= 2 + page.plots.count)
    }

    /// A corpus without sheets has no sheet map (the percent map's page is as before).
    @Test func aCorpusWithoutSheetsHasNoSheetMap() {
        let page = HTMLFixtures.replayPage(
            traces: Array(SyntheticCorpus(seed: 7).traces(count: 200)).filter { $0.detents == nil },
            baseline: HTMLFixtures.config([]), candidate: HTMLFixtures.config(["threshold=0.3"]))
        let html = page.html()
        #expect(!html.contains("sheet-map") && html.contains(#"id="release-map""#))
    }

    /// The compare page over the sheets: per start detent, one boundary path
    /// per config on the overlay and one small map per config.
    @Test func theComparePageOverlaysEveryConfigsBoundaries() throws {
        let names = ["uikit-sheet", "floatingpanel-states", "mdc-states", "flutter-snap"]
        var comparison = ConfigComparison(configs: names.map(Self.preset), limit: 8)
        comparison.add(contentsOf: SyntheticCorpus(seed: 11, families: SyntheticFamily.sheets).traces(count: 300))
        comparison.finish()
        let html = comparison.html()
        for key in ["1", "2"] {
            let from = try #require(PageChecks.element(id: "sheet-map-\(key)", in: html))
            let map = try #require(from.components(separatedBy: "</svg>").first)
            #expect(PageChecks.count(#"class="region-boundary""#, in: map) == names.count)
            for index in 1...names.count {
                #expect(html.contains(#"data-sheet-multiple="\#(key)-\#(index)""#))
            }
        }
        #expect(!html.contains(#"id="compare-map""#), "no percent map: every trace is a sheet")
    }
}

/// The sheets' pages in headless Chromium: no console message, every word
/// inside its chart and apart from the others, and a screenshot of each.
@Suite(.enabled(if: Chromium.shouldRun, "chromium is not installed: the browser tests are skipped (CI runs them)"))
struct SheetMapBrowserTests {
    @Test func theReplayPageOfTheSheetsLoadsReadably() async throws {
        let (page, _) = SheetMapTests.replayPage(
            baseline: SheetMapTests.preset("uikit-sheet"), candidate: SheetMapTests.preset("floatingpanel-states"))
        try await expectReadable(page.html(), named: "sheets-replay", height: 4200)
    }

    @Test func theComparePageOfTheSheetsLoadsReadably() async throws {
        let names = ["uikit-sheet", "floatingpanel-states", "mdc-states", "flutter-snap"]
        var comparison = ConfigComparison(configs: names.map(SheetMapTests.preset), limit: 8)
        comparison.add(contentsOf: SyntheticCorpus(seed: 11, families: SyntheticFamily.sheets).traces(count: 300))
        comparison.finish()
        try await expectReadable(comparison.html(), named: "sheets-compare", height: 4600)
    }

    /// Every preset over the sheets: fifteen boundaries on each overlay, and
    /// the presets of another interaction say that a sheet is not simulated
    /// there (docs/model.md §4.10) instead of showing regions.
    @Test func theComparePageOfEveryPresetLoadsReadably() async throws {
        var comparison = ConfigComparison(configs: Preset.all.map(\.config), limit: 8)
        comparison.add(contentsOf: SyntheticCorpus(seed: 11, families: SyntheticFamily.sheets).traces(count: 300))
        comparison.finish()
        let html = comparison.html()
        let elsewhere = Preset.all.filter { $0.config.interaction != .pullToDismiss }
        #expect(!elsewhere.isEmpty)
        #expect(PageChecks.values(of: "data-not-applicable", in: html).count == 2 * elsewhere.count, "one small map per start detent")
        try await expectReadable(html, named: "sheets-compare-all", height: 9000)
    }

    /// A corpus of sheets and other gestures: the percent map and the sheets' maps on one page.
    @Test func aMixedReplayPageLoadsReadably() async throws {
        let traces = Array(SyntheticCorpus(seed: 5, families: SyntheticFamily.allCases).traces(count: 400))
        #expect(traces.contains { $0.detents != nil } && traces.contains { $0.detents == nil })
        let page = HTMLFixtures.replayPage(
            traces: traces, baseline: SheetMapTests.preset("uikit-sheet"), candidate: HTMLFixtures.config(["decision=velocity"]))
        let html = page.html()
        #expect(html.contains(#"id="release-map""#) && html.contains(#"id="sheet-map-1""#))
        try await expectReadable(html, named: "sheets-mixed", height: 3600)
    }

    private func expectReadable(_ html: String, named name: String, height: Int) async throws {
        let file = try BrowserPage.write(html, named: "\(name).html")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // The page beside its screenshot, for a reviewer to open.
        if BrowserPage.takesScreenshots {
            try? html.write(to: BrowserPage.screenshots.appending(path: "\(name).html"), atomically: true, encoding: .utf8)
        }
        let load = try await Chromium.load(
            file, screenshot: BrowserPage.screenshots.appending(path: "\(name).png"), height: height, width: 1280,
            probe: LabelLayout.probe)
        #expect(load.consoleMessages.isEmpty, "\(load.consoleMessages)")
        #expect(PageChecks.externalReferences(in: html).isEmpty)
        let problems = LabelLayout.problems(in: load.probed)
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
    }
}

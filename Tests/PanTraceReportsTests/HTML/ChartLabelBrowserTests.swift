import BrowserTestSupport
import Foundation
import PanTraceCore
import Testing
import PanTraceModel
import PanTraceReports

/// The charts' words, as a browser lays them out (docs/commands.md §7.8):
/// at a laptop's width (1280 px) and a phone's (390 px), no `<text>` of a
/// chart leaves its SVG or overlaps another. Screenshots of every page at
/// both widths go to `.build/screenshots/labels-*.png` for a reviewer.
@Suite(.enabled(if: Chromium.shouldRun, "chromium is not installed: the browser tests are skipped (CI runs them)"))
struct ChartLabelBrowserTests {
    static let widths = [1280, 390]

    /// A tune page whose best is the last value of a small count range:
    /// the label a naive layout clips ("be"), on an axis a naive scale
    /// ticks at 0.5.
    static func tunePageWithBestAtTheEnd() -> TunePage {
        let sweep = TunePage.Sweep(key: "threshold", values: ["0.2", "0.22", "0.24", "0.26", "0.28", "0.3"])
        let candidates = sweep.values.indices.map { index in
            TunePage.Candidate(
                values: [sweep.values[index]], finish: 1, cancel: 1, none: 0, agree: index == 5 ? 2 : 1,
                accidental: index == 5 ? 2 : index == 0 ? 0 : 1, missed: index == 5 ? 0 : 1, pareto: index == 0 || index == 5,
                floor: 1)
        }
        var page = TunePage(base: "baseline", traces: 2, labelled: 2, sweeps: [sweep], candidates: candidates, best: 5)
        page.bestNotes = ["The best lies at the edge of the sweep threshold (0.3, its last value)."]
        return page
    }

    /// `compare --preset all` over a synthetic corpus: eleven boundaries on
    /// the map and ten small multiples.
    static func comparePage() -> ConfigComparison {
        var comparison = ConfigComparison(configs: Preset.all.map(\.config), limit: 12)
        comparison.add(contentsOf: SyntheticCorpus(seed: 7).traces(count: 600))
        comparison.finish()
        return comparison
    }

    /// A count axis is ticked at whole counts only: no 0.5 gestures (the
    /// Pareto chart counts on both axes, here from 0 to 2).
    @Test func countAxesHaveWholeTicks() throws {
        let html = Self.tunePageWithBestAtTheEnd().html()
        let start = try #require(html.range(of: #"<svg id="pareto""#))
        let end = try #require(html.range(of: "</svg>", range: start.upperBound..<html.endIndex))
        let ticks = html[start.lowerBound..<end.lowerBound].components(separatedBy: #"class="tick">"#).dropFirst()
            .map { String($0.prefix { $0 != "<" }) }
        #expect(Set(ticks) == ["0", "1", "2"], "\(ticks)")
    }

    @Test(arguments: widths)
    func tuneChartsKeepTheirLabelsInside(width: Int) async throws {
        try await expectReadable(Self.tunePageWithBestAtTheEnd().html(), named: "labels-tune-\(width)", width: width)
        let two = HTMLFixtures.tunePage(sweeps: [
            TunePage.Sweep(key: "threshold", values: ["0.2", "0.3", "0.4", "0.5", "0.6"]),
            TunePage.Sweep(key: "flickVelocity", values: ["600", "1000", "1400"]),
        ])
        try await expectReadable(two.html(), named: "labels-tune-heat-\(width)", width: width)
    }

    @Test(arguments: widths)
    func replayChartsKeepTheirLabelsInside(width: Int) async throws {
        let page = HTMLFixtures.replayPage(
            traces: Array(SyntheticCorpus(seed: 7).traces(count: 400)), baseline: HTMLFixtures.config([]),
            candidate: HTMLFixtures.config(["decision=velocity", "threshold=0.3"]), limit: 6)
        try await expectReadable(page.html(), named: "labels-replay-\(width)", width: width, height: 3200)
    }

    @Test(arguments: widths)
    func compareChartsKeepTheirLabelsInside(width: Int) async throws {
        try await expectReadable(Self.comparePage().html(), named: "labels-compare-\(width)", width: width, height: 3600)
    }

    /// docs/commands.md §7.9: the map's velocity axis fits the releases, not
    /// the flick speed of the preset that reaches highest (FloatingPanel's
    /// 5.5 × the distance to go: 4,400 pt/s on an 800 pt screen).
    @Test func compareMapFitsTheReleases() throws {
        let configs = Preset.all.map(\.config)
        let slow = SyntheticCorpus(seed: 7).traces(count: 600).filter {
            abs(Simulator.simulate($0, under: configs[0]).velocity) < 2500
        }
        var comparison = ConfigComparison(configs: configs, limit: 12)
        comparison.add(contentsOf: slow)
        comparison.finish()
        let highest = slow.map { abs(Simulator.simulate($0, under: configs[0]).velocity) }.max() ?? 0
        let fastest = configs.filter { $0.decision == .velocity }.map {
            LiftRule.flickSpeed($0.flickVelocity, unit: $0.flickVelocityUnit, percent: 0, extent: 800)
        }.max() ?? 0
        #expect(fastest > 1.5 * highest, "the fixture should have a flick speed far past every release")
        let html = comparison.html()
        let top = try #require(PageChecks.values(of: "data-velocity-top", in: html).first.flatMap(Double.init))
        let bottom = try #require(PageChecks.values(of: "data-velocity-bottom", in: html).first.flatMap(Double.init))
        #expect(top < 1.5 * highest && -bottom < 1.5 * highest, "the velocity axis spans \(bottom) to \(top) for releases within ±\(highest)")
    }

    /// Writes `html`, loads it at `width`, screenshots it, and expects no
    /// console message and every chart's words inside and apart.
    private func expectReadable(_ html: String, named name: String, width: Int, height: Int = 2400) async throws {
        let file = try BrowserPage.write(html, named: "\(name).html")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let load = try await Chromium.load(
            file, screenshot: BrowserPage.screenshots.appending(path: "\(name).png"), height: height, width: width,
            probe: LabelLayout.probe)
        #expect(load.consoleMessages.isEmpty, "\(load.consoleMessages)")
        let problems = LabelLayout.problems(in: load.probed)
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
    }
}

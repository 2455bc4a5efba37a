import BrowserTestSupport
import Foundation
import PanTraceCore
import Testing
import PanTraceModel
import PanTraceReports

/// The replay page of a large corpus (docs/commands.md §7.8): at 80,000 traces
/// under ~5 MB and rendered in under 2 s by headless Chromium.
@Suite struct HTMLScaleTests {
    /// 80,000 made-up releases (no simulation, so that it runs on every
    /// `swift test`): the page stays under 5 MB because the unchanged traces
    /// are binned, whatever their number.
    @Test func eightyThousandReleasesStayUnderFiveMegabytes() {
        var comparison = RunComparison(baseline: RunLabel(run: 1, config: "baseline"), candidate: RunLabel(run: 2, config: "candidate"))
        var releases = ReleaseMapInput()
        var state: UInt64 = 12345
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for index in 0..<80_000 {
            let percent = next()
            let velocity = (next() - 0.4) * 4000
            // One in ten changes its decision: a generous share (a threshold
            // moved by 0.1 changes about that many of the synthetic corpus).
            let changed = index % 10 == 0
            let candidate = ResultSummary(decision: percent >= 0.4 ? .finish : .cancel, reason: .threshold, percent: percent, velocity: velocity)
            var baseline = candidate
            if changed { baseline.decision = candidate.decision == .finish ? .cancel : .finish }
            let trace = ComparedTrace(
                name: "trace-\(index)", family: "flick", intent: index % 3 == 0 ? .cancel : .finish, baseline: baseline,
                candidate: candidate)
            comparison.add(trace)
            releases.add(trace, extent: 852)
        }
        let page = ReplayPage(
            command: "replay", comparison: comparison, baselineConfig: Config(), candidateConfig: Config(),
            releases: releases, plots: [])
        let html = page.html()
        #expect(html.utf8.count < 5_000_000, "\(html.utf8.count) bytes")
        #expect(html.contains(#"data-density="true""#))
        #expect(html.contains(#"data-unchanged="72000""#))
    }

    /// The measurement of docs/performance.md: 80,000 traces of synthetic
    /// corpus 7 simulated under the seed config and `threshold=0.3`, the page
    /// written to `.build/screenshots/replay-80k.html` and loaded in Chromium.
    /// Slow (it simulates 160,000 gestures): run it with
    /// `PANTRACE_HTML_SCALE=1 swift test --filter HTMLScaleTests`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PANTRACE_HTML_SCALE"] != nil && Chromium.path != nil,
                   "set PANTRACE_HTML_SCALE=1 (and install chromium) to measure the 80,000-trace page"))
    func eightyThousandSimulatedTracesRenderQuickly() async throws {
        let count = 80_000
        let baseline = HTMLFixtures.config([])
        let candidate = HTMLFixtures.config(["threshold=0.3"])
        let started = Date()
        let page = HTMLFixtures.replayPage(
            traces: Array(SyntheticCorpus(seed: 7).traces(count: count)), baseline: baseline, candidate: candidate,
            limit: 50)
        let built = Date()
        let html = page.html()
        let rendered = Date()
        let folder = BrowserPage.screenshots
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appending(path: "replay-80k.html")
        try html.write(to: file, atomically: true, encoding: .utf8)
        // The same page with a probe that records when the document has been
        // parsed and laid out, and when the first frame after it was painted.
        let probe = """
            <script>addEventListener("load",()=>{document.body.getBoundingClientRect();\
            document.body.dataset.laidOutMs=Math.round(performance.now());})</script>
            """
        let probed = folder.appending(path: "replay-80k-probe.html")
        try html.replacingOccurrences(of: "</body>", with: probe + "</body>").write(to: probed, atomically: true, encoding: .utf8)
        let empty = folder.appending(path: "empty.html")
        try "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>empty</title></head><body></body></html>"
            .write(to: empty, atomically: true, encoding: .utf8)

        let blank = try await Chromium.load(empty)
        let load = try await Chromium.load(file, screenshot: folder.appending(path: "replay-80k.png"), height: 1400)
        let measured = try await Chromium.load(probed)
        let laidOut = PageChecks.values(of: "data-laid-out-ms", in: measured.dom).first.flatMap(Double.init)
        print(
            """
            80k page: \(html.utf8.count) bytes, \(page.comparison.changed) changed, \(page.releases.unchangedCount) unchanged; \
            simulate+compare \(Int(built.timeIntervalSince(started) * 1000)) ms, html \(Int(rendered.timeIntervalSince(built) * 1000)) ms; \
            chromium: empty page \(Int(blank.seconds * 1000)) ms, report with screenshot \(Int(load.seconds * 1000)) ms, \
            load+layout in page \(laidOut.map { "\(Int($0)) ms" } ?? "?")
            """)
        #expect(load.consoleMessages.isEmpty)
        #expect(html.utf8.count < 5_000_000)
        #expect((laidOut ?? .infinity) < 2000)
    }
}

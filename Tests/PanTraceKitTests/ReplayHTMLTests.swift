import BrowserTestSupport
import Foundation
import PanTraceKit
import PanTraceReports
import PanTraceStore
import Testing

/// `replay --html` as a workflow (docs/commands.md §7.8), in a real browser: the bundled
/// Fixtures recorded into a fresh database, replayed under a changed config
/// with the page gathered as the replay streams, written like the command
/// writes it, then loaded in headless Chromium. Every number on the page is
/// read back from the DOM and held to the JSON report of the same replay,
/// parsed by Foundation (not by pantrace). The screenshot goes to
/// `.build/screenshots/replay-workflow.png`.
// Skipped where chromium is not installed; CI (`CI` set) always runs it.
@Suite(.enabled(if: Chromium.shouldRun, "chromium is not installed: the browser tests are skipped (CI runs them)"))
struct ReplayHTMLTests {
    /// Fewer than the 18 changes (by name, the first 12 include scroll
    /// views and traces without one), so the page says how many are left out.
    static let limit = 12

    @Test func theReplayPageShowsTheJSONReportsNumbers() async throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(inputs: ReplayHTMLWorkflow.fixtures()).record(into: store)
        let (comparison, _, html) = try ReplayHTMLWorkflow.replay(
            ["threshold=0.3", "scrollGating=handoff"], in: store, limit: Self.limit, to: workspace.path("replay.html"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(comparison.jsonReport().utf8)) as? [String: Any], "the JSON report")
        let changes = try #require(json["changes"] as? [[String: Any]])
        let names = changes.compactMap { $0["trace"] as? String }
        try #require(names.count > Self.limit, "the fixture needs more changes than --limit: \(names)")

        let file = URL(fileURLWithPath: workspace.path("replay.html"))
        let (load, problems) = try await BrowserPage.check(file, html: html, named: "replay-workflow", height: 4200)
        #expect(problems.isEmpty, "\(problems)")
        let dom = load.dom

        // The counts of the text report, as the JSON report gives them.
        let counts = PageChecks.numbers("data-count", in: dom)
        let intent = try #require(json["intent"] as? [String: Int])
        for (key, value) in [
            ("traces", json["traces"] as? Int), ("changed", json["changed"] as? Int),
            ("regressions", json["regressions"] as? Int), ("reasonChanges", json["reasonChanges"] as? Int), ("accidental", intent["accidentalDismissals"]),
            ("missed", intent["missedDismissals"]), ("nowAgree", intent["nowAgree"]),
        ] {
            #expect(counts[key]?.value == value, "\(key)")
            #expect(counts[key]?.shown == value, "\(key) as shown")
        }
        let transitions = try #require(json["transitions"] as? [[String: Any]])
        let shownTransitions = PageChecks.numbers("data-transition", in: dom)
        #expect(shownTransitions.count == transitions.count)
        for transition in transitions {
            let key = "\(transition["from"] as? String ?? "?") → \(transition["to"] as? String ?? "?")"
            #expect(shownTransitions[key]?.value == transition["count"] as? Int, "\(key)")
            #expect(shownTransitions[key]?.shown == transition["count"] as? Int, "\(key) as shown")
        }
        // Both configs and the settings that differ.
        let runs = [json["baseline"], json["candidate"]].compactMap { ($0 as? [String: Any])?["run"] as? Int }.map(String.init)
        #expect(PageChecks.values(of: "data-run", in: dom) == runs)
        let settings = try #require(json["settings"] as? [[String: String]])
        #expect(PageChecks.values(of: "data-setting", in: dom) == settings.compactMap { $0["key"] })

        // The release map: each changed trace with a release (under either
        // config) is a mark named after it; both boundaries are drawn.
        let map = try #require(PageChecks.element(id: "release-map", in: dom), "the release map is missing")
        let mapSVG = String(map[..<(map.range(of: "</svg>")?.lowerBound ?? map.endIndex)])
        let drawn = changes.filter { change in
            ["baseline", "candidate"].contains { ReplayHTMLWorkflow.hasRelease(change[$0] as? [String: Any]) }
        }.compactMap { $0["trace"] as? String }
        #expect(PageChecks.values(of: "data-trace", in: mapSVG).map(PageChecks.decodeAttribute).sorted() == drawn.sorted())
        #expect(PageChecks.count("class=\"boundary ", in: mapSVG) == 2, "both configs' boundaries")

        // The first --limit changes by name, each plotted with both courses,
        // both thresholds, the release velocity and, with a scroll view, the offset.
        let threshold = settings.first { $0["key"] == "threshold" }
        let thresholdLabels = ["baseline", "candidate"].map { role in
            "\(role) threshold \(threshold?[role].flatMap(Double.init).map { HTMLText.number($0 * 100, digits: 1) } ?? "?") %"
        }
        var scrollViews = 0
        for (index, change) in changes.prefix(Self.limit).enumerated() {
            let name = try #require(change["trace"] as? String)
            let figure = try #require(PageChecks.element(id: "trace-\(index + 1)", in: dom), "the plot of \(name) is missing")
            let body = String(figure[..<(figure.range(of: "</figure>")?.lowerBound ?? figure.endIndex)])
            #expect(PageChecks.values(of: "data-trace", in: "<x " + body).map(PageChecks.decodeAttribute) == [name])
            #expect(body.contains(#"id="trace-\#(index + 1)-percent""#), "\(name)")
            #expect(body.contains(#"class="series baseline""#) && body.contains(#"class="series candidate""#), "\(name)")
            for label in thresholdLabels { #expect(body.contains(label), "\(name): \(label)") }
            let candidate = change["candidate"] as? [String: Any]
            if let velocity = candidate?["velocity"] as? Double, ReplayHTMLWorkflow.hasRelease(candidate) {
                let shown = PageChecks.values(of: "data-velocity", in: body).compactMap(Double.init)
                #expect(shown.count == 1 && abs(shown[0] - velocity) <= 0.05, "\(name): \(shown) against \(velocity)")
            }
            let hasScrollView = try #require(try store.trace(named: name)).trace.scrollContent > 0
            if hasScrollView { scrollViews += 1 }
            #expect(body.contains(#"id="trace-\#(index + 1)-offset""#) == hasScrollView, "\(name)")
        }
        #expect(scrollViews > 0 && scrollViews < Self.limit, "the fixture plots traces with and without a scroll view")
        #expect(PageChecks.element(id: "trace-\(Self.limit + 1)", in: dom) == nil)
        #expect(dom.contains(#"id="more-changes""#))
    }
}

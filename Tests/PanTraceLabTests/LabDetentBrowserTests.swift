import BrowserTestSupport
import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PanTraceStore
import Testing

/// A sheet with detents on the lab's page in a real browser
/// (docs/lab.md "A sheet with detents"): drawn at the task's start detent, following the finger by
/// docs/model.md §4.10's height frame by frame, settled at the detent the
/// server decided, and stored as dispatched with the task's detents, start
/// and intent.
@Suite(.enabled(if: Chromium.shouldRun))
struct LabDetentBrowserTests {
    typealias Stroke = LabBrowserTests.Stroke

    static let sheet = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]
    static let frontTop = "new Promise(r => requestAnimationFrame(() => r(new DOMMatrix(getComputedStyle(document.getElementById('front')).transform).m42)))"

    /// Under `uikit-sheet`, a flick from large meant for medium (1,250 pt/s, let go 110 pt
    /// down: h = 1 − 110/844 ≈ 0.87, heading for ≈ 0.72 or, at 1,000 pt/s or more,
    /// one detent further) drops to medium; a touch above the sheet at medium is
    /// ignored; a slow drag up from medium rises to large. Screenshots:
    /// `.build/screenshots/lab-detent-*.png`.
    @Test func aFlickFromLargeMeantForMediumDropsThereAndADragUpRisesToLarge() async throws {
        let config = try Preset.named("uikit-sheet").config
        let tasks = LabDetents.builtInTasks(for: Self.sheet, repeatCount: 1).filter { $0.id == "flick-down" || $0.id == "expand" }
        let lab = try LabFixture(config: config, tasks: [tasks[1], tasks[0]])
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: LabBrowserTests.readyExpression)
            #expect(try await tab.attribute("#task", "data-detent") == "large")
            #expect(try await tab.evaluate(Self.frontTop) as? Double == 0, "the sheet at large fills the screen")

            // The flick, checked against the model after every third move.
            let flick = Stroke.line(x: 195, y: 200, dx: 0, dy: 10, steps: 12, dt: 0.008)
            let start = Date().timeIntervalSince1970
            try await tab.touch("touchStart", [.init(x: 195, y: 200)], timestamp: start)
            var checked = 0
            for (index, point) in flick.points.enumerated().dropFirst() {
                try await tab.touch("touchMove", [.init(x: point.x, y: point.y)], timestamp: start + point.t)
                guard index % 3 == 0 else { continue }
                let shown = try #require(try await tab.evaluate(Self.frontTop) as? Double)
                let height = try #require(Self.modelHeight(after: flick.points.prefix(index + 1), config: config, start: "large"))
                #expect(abs(shown - (1 - height) * 844) <= 0.5, "after move \(index): the sheet's top at \(shown), the model's height \(height)")
                checked += 1
                if index == 9 { try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-detent-flick-from-large.png")) }
            }
            #expect(checked == 4)
            try await tab.touch("touchEnd", [], timestamp: start + 0.1)
            let flicked = try await LabBrowserTests.outcome(on: tab, count: 1)
            let trace = try #require(try lab.storedTrace(flicked.trace))
            LabBrowserTests.expectSamples(trace, match: flick, rest: 0.004)
            #expect(trace.detents == Self.sheet && trace.startDetent == "large" && trace.intent == Intent(word: "medium"))
            let decided = try LabBrowserTests.recorded(trace, under: config)
            #expect(decided.decision == .cancel && decided.detent == "medium", "\(decided)")
            #expect(flicked.decision == decided.decision.rawValue && flicked.reason == decided.reason.rawValue)
            #expect(try await tab.attribute("#outcome", "data-detent") == "medium")
            #expect(try await tab.attribute("#outcome", "data-agrees") == "true")
            let said = try await tab.evaluate("document.getElementById('outcome').textContent") as? String ?? ""
            #expect(said.hasPrefix("The sheet dropped to medium"), "\(said)")

            // Settled at medium, where the next task starts.
            try await tab.wait(until: "Number(document.body.dataset.settled) >= 1 && " + LabBrowserTests.readyExpression)
            #expect(try await tab.attribute("#task", "data-detent") == "medium")
            #expect(abs((try await tab.evaluate(Self.frontTop) as? Double ?? 0) - 422) <= 0.5, "the sheet at medium: its top halfway")
            try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-detent-settled-at-medium.png"))

            // Above the sheet: nothing starts.
            try await tab.touch("touchStart", [.init(x: 195, y: 200)], timestamp: start + 5)
            #expect(try await tab.evaluate("document.body.dataset.mode") as? String == "ready")
            try await tab.touch("touchEnd", [], timestamp: start + 5.05)

            // A slow drag up on the sheet, past the half of the way to large.
            let up = Stroke.line(x: 195, y: 600, dx: 0, dy: -20, steps: 15, dt: 0.05)
            try await LabBrowserTests.dispatch(up, on: tab, start: start + 6, rest: 0.2)
            let raised = try await LabBrowserTests.outcome(on: tab, count: 2)
            let second = try #require(try lab.storedTrace(raised.trace))
            #expect(second.startDetent == "medium" && second.intent == Intent(word: "large"))
            #expect(try LabBrowserTests.recorded(second, under: config).detent == "large")
            #expect(try await tab.attribute("#outcome", "data-detent") == "large")
            let risen = try await tab.evaluate("document.getElementById('outcome').textContent") as? String ?? ""
            #expect(risen.hasPrefix("The sheet rose to large"), "\(risen)")
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// With the hand-off (docs/model.md §4.3), from medium over a list scrolled 120 pt: the list
    /// scrolls to its top, the sheet then follows the finger down and, dragged back up past
    /// where it started, above medium (no reset: h > H_s), as the model's height says.
    @Test func fromMediumOverAListTheSheetFollowsTheHandOffAndComesBackAboveItsStart() async throws {
        var config = Config()
        config.scrollGating = .handoff
        let task = LabTask(
            id: "browse", prompt: "Scroll up, pull the sheet down, then push it up.", intent: .cancel,
            scrollOffset: 120, scrollContent: 2000, repeatCount: 1, detents: Self.sheet, detent: "medium")
        let lab = try LabFixture(config: config, tasks: [task])
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: LabBrowserTests.readyExpression)
            // 16 moves of 15 pt down, then 12 of 25 pt up, 16 ms apart.
            var points: [(t: Double, x: Double, y: Double)] = [(0, 195, 480)]
            for step in 1...28 {
                let y: Double = step <= 16 ? 480 + 15 * Double(step) : 720 - 25 * Double(step - 16)
                points.append((Double(step) * 0.016, 195, y))
            }
            let stroke = Stroke(points: points)
            let start = Date().timeIntervalSince1970
            try await tab.touch("touchStart", [.init(x: 195, y: 480)], timestamp: start)
            var heights: [Double] = []
            for (index, point) in stroke.points.enumerated().dropFirst() {
                try await tab.touch("touchMove", [.init(x: point.x, y: point.y)], timestamp: start + point.t)
                guard index % 4 == 0 else { continue }
                let shown = try #require(try await tab.evaluate(Self.frontTop) as? Double)
                let height = try #require(Self.modelHeight(after: stroke.points.prefix(index + 1), config: config, start: "medium", scroll: (120, 2000)))
                #expect(abs(shown - max(0, (1 - height) * 844)) <= 0.5, "after move \(index): the sheet's top at \(shown), the model's height \(height)")
                heights.append(height)
            }
            #expect(heights.count == 7)
            #expect(heights.contains { $0 < 0.4 } && (heights.last ?? 0) > 0.5, "down past medium, then back above it: \(heights)")
            try await tab.touch("touchEnd", [], timestamp: start + 0.5)
            let shown = try await LabBrowserTests.outcome(on: tab, count: 1)
            let trace = try #require(try lab.storedTrace(shown.trace))
            #expect(trace.startDetent == "medium" && trace.scrollOffset == 120)
            let decided = try LabBrowserTests.recorded(trace, under: config)
            #expect(shown.decision == decided.decision.rawValue && shown.reason == decided.reason.rawValue)
            #expect(try await tab.attribute("#outcome", "data-detent") == (decided.decision == .finish ? "" : decided.detent ?? ""))
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The model's height of the sheet after `points` (a down, then moves), lifted at the last one.
    static func modelHeight(
        after points: ArraySlice<(t: Double, x: Double, y: Double)>, config: Config, start: String, scroll: (offset: Double, content: Double) = (0, 0)
    ) -> Double? {
        let samples = points.enumerated().map { Sample(t: $1.t, x: $1.x, y: $1.y, phase: $0 == 0 ? .down : .move) }
        guard let last = points.last else { return nil }
        let trace = Trace(
            name: "prefix", width: 390, height: 844, scrollOffset: scroll.offset, scrollContent: scroll.content, detents: sheet, startDetent: start,
            samples: samples + [Sample(t: last.t, x: last.x, y: last.y, phase: .up)])
        var frames: [Frame] = []
        _ = Simulator.simulate(trace, under: config, frames: &frames, recordingFrames: true)
        return frames.last { $0.seq == points.count - 1 }?.height
    }
}

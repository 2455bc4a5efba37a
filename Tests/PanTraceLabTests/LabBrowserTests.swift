import BrowserTestSupport
import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PanTraceStore
import Testing
import TestFolders
import PanTraceKit

/// The lab's page in a real browser (docs/lab.md): headless Chromium
/// emulating a phone, touches dispatched with their own timestamps, the
/// database read back through a connection of its own.
@Suite(.enabled(if: Chromium.shouldRun))
struct LabBrowserTests {
    /// A timed touch sequence: the finger's places and their times (seconds from the down).
    struct Stroke {
        var points: [(t: Double, x: Double, y: Double)]

        /// From (`x`, `y`) by (`dx`, `dy`) per step, `steps` moves `dt` apart, then the lift `rest` later.
        static func line(x: Double, y: Double, dx: Double, dy: Double, steps: Int, dt: Double) -> Stroke {
            Stroke(points: (0...steps).map { (Double($0) * dt, x + dx * Double($0), y + dy * Double($0)) })
        }
    }

    /// Dispatches `stroke` (touchStart, a touchMove per later point, touchEnd `rest` seconds after the last) with timestamps from `start`,
    /// all at once (``PhoneTab/touches(_:)``).
    static func dispatch(_ stroke: Stroke, on tab: PhoneTab, start: Double, rest: Double = 0.004) async throws {
        let points = stroke.points
        try await tab.touches(
            [.init("touchStart", [.init(x: points[0].x, y: points[0].y)], timestamp: start)]
                + points.dropFirst().map { .init("touchMove", [.init(x: $0.x, y: $0.y)], timestamp: start + $0.t) }
                + [.init("touchEnd", [], timestamp: start + (points.last?.t ?? 0) + rest)])
    }

    static let readyExpression = "document.getElementById('task').dataset.ready === 'true'"

    /// Waits until the page stored gesture number `count`, then returns `#outcome`'s trace, decision and reason.
    static func outcome(on tab: PhoneTab, count: Int) async throws -> (trace: String, decision: String, reason: String) {
        let value = try await tab.wait(
            until: "document.getElementById('outcome').dataset.count === '\(count)'",
            then: "[document.getElementById('outcome').dataset.trace, document.getElementById('outcome').dataset.decision, document.getElementById('outcome').dataset.reason]")
        let parts = value as? [String] ?? []
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "", parts.count > 2 ? parts[2] : "")
    }

    /// What `record` decides for `trace` under `config`: the result a fresh database stores for its JSON line.
    static func recorded(_ trace: Trace, under config: Config) throws -> Outcome {
        let store = try Store(path: try TestFolders.make("record").appending(path: "record.sqlite").path)
        let summary = try Recorder(config: config, inputs: [TraceInput(text: trace.jsonLine())], storesFrames: false).record(into: store)
        return try #require(try store.results(ofRun: summary.run).first).outcome
    }

    /// The stored samples are the dispatched ones: as many, in order, each point within 0.5 pt, the times
    /// never decreasing and each within 2 ms of the dispatched time from the down.
    static func expectSamples(_ trace: Trace, match stroke: Stroke, rest: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let samples = trace.samples
        #expect(samples.count == stroke.points.count + 1, "\(samples.count) samples for \(stroke.points.count + 1) events", sourceLocation: sourceLocation)
        for (sample, point) in zip(samples, stroke.points) {
            #expect(abs(sample.x - point.x) <= 0.5 && abs(sample.y - point.y) <= 0.5, "\(sample) for \(point)", sourceLocation: sourceLocation)
            #expect(abs(sample.t - point.t) <= 0.002, "\(sample.t) for \(point.t)", sourceLocation: sourceLocation)
        }
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.t <= $1.t }, sourceLocation: sourceLocation)
        #expect(samples.first?.phase == .down && samples.last?.phase == .up, sourceLocation: sourceLocation)
        #expect(samples.dropFirst().dropLast().allSatisfy { $0.phase == .move && $0.touches == 1 }, sourceLocation: sourceLocation)
        let duration = (stroke.points.last?.t ?? 0) + rest
        #expect(abs((samples.last?.t ?? 0) - duration) <= 0.003, "duration \(samples.last?.t ?? 0) for \(duration)", sourceLocation: sourceLocation)
    }

    @Test func threeGesturesAreStoredAsDispatchedWithTheTasksIntentsAndRecordsResults() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        do {
            // A phone's three device pixels per point, as the stored meta says.
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844, scale: 3)
            defer { tab.close() }
            // A drag past 40 %, a short pull, a touch that never leaves the slop: three decisions, each on the task then shown.
            let strokes = [
                Stroke.line(x: 180.5, y: 150.25, dx: 0.5, dy: 21.75, steps: 18, dt: 0.0167),
                Stroke.line(x: 200, y: 300, dx: -0.25, dy: 6.5, steps: 12, dt: 0.008),
                Stroke.line(x: 210.75, y: 420.5, dx: 0.25, dy: 1.75, steps: 4, dt: 0.0083),
            ]
            var names: [String] = []
            for (index, stroke) in strokes.enumerated() {
                try await tab.wait(until: Self.readyExpression)
                let task = try #require(try await tab.attribute("#task", "data-task"))
                let intent = try #require(try await tab.attribute("#task", "data-intent"))
                try await Self.dispatch(stroke, on: tab, start: Date().timeIntervalSince1970, rest: 0.004)
                let shown = try await Self.outcome(on: tab, count: index + 1)
                names.append(shown.trace)

                let trace = try #require(try lab.storedTrace(shown.trace), "\(shown.trace) is committed when the page hears of it")
                Self.expectSamples(trace, match: stroke, rest: 0.004)
                #expect(trace.width == 390 && trace.height == 844)
                #expect((trace.intent?.rawValue ?? "") == intent, "the task shown was \(task)")
                #expect(trace.meta?.contains("\"task\": \"\(task)\"") == true, "\(trace.meta ?? "")")
                for key in ["\"source\": \"lab\"", "\"pointerType\": \"touch\"", "\"devicePixelRatio\": 3", "\"userAgent\": ", "\"prompt\": "] {
                    #expect(trace.meta?.contains(key) == true, "\(key) in \(trace.meta ?? "")")
                }
                let run = try #require(lab.recorder.summary.run)
                let stored = try #require(try lab.store.result(ofRun: run, traceName: shown.trace))
                #expect(stored.outcome == (try Self.recorded(trace, under: lab.config)), "the lab decides as record does")
                #expect(shown.decision == stored.outcome.decision.rawValue && shown.reason == stored.outcome.reason.rawValue)
            }
            // One run holds the session's gestures; the three decided differently.
            #expect(try lab.database.integer("SELECT count(*) FROM run") == 1)
            #expect(try lab.database.integer("SELECT trace_count FROM run") == 3)
            #expect(try lab.database.names("SELECT DISTINCT decision || '/' || reason FROM decisions").count == 3)
            #expect(names == (1...3).map { "lab-\(lab.recorder.session)-\($0)" })
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A second finger counts (docs/lab.md): the first finger's samples carry two touches
    /// from then on, and with `maximumNumberOfTouches` 1 the pan fails.
    @Test func aSecondFingerMakesTooManyTouches() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: Self.readyExpression)
            let start = Date().timeIntervalSince1970
            try await tab.touch("touchStart", [.init(x: 150, y: 200, id: 1), .init(x: 250, y: 210, id: 2)], timestamp: start)
            for step in 1...8 {
                let dy = Double(step) * 12
                try await tab.touch("touchMove", [.init(x: 150, y: 200 + dy, id: 1), .init(x: 250, y: 210 + dy, id: 2)], timestamp: start + Double(step) * 0.016)
            }
            try await tab.touch("touchEnd", [], timestamp: start + 0.14)
            let shown = try await Self.outcome(on: tab, count: 1)
            #expect(shown.decision == "none" && shown.reason == "tooManyTouches", "\(shown)")
            let trace = try #require(try lab.storedTrace(shown.trace))
            #expect(trace.samples.first?.phase == .down && trace.samples.first?.x == 150)
            #expect(trace.samples.dropFirst().contains { $0.touches == 2 }, "\(trace.samples)")
            // Only the first finger's places: x stays 150.
            #expect(trace.samples.allSatisfy { $0.x == 150 })
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// docs/model.md §4.3–4.4 in the page: with the hand-off, a drag that scrolls the list
    /// to its top and goes on shows the sheet where the simulation puts it, sample for sample.
    @Test(arguments: [ScrollGating.handoff, .offsetAtBegin])
    func theSheetFollowsTheFingerAsTheSimulationSays(gating: ScrollGating) async throws {
        var config = Config()
        config.scrollGating = gating
        config.curve = .easeOut
        let task = LabTask(id: "scroll-then-close", prompt: "Scroll to the top and go on", intent: .finish, scrollOffset: 120, scrollContent: 2000, repeatCount: 1)
        let lab = try LabFixture(config: config, tasks: [task])
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: Self.readyExpression)
            let stroke = Stroke.line(x: 200, y: 150, dx: 0, dy: 15, steps: 24, dt: 0.016)
            let start = Date().timeIntervalSince1970
            try await tab.touch("touchStart", [.init(x: 200, y: 150)], timestamp: start)
            var checked = 0
            for (index, point) in stroke.points.enumerated().dropFirst() {
                try await tab.touch("touchMove", [.init(x: point.x, y: point.y)], timestamp: start + point.t)
                guard index % 6 == 0 else { continue }
                // What the page shows now, against the simulation of the gesture so far, lifted here.
                let shown = try #require(try await tab.evaluate(
                    "new Promise(r => requestAnimationFrame(() => r(new DOMMatrix(getComputedStyle(document.getElementById('front')).transform).m42)))") as? Double)
                let prefix = Trace(
                    name: "prefix", width: 390, height: 844, scrollOffset: 120, scrollContent: 2000,
                    samples: stroke.points.prefix(index + 1).enumerated().map { Sample(t: $1.t, x: $1.x, y: $1.y, phase: $0 == 0 ? .down : .move) }
                        + [Sample(t: point.t, x: point.x, y: point.y, phase: .up)])
                let percent = Simulator.simulate(prefix, under: config).percent
                let expected = CurveCheck.easeOut(percent) * 844
                #expect(abs(shown - expected) <= 0.5, "after move \(index): the sheet at \(shown), the simulation says \(expected) (\(percent))")
                checked += 1
                if index == 18 {
                    try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-\(gating.rawValue)-mid-drag.png"))
                }
            }
            #expect(checked == 4)
            try await tab.touch("touchEnd", [], timestamp: start + 0.4)
            let shown = try await Self.outcome(on: tab, count: 1)
            let trace = try #require(try lab.storedTrace(shown.trace))
            let outcome = Simulator.simulate(trace, under: config)
            #expect(shown.decision == outcome.decision.rawValue)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Under a screen-edge pan (`cupertino-back`: 20 pt from the left) the page shows the
    /// edge's strip; a swipe that starts 100 pt in moves nothing and is stored as
    /// `none`/`outsideEdge` with words saying so, one that starts 10 pt in follows the finger
    /// as the simulation says (`.build/screenshots/lab-edge-*.png`).
    @Test func aSwipeFromOutsideTheEdgeMovesNothingAndOneFromInsideFollows() async throws {
        let config = try Preset.named("cupertino-back").config
        let task = LabTask(id: "back", prompt: "Go back", intent: .finish, scrollOffset: 0, scrollContent: 0, repeatCount: 2)
        let lab = try LabFixture(config: config, tasks: [task])
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: Self.readyExpression)
            let strip = try #require(try await tab.evaluate(
                "(() => { const e = document.getElementById('edge'); const r = e.getBoundingClientRect(); return e.hidden ? [] : [r.left, r.width, r.height]; })()") as? [Double])
            #expect(strip == [0, 20, 844])
            try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-edge-swipe-back.png"))
            let frontX = "new Promise(r => requestAnimationFrame(() => r(new DOMMatrix(getComputedStyle(document.getElementById('front')).transform).m41)))"
            for (gesture, x) in [100.0, 10.0].enumerated() {
                let stroke = Stroke.line(x: x, y: 400, dx: 12, dy: 0, steps: 18, dt: 0.016)
                let start = Date().timeIntervalSince1970
                try await tab.touch("touchStart", [.init(x: x, y: 400)], timestamp: start)
                for (index, point) in stroke.points.enumerated().dropFirst() {
                    try await tab.touch("touchMove", [.init(x: point.x, y: point.y)], timestamp: start + point.t)
                    guard index % 6 == 0 else { continue }
                    let shown = try #require(try await tab.evaluate(frontX) as? Double)
                    let prefix = Trace(
                        name: "prefix", width: 390, height: 844,
                        samples: stroke.points.prefix(index + 1).enumerated().map { Sample(t: $1.t, x: $1.x, y: $1.y, phase: $0 == 0 ? .down : .move) }
                            + [Sample(t: point.t, x: point.x, y: point.y, phase: .up)])
                    let expected = Simulator.simulate(prefix, under: config).percent * 390
                    #expect(abs(shown - expected) <= 0.5, "from x = \(x), after move \(index): the screen at \(shown), the simulation says \(expected)")
                    if x == 100 { #expect(shown == 0) } else { #expect(shown > 0) }
                }
                try await tab.touch("touchEnd", [], timestamp: start + 0.4)
                let shown = try await Self.outcome(on: tab, count: gesture + 1)
                let trace = try #require(try lab.storedTrace(shown.trace))
                let outcome = Simulator.simulate(trace, under: config)
                #expect(shown.decision == outcome.decision.rawValue)
                #expect(shown.reason == outcome.reason.rawValue)
                if x == 100 {
                    #expect(shown.decision == "none" && shown.reason == "outsideEdge")
                    let message = try await tab.evaluate("document.getElementById('outcome').textContent") as? String ?? ""
                    #expect(message.contains("began too far from the left edge"), "\(message)")
                    try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-edge-outside.png"))
                    try await tab.wait(until: Self.readyExpression)
                } else {
                    #expect(shown.reason != "outsideEdge")
                }
            }
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Each interaction's page takes a drag along its own axis and direction to a
    /// finish (swipe right, pull down, pull up), drawn mid-drag and after the
    /// decision in screenshots (`.build/screenshots/lab-*.png`).
    @Test(arguments: Interaction.allCases)
    func eachInteractionFinishesAlongItsAxisAndIsDrawn(interaction: Interaction) async throws {
        var config = Config()
        config.interaction = interaction
        let lab = try LabFixture(config: config)
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: Self.readyExpression)
            // 60 % of the extent along the interaction's direction, in 20 moves.
            let (dx, dy): (Double, Double) =
                switch interaction {
                case .pullToDismiss: (0, 0.6 * 844 / 20)
                case .swipeBack: (0.6 * 390 / 20, 0)
                case .pullUpPresent: (0, -0.6 * 844 / 20)
                }
            let (x, y) = interaction == .swipeBack ? (20.0, 420.0) : (195.0, interaction == .pullUpPresent ? 780.0 : 160.0)
            let stroke = Stroke.line(x: x, y: y, dx: dx, dy: dy, steps: 20, dt: 0.016)
            let start = Date().timeIntervalSince1970
            try await tab.touch("touchStart", [.init(x: x, y: y)], timestamp: start)
            for point in stroke.points.dropFirst() {
                try await tab.touch("touchMove", [.init(x: point.x, y: point.y)], timestamp: start + point.t)
            }
            try await tab.wait(until: "true", then: "new Promise(r => requestAnimationFrame(() => r(true)))")
            try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-\(interaction.rawValue)-mid-drag.png"))
            try await tab.touch("touchEnd", [], timestamp: start + 0.33)
            let shown = try await Self.outcome(on: tab, count: 1)
            #expect(shown.decision == "finish" && shown.reason == "threshold", "\(shown)")
            try await tab.wait(until: "Number(document.body.dataset.settled) >= 1")
            try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-\(interaction.rawValue)-decided.png"))
            let text = try await tab.evaluate("document.getElementById('outcome').textContent") as? String ?? ""
            let done = ["pull-to-dismiss": "The sheet closed", "swipe-back": "The screen went back", "pull-up-present": "The card opened"]
            #expect(text.hasPrefix("\(done[interaction.rawValue] ?? "?"): you let go 5"), "\(text)")
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}

/// The easing curves of docs/model.md §4.8, for what the page should show.
enum CurveCheck {
    /// `easeOut` (0, 0, 0.58, 1) at `p`, by bisection on x.
    static func easeOut(_ p: Double) -> Double {
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double { 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t }
        guard p > 0, p < 1 else { return min(1, max(0, p)) }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if bezier(middle, 0, 0.58) < p { low = middle } else { high = middle }
        }
        return bezier((low + high) / 2, 0, 1)
    }
}

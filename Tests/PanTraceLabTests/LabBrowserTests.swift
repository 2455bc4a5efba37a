import BrowserTestSupport
import Foundation
import PanTraceCore
import PanTraceLab
import PanTraceStore
import Testing
import TestThreads

/// The lab's page in a real browser (docs/lab.md): headless Chromium
/// emulating a phone, touches dispatched with their own timestamps, the
/// database read back through a connection of its own.
@Suite(.serialized, .blocksItsThread, .enabled(if: Chromium.shouldRun))
struct LabBrowserTests {
    /// A timed touch sequence: the finger's places and their times (seconds from the down).
    struct Stroke {
        var points: [(t: Double, x: Double, y: Double)]

        /// From (`x`, `y`) by (`dx`, `dy`) per step, `steps` moves `dt` apart, then the lift `rest` later.
        static func line(x: Double, y: Double, dx: Double, dy: Double, steps: Int, dt: Double) -> Stroke {
            Stroke(points: (0...steps).map { (Double($0) * dt, x + dx * Double($0), y + dy * Double($0)) })
        }
    }

    /// Dispatches `stroke` (touchStart, a touchMove per later point, touchEnd `rest` seconds after the last) with timestamps from `start`.
    static func dispatch(_ stroke: Stroke, on tab: PhoneTab, start: Double, rest: Double = 0.004) throws {
        let points = stroke.points
        try tab.touch("touchStart", [.init(x: points[0].x, y: points[0].y)], timestamp: start)
        for point in points.dropFirst() {
            try tab.touch("touchMove", [.init(x: point.x, y: point.y)], timestamp: start + point.t)
        }
        try tab.touch("touchEnd", [], timestamp: start + (points.last?.t ?? 0) + rest)
    }

    static let readyExpression = "document.getElementById('task').dataset.ready === 'true'"

    /// Waits until the page stored gesture number `count`, then returns `#outcome`'s trace, decision and reason.
    static func outcome(on tab: PhoneTab, count: Int) throws -> (trace: String, decision: String, reason: String) {
        let value = try tab.wait(
            until: "document.getElementById('outcome').dataset.count === '\(count)'",
            then: "[document.getElementById('outcome').dataset.trace, document.getElementById('outcome').dataset.decision, document.getElementById('outcome').dataset.reason]")
        let parts = value as? [String] ?? []
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "", parts.count > 2 ? parts[2] : "")
    }

    @Test func aDragIsStoredAsDispatchedWithItsTasksIntentAndRecordsResult() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        do {
            let tab = try PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try tab.wait(until: Self.readyExpression)
            let task = try #require(try tab.attribute("#task", "data-task"))
            let intent = try tab.attribute("#task", "data-intent")
            let stroke = Stroke.line(x: 180.5, y: 200.25, dx: 0.5, dy: 21.75, steps: 18, dt: 0.011)
            let start = Date().timeIntervalSince1970
            try Self.dispatch(stroke, on: tab, start: start)
            let shown = try Self.outcome(on: tab, count: 1)

            let trace = try #require(try lab.storedTrace(shown.trace))
            let samples = trace.samples
            print("stored", samples.map { "\($0.t) \($0.x) \($0.y) \($0.phase)" }.joined(separator: "\n"))
            #expect(trace.width == 390 && trace.height == 844)
            #expect(trace.intent?.rawValue ?? "" == intent ?? "-")
            #expect(trace.meta?.contains("\"task\": \"\(task)\"") == true, "\(trace.meta ?? "")")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}

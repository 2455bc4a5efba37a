import BrowserTestSupport
import Foundation
import PanTraceCore
import PanTraceLab
import PanTraceModel
import PanTraceStore
import SQLiteTestSupport
import Testing

/// docs/lab.md "Which felt better" and "Feel" in a real browser: headless
/// Chromium emulating a phone, touches dispatched with their own timestamps,
/// the answers tapped on the page's buttons, the database read back through
/// a connection of its own. Screenshots in `.build/screenshots/lab-ab-*.png`.
@Suite(.enabled(if: Chromium.shouldRun))
struct LabABBrowserTests {
    typealias Stroke = LabBrowserTests.Stroke

    /// B decides a short fast pull as a flick: the two tries of a pair can be told apart by feel only.
    static var versus: Config {
        var config = Config()
        config.name = "flicky"
        config.decision = .velocity
        return config
    }

    /// Four tasks asked once each, in this order: four pairs.
    static let tasks = [
        LabTask(id: "close", prompt: "Close the sheet: drag it down and let go.", intent: .finish, repeatCount: 1),
        LabTask(id: "peek", prompt: "Pull the sheet down a little, and let it go back.", intent: .cancel, repeatCount: 1),
        LabTask(id: "flick", prompt: "Close the sheet with a quick flick down.", intent: .finish, repeatCount: 1),
        LabTask(id: "scroll", prompt: "Scroll the list, without closing the sheet.", intent: .cancel, scrollOffset: 600, scrollContent: 2000, repeatCount: 1),
    ]

    /// A seed whose first four pairs come in both orders (A first in pairs 1 and 3, B first in 2 and 4).
    static let seed: UInt64 = {
        let wanted: [Preference.Side] = [.a, .b, .a, .b]
        var seed: UInt64 = 0
        while (1...4).map({ LabPairs.shownFirst(pair: $0, seed: seed) }) != wanted { seed += 1 }
        return seed
    }()

    /// Taps the element `id` with one finger at its centre.
    static func tap(_ id: String, on tab: PhoneTab) async throws {
        let box = try #require(try await tab.evaluate(
            "(() => { const r = document.getElementById('\(id)').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()") as? [Double])
        let start = Date().timeIntervalSince1970
        try await tab.touch("touchStart", [.init(x: box[0], y: box[1])], timestamp: start)
        try await tab.touch("touchEnd", [], timestamp: start + 0.05)
    }

    /// Four pairs in both orders, answered first, second and the same, the last left unanswered:
    /// every gesture in its config's run with the result `record` gives it, the three answers in `preference`.
    @Test func anABSessionIsStoredAsDispatchedAndAnswered() async throws {
        let lab = try LabFixture(versus: Self.versus, seed: Self.seed, tasks: Self.tasks)
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            let strokes = [
                Stroke.line(x: 200, y: 150, dx: 0, dy: 22, steps: 18, dt: 0.0167),   // 396 pt: past 40 % under both
                Stroke.line(x: 200, y: 300, dx: 0, dy: 9, steps: 10, dt: 0.008),     // example 2: cancel under A, a flick under B
                Stroke.line(x: 200, y: 300, dx: 0, dy: 9, steps: 10, dt: 0.008),
                Stroke.line(x: 200, y: 500, dx: 0, dy: -14, steps: 12, dt: 0.0167),  // the list scrolls; nothing closes
            ]
            let answers: [String?] = ["first", "second", "same", nil]
            var traces: [[String]] = []
            var count = 0
            for (pair, answer) in answers.enumerated() {
                var names: [String] = []
                for attempt in 0..<2 {
                    try await tab.wait(until: LabBrowserTests.readyExpression)
                    #expect(try await tab.attribute("#task", "data-task") == Self.tasks[pair].id)
                    #expect(try await tab.attribute("#ask", "data-ready") == "false")
                    let text = try await tab.evaluate("document.getElementById('try').textContent") as? String ?? ""
                    #expect(text.hasPrefix(attempt == 0 ? "First try" : "Second try"), "\(text)")
                    try await LabBrowserTests.dispatch(strokes[pair], on: tab, start: Date().timeIntervalSince1970)
                    count += 1
                    let shown = try await LabBrowserTests.outcome(on: tab, count: count)
                    names.append(shown.trace)
                    let trace = try #require(try lab.storedTrace(shown.trace))
                    LabBrowserTests.expectSamples(trace, match: strokes[pair], rest: 0.004)
                    #expect(trace.meta?.contains("\"pair\": \(pair + 1)") == true, "\(trace.meta ?? "")")
                    // Stored in the run of the config drawn for this try, decided as record decides it there.
                    let side = attempt == 0 ? LabPairs.shownFirst(pair: pair + 1, seed: Self.seed) : LabPairs.shownFirst(pair: pair + 1, seed: Self.seed).other
                    let config = side == .a ? lab.config : Self.versus
                    let run = try #require(lab.recorder.runsBySide[side])
                    let stored = try #require(try lab.store.result(ofRun: run, traceName: shown.trace))
                    #expect(stored.outcome == (try LabBrowserTests.recorded(trace, under: config)))
                    #expect(shown.decision == stored.outcome.decision.rawValue)
                    if pair == 1 {
                        try await tab.wait(until: "Number(document.body.dataset.settled) >= \(count)")
                        try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-ab-pair2-\(attempt == 0 ? "first" : "second").png"))
                    }
                }
                traces.append(names)
                try await tab.wait(until: "document.getElementById('ask').dataset.ready === 'true'")
                #expect(try await tab.attribute("#ask", "data-pair") == String(pair + 1))
                #expect(try await tab.attribute("#task", "data-ready") == "false")
                if pair == 0 { try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-ab-question.png")) }
                guard let answer else { break }
                try await Self.tap("prefer-\(answer)", on: tab)
                try await tab.wait(until: "document.getElementById('ask').dataset.ready === 'false' && document.getElementById('ask').hidden")
            }
            // The answers, committed when the page heard of them; read through another connection.
            try await tab.wait(until: LabBrowserTests.readyExpression + " || document.getElementById('ask').dataset.ready === 'true'")
            let session = lab.recorder.session
            let runs = lab.recorder.runsBySide
            let runA = try #require(runs[.a]), runB = try #require(runs[.b])
            var expected: Set<[SQLValue]> = []
            for (pair, answer) in answers.enumerated() {
                guard let answer else { continue }
                let first = LabPairs.shownFirst(pair: pair + 1, seed: Self.seed)
                let (traceA, traceB) = first == .a ? (traces[pair][0], traces[pair][1]) : (traces[pair][1], traces[pair][0])
                let choice = answer == "same" ? "same" : (answer == "first") == (first == .a) ? "a" : "b"
                expected.insert([
                    .text(session), .text(Self.tasks[pair].id), .int(Int64(runA)), .int(Int64(runB)), .text(traceA), .text(traceB),
                    .text(first.rawValue), .text(choice),
                ])
            }
            let rows = try lab.database.rows("SELECT session, task, run_a, run_b, trace_a, trace_b, shown_first, choice FROM preference")
            #expect(Set(rows) == expected)
            // One run per config, four gestures each; the abandoned pair keeps both gestures and has no preference.
            #expect(try lab.database.integer("SELECT count(*) FROM run") == 2)
            #expect(try lab.database.integer("SELECT trace_count FROM run WHERE id = \(runA)") == 4)
            #expect(try lab.database.integer("SELECT trace_count FROM run WHERE id = \(runB)") == 4)
            #expect(try lab.database.integer("SELECT count(*) FROM preference WHERE trace_a IN ('\(traces[3][0])', '\(traces[3][1])') OR trace_b IN ('\(traces[3][0])', '\(traces[3][1])')") == 0)
            #expect(try lab.storedTrace(traces[3][1]) != nil)
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The message states under a projecting rule (`wwdc18-projection`): where the sheet was
    /// heading, the signed velocity of a flick back, the colour by agreement with the task's
    /// intent (not by decision), white for a task without one, and cleared when the next gesture starts.
    @Test func theMessagesSayWhatHappenedInPlainWords() async throws {
        let config = try Preset.named("wwdc18-projection").config
        let tasks = [
            LabTask(id: "close", prompt: "Close the sheet with a quick flick down.", intent: .finish, repeatCount: 1),
            LabTask(id: "peek", prompt: "Pull the sheet down, then flick it back up.", intent: .cancel, repeatCount: 1),
            LabTask(id: "close-slow", prompt: "Close the sheet: drag it down and let go.", intent: .finish, repeatCount: 1),
            LabTask(id: "free", prompt: "Do anything.", intent: nil, repeatCount: 1),
        ]
        let lab = try LabFixture(config: config, tasks: tasks)
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            let down = Stroke.line(x: 200, y: 200, dx: 0, dy: 12, steps: 15, dt: 0.016).points
            var back: [(t: Double, x: Double, y: Double)] = []
            for step in 1...6 {
                let moved = Double(step)
                back.append((t: 0.24 + moved * 0.008, x: 200, y: 380 - 25 * moved))
            }
            let strokes: [(Stroke, Double)] = [
                (Stroke.line(x: 200, y: 200, dx: 0, dy: 9, steps: 10, dt: 0.008), 0.004),   // example 2: heads past half
                (Stroke(points: down + back), 0.004),                                       // down 180 pt, back up at −3,125 pt/s
                (Stroke.line(x: 200, y: 200, dx: 0, dy: 8, steps: 10, dt: 0.016), 0.3),    // 80 pt at 500 pt/s, then a rest
                (Stroke.line(x: 200, y: 150, dx: 0, dy: 22, steps: 18, dt: 0.0167), 0.004), // a long drag, no intent
            ]
            // What each message says and its colour: (words in it, class, data-agrees). The browser's
            // timestamps are whole milliseconds: the velocities are about 1,125 and −3,125 pt/s.
            let expected: [([String], String, String)] = [
                (["The sheet closed: you let go ", "moving down at +1,", " pt/s; at that speed it was heading for ", "past the 50 % it takes to close", "As you meant."], "agrees", "true"),
                (["The sheet went back up: you let go ", "moving up at \u{2212}3,", " pt/s; at that speed it was heading back past where it started", "As you meant."], "agrees", "true"),
                // About 500 pt/s (the browser's timestamps are whole milliseconds): 8 % + 0.5 · 499 / 844 = 38 %.
                (["The sheet went back up: you let go 8 % of the way down, moving down at +", " pt/s; at that speed it was heading for 3",
                  " % of the way down, short of the 50 % it takes to close.", "Not what you meant."], "disagrees", "false"),
                (["The sheet closed: you let go "], "neutral", ""),
            ]
            let names = ["heading", "flick-back", "not-meant", "no-intent"]
            for (index, (stroke, rest)) in strokes.enumerated() {
                try await tab.wait(until: LabBrowserTests.readyExpression)
                #expect(try await tab.attribute("#task", "data-task") == tasks[index].id)
                try await LabBrowserTests.dispatch(stroke, on: tab, start: Date().timeIntervalSince1970, rest: rest)
                _ = try await LabBrowserTests.outcome(on: tab, count: index + 1)
                try await tab.wait(until: "Number(document.body.dataset.settled) >= \(index + 1)")
                try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-message-\(names[index]).png"))
                let text = try await tab.evaluate("document.getElementById('outcome').textContent") as? String ?? ""
                let (words, colour, agrees) = expected[index]
                for word in words { #expect(text.contains(word), "\(names[index]): \(text)") }
                #expect(!text.contains("projected"), "\(text)")
                #expect(try await tab.attribute("#outcome", "class") == colour, "\(names[index])")
                #expect(try await tab.attribute("#outcome", "data-agrees") == agrees, "\(names[index])")
            }
            // The next gesture clears the message as it starts.
            try await tab.wait(until: LabBrowserTests.readyExpression)
            let start = Date().timeIntervalSince1970
            try await tab.touch("touchStart", [.init(x: 200, y: 200)], timestamp: start)
            for step in 1...6 { try await tab.touch("touchMove", [.init(x: 200, y: 200 + Double(step) * 15)], timestamp: start + Double(step) * 0.016) }
            try await tab.wait(until: "true", then: "new Promise(r => requestAnimationFrame(() => r(true)))")
            #expect(try await tab.evaluate("document.getElementById('outcome').textContent") as? String == "")
            try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-message-cleared-mid-drag.png"))
            try await tab.touch("touchEnd", [], timestamp: start + 0.12)
            _ = try await LabBrowserTests.outcome(on: tab, count: 5)
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// docs/lab.md "Feel": a list that owns the gesture stretches past its top as UIScrollView's
    /// rubber band does, and after a flick it coasts on, then comes to rest inside its content.
    @Test func theListStretchesAndCoastsAsAPhonesDoes() async throws {
        let task = LabTask(id: "scroll", prompt: "Scroll the list.", intent: .cancel, scrollOffset: 600, scrollContent: 2000, repeatCount: 1)
        let lab = try LabFixture(tasks: [task])
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            let offset = "new Promise(r => requestAnimationFrame(() => r(-new DOMMatrix(getComputedStyle(document.getElementById('front-content')).transform).m42)))"
            // Down 800 pt in 40 moves from an offset of 600; the pan begins at the first move (past the 10 pt slop), so the
            // list follows the other 780 pt: 180 pt past its top, drawn (1 − 1/(0.55 · 180/844 + 1)) · 844 = 88.61 pt past it.
            try await tab.wait(until: LabBrowserTests.readyExpression)
            var start = Date().timeIntervalSince1970
            try await tab.touch("touchStart", [.init(x: 200, y: 20)], timestamp: start)
            for step in 1...40 { try await tab.touch("touchMove", [.init(x: 200, y: 20 + Double(step) * 20)], timestamp: start + Double(step) * 0.016) }
            let stretched = try #require(try await tab.evaluate(offset) as? Double)
            #expect(abs(stretched + 88.61) < 0.5, "the list at \(stretched)")
            try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-feel-rubber-band.png"))
            // Rested, then lifted: it springs back to its top and stays there.
            try await tab.touch("touchEnd", [], timestamp: start + 0.64 + 0.2)
            _ = try await LabBrowserTests.outcome(on: tab, count: 1)
            // A flick up at 2,500 pt/s from 600: the list goes on after the lift.
            try await tab.wait(until: LabBrowserTests.readyExpression)
            // Every frame's offset from here until the flick has settled, recorded by the page
            // itself: what the test reads does not depend on when it is resumed.
            try await tab.evaluate("""
                window.offsetsSeen = [];
                (function frame() {
                  offsetsSeen.push(-new DOMMatrix(getComputedStyle(document.getElementById('front-content')).transform).m42);
                  if (Number(document.body.dataset.settled || 0) < 2) requestAnimationFrame(frame);
                })();
                true
                """)
            start = Date().timeIntervalSince1970
            try await tab.touch("touchStart", [.init(x: 200, y: 600)], timestamp: start)
            for step in 1...10 { try await tab.touch("touchMove", [.init(x: 200, y: 600 - Double(step) * 20)], timestamp: start + Double(step) * 0.008) }
            try await tab.touch("touchEnd", [], timestamp: start + 0.084)
            // The pan begins at the first move (20 pt, past the 10 pt slop) and the list follows the
            // other nine: it is at 600 + 180 = 780 when the finger lifts; coasting carries it well past
            // that.
            _ = try await tab.wait(until: "Number(document.body.dataset.settled) >= 2")
            let coast = try #require(try await tab.evaluate("offsetsSeen") as? [Double])
            #expect((coast.max() ?? 0) > 780 + 50, "coasting: \(coast)")
            // It reaches the end of the content (1,156 pt: 2,000 less the 844 of the viewport) and bounces back to rest there.
            let rest = try #require(Double(try await tab.wait(until: "Number(document.body.dataset.settled) >= 2", then: "document.body.dataset.listRest") as? String ?? ""))
            #expect(abs(rest - 1156) < 0.5, "at rest at the end of the content: \(rest)")
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}

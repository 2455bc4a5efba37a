import BrowserTestSupport
import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PanTraceStore
import Testing

/// docs/lab.md "A slip does not count" and "Every detent is used, and seen"
/// in a real browser: the offer to discard, what it deletes and what the
/// summary says; a sheet with a 0.1 detent whose mark and sheet nothing
/// covers; and the message's words for where the next detent lay.
@Suite(.enabled(if: Chromium.shouldRun))
struct LabSlipBrowserTests {
    typealias Stroke = LabBrowserTests.Stroke

    static let threeDetents = [Detent(name: "tip", height: 0.1), Detent(name: "half", height: 0.5), Detent(name: "full", height: 1)]

    @Test func aSlipIsStoredThenDiscardedAndTheSummaryCountsIt() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: LabBrowserTests.readyExpression)
            let task = try await tab.attribute("#task", "data-task")
            try await LabBrowserTests.dispatch(
                Stroke.line(x: 195, y: 150, dx: 0, dy: 8, steps: 10, dt: 0.016), on: tab, start: Date().timeIntervalSince1970)
            let stored = try await LabBrowserTests.outcome(on: tab, count: 1)
            #expect(try lab.storedTrace(stored.trace) != nil, "stored first")
            #expect(try await tab.attribute("#discard", "data-trace") == stored.trace)
            let label = try await tab.evaluate("document.getElementById('discard').textContent") as? String
            #expect(label == "That slipped \u{2014} don't count it")

            _ = try await tab.evaluate("document.getElementById('discard').click()")
            try await tab.wait(until: "document.getElementById('outcome').dataset.discarded === \(PhoneTab.jsString(stored.trace))")
            #expect(try lab.storedTrace(stored.trace) == nil, "discarded")
            #expect(try lab.database.integer("SELECT count(*) FROM result") == 0)
            #expect(try lab.database.integer("SELECT count(*) FROM sample") == 0)
            // The task is asked again, and the next gesture is stored as usual.
            try await tab.wait(until: LabBrowserTests.readyExpression)
            #expect(try await tab.attribute("#task", "data-task") == task)
            try await LabBrowserTests.dispatch(
                Stroke.line(x: 195, y: 150, dx: 0, dy: 8, steps: 10, dt: 0.016), on: tab, start: Date().timeIntervalSince1970)
            _ = try await tab.wait(until: "document.getElementById('outcome').dataset.trace !== \(PhoneTab.jsString(stored.trace)) && document.getElementById('outcome').dataset.trace !== ''")
            #expect(try lab.database.integer("SELECT count(*) FROM trace") == 1)
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
        let summary = lab.recorder.summaryText
        #expect(summary.contains("1 gesture stored") && summary.hasSuffix("; 1 gesture discarded as slipped"), "\(summary)")
    }

    /// A sheet resting at a 0.1 detent: the prompt covers neither its mark
    /// nor the sheet. Screenshot: `.build/screenshots/lab-detent-tip-0.1.png`.
    @Test func aLowDetentsMarkAndSheetAreSeen() async throws {
        let tasks = LabDetents.builtInTasks(for: Self.threeDetents, repeatCount: 1)
        let fromTip = try #require(tasks.first { $0.detent == "tip" })
        let lab = try LabFixture(config: try Preset.named("floatingpanel-states").config, tasks: [fromTip])
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: LabBrowserTests.readyExpression)
            #expect(try await tab.attribute("#task", "data-detent") == "tip")
            let overlap = try await tab.evaluate("""
                (() => {
                  const r = (el) => el.getBoundingClientRect();
                  const cross = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
                  const hud = r(document.getElementById('hud'));
                  const front = document.getElementById('front');
                  const top = new DOMMatrix(getComputedStyle(front).transform).m42;
                  const sheet = {left: 0, right: innerWidth, top: top, bottom: innerHeight};
                  const marks = [...document.querySelectorAll('#marks .mark')].map(r);
                  return JSON.stringify({marks: marks.length, sheetTop: top, hudBottom: hud.bottom,
                    coversSheet: cross(hud, sheet), coversMark: marks.some((m) => cross(hud, m))});
                })()
                """) as? String ?? "{}"
            let seen = try #require(try JSONSerialization.jsonObject(with: Data(overlap.utf8)) as? [String: Any])
            #expect(seen["marks"] as? Int == 3)
            #expect(abs((seen["sheetTop"] as? Double ?? 0) - 844 * 0.9) <= 0.5, "the sheet at 0.1: \(seen)")
            #expect(seen["coversSheet"] as? Bool == false, "\(seen)")
            #expect(seen["coversMark"] as? Bool == false, "\(seen)")
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-detent-tip-0.1.png"))
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The message after a drag from full down to between half and full says
    /// where half lay ("half was at 50 %") and where the finger let go. Screenshot: `.build/screenshots/lab-detent-next-message.png`.
    @Test func theMessageSaysWhereTheNextDetentLay() async throws {
        let tasks = LabDetents.builtInTasks(for: Self.threeDetents, repeatCount: 1)
        let drop = try #require(tasks.first { $0.id == "drop" })
        let lab = try LabFixture(config: Config(), tasks: [drop])
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            try await tab.wait(until: LabBrowserTests.readyExpression)
            #expect(try await tab.attribute("#task", "data-detent") == "full")
            // 160 pt down slowly from full, less the touch slop: let go at h ≈ 0.83, between half and full.
            try await LabBrowserTests.dispatch(
                Stroke.line(x: 195, y: 200, dx: 0, dy: 8, steps: 20, dt: 0.05), on: tab, start: Date().timeIntervalSince1970, rest: 0.3)
            _ = try await LabBrowserTests.outcome(on: tab, count: 1)
            let said = try await tab.evaluate("document.getElementById('outcome').textContent") as? String ?? ""
            // The release height is the model's (the touch slop taken off the drag), about 0.83.
            let note = try await tab.evaluate("document.getElementById('detent-note').textContent") as? String ?? ""
            #expect(note.hasPrefix(" Next detent down: half was at 50 %, you let go at "), "\(said)")
            let percent = Int(note.split(separator: " ").dropLast().last ?? "") ?? 0
            #expect((80...86).contains(percent), "\(note)")
            #expect(said.contains("half was at 50 %"))
            try await tab.screenshot(to: BrowserPage.screenshots.appending(path: "lab-detent-next-message.png"))
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// In an A/B session a slip in a pair's second try, discarded while the
    /// question waits: the question goes, the pair is done again from its
    /// first try in the same order, and its answer names the new gestures.
    @Test func aPairWithASlipIsDoneAgainInTheBrowser() async throws {
        let task = LabTask(id: "close", prompt: "Close the sheet: drag it down and let go.", intent: .finish, repeatCount: 1)
        let lab = try LabFixture(versus: LabABBrowserTests.versus, seed: LabABBrowserTests.seed, tasks: [task])
        let server = try await lab.serve()
        do {
            let tab = try await PhoneTab(url: server.url, width: 390, height: 844)
            defer { tab.close() }
            let stroke = Stroke.line(x: 200, y: 150, dx: 0, dy: 22, steps: 18, dt: 0.0167)
            func gesture() async throws -> String {
                try await tab.wait(until: LabBrowserTests.readyExpression)
                let before = try await tab.attribute("#outcome", "data-trace") ?? ""
                try await LabBrowserTests.dispatch(stroke, on: tab, start: Date().timeIntervalSince1970)
                let trace = try await tab.wait(
                    until: "document.getElementById('outcome').dataset.trace !== \(PhoneTab.jsString(before))",
                    then: "document.getElementById('outcome').dataset.trace")
                return trace as? String ?? ""
            }
            let first = try await gesture()
            let slipped = try await gesture()
            try await tab.wait(until: "document.getElementById('ask').dataset.ready === 'true'")
            _ = try await tab.evaluate("document.getElementById('discard').click()")
            try await tab.wait(until: "document.getElementById('outcome').dataset.discarded === \(PhoneTab.jsString(slipped))")
            try await tab.wait(until: LabBrowserTests.readyExpression)
            #expect(try await tab.attribute("#ask", "data-ready") == "false")
            let text = try await tab.evaluate("document.getElementById('try').textContent") as? String ?? ""
            #expect(text.hasPrefix("First try"), "the pair again from its first try: \(text)")
            #expect(try lab.storedTrace(slipped) == nil)
            #expect(try lab.storedTrace(first) != nil, "the pair's other gesture stays, unpaired")

            let again = [try await gesture(), try await gesture()]
            try await tab.wait(until: "document.getElementById('ask').dataset.ready === 'true'")
            try await LabABBrowserTests.tap("prefer-same", on: tab)
            try await tab.wait(until: "document.getElementById('ask').dataset.ready === 'false' && document.getElementById('ask').hidden")
            let named = try lab.database.names("SELECT trace_a FROM preference UNION SELECT trace_b FROM preference")
            #expect(named == Set(again), "\(named)")
            #expect(tab.consoleMessages.isEmpty, "\(tab.consoleMessages)")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
        #expect(lab.recorder.summaryText.contains("1 gesture discarded as slipped"))
    }
}

import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PanTraceStore
import Testing

/// docs/lab.md "A slip does not count", both runs of an A/B session made
/// at its start, and "Every detent is used, and seen" (the tasks and the
/// limit that stopped a sheet short), through the responder in this process.
@Suite struct LabSlipTests {
    static func json(_ response: LabResponder.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    static func discard(_ lab: LabFixture, _ body: String, token: String? = nil) -> LabResponder.Response {
        lab.responder.respond(
            to: .init(method: "POST", path: "/discard", headerToken: token ?? lab.token.text, body: Array(body.utf8)))
    }

    @Test func theLastGestureIsDiscardedWithItsSamplesAndResultsOnce() throws {
        let lab = try LabFixture()
        let first = Self.json(lab.post(Gestures.drag(from: 100, to: 500)))
        let second = Self.json(lab.post(Gestures.drag(from: 100, to: 200)))
        let (kept, slipped) = (try #require(first["trace"] as? String), try #require(second["trace"] as? String))
        #expect(try lab.database.integer("SELECT count(*) FROM trace") == 2)

        // Not the last one, another shape, no token: 400/403 and nothing deleted.
        #expect(Self.discard(lab, "{\"trace\": \(JSONWriter.string(kept))}").status == 400)
        for body in [#"{"name": "x"}"#, #"{"trace": 3}"#, "[]", "{"] { #expect(Self.discard(lab, body).status == 400, "\(body)") }
        #expect(Self.discard(lab, "{\"trace\": \(JSONWriter.string(slipped))}", token: "0").status == 403)
        #expect(try lab.database.integer("SELECT count(*) FROM trace") == 2)

        let answer = Self.discard(lab, "{\"trace\": \(JSONWriter.string(slipped))}")
        #expect(answer.status == 200)
        #expect(Self.json(answer)["discarded"] as? String == slipped)
        #expect(try lab.database.texts("SELECT name FROM trace") == [kept])
        #expect(try lab.database.integer("SELECT count(*) FROM result") == 1)
        #expect(try lab.database.integer(
            "SELECT count(*) FROM sample WHERE trace_id NOT IN (SELECT id FROM trace)") == 0)
        #expect(try lab.database.integer("SELECT trace_count FROM run") == 1)
        // Once: it is gone, and the one before it is not the last stored gesture.
        #expect(Self.discard(lab, "{\"trace\": \(JSONWriter.string(slipped))}").status == 400)
        #expect(Self.discard(lab, "{\"trace\": \(JSONWriter.string(kept))}").status == 400)
        let summary = lab.recorder.summaryText
        #expect(summary.contains("1 gesture stored"), "\(summary)")
        #expect(summary.hasSuffix("; 1 gesture discarded as slipped"), "\(summary)")
        // The next gesture is stored as usual, under a name of its own.
        let third = Self.json(lab.post(Gestures.drag(from: 100, to: 500)))
        #expect(third["trace"] as? String != slipped && third["trace"] as? String != kept)
    }

    /// A seed whose first pair shows B first: the first gesture is done under B.
    static let seedShowingBFirst: UInt64 = {
        var seed: UInt64 = 0
        while LabPairs.shownFirst(pair: 1, seed: seed) != .b { seed += 1 }
        return seed
    }()

    static var versus: Config {
        var config = Config()
        config.name = "flicky"
        config.decision = .velocity
        return config
    }

    static func pairGesture(_ pair: Int, task: String = "close") -> String {
        Gestures.drag(from: 100, to: 500, task: nil, extra: "\"meta\": {\"task\": \"\(task)\", \"pair\": \(pair)}, ")
    }

    /// Both runs exist before the first gesture, A's first, whatever the draw: A's run is the baseline.
    @Test func bothRunsAreMadeAtTheStartAsFirst() throws {
        let lab = try LabFixture(versus: Self.versus, seed: Self.seedShowingBFirst)
        try lab.recorder.beginPairedRuns()
        let runs = lab.recorder.runsBySide
        let (a, b) = (try #require(runs[.a]), try #require(runs[.b]))
        #expect(a < b)
        #expect(try lab.database.texts("SELECT c.name FROM run AS r JOIN config AS c ON c.id = r.config_id ORDER BY r.id")
            == [Config().name, "flicky"])
        let first = Self.json(lab.post(Self.pairGesture(1)))
        #expect(first["run"] as? Int == Int(b), "pair 1 begins with B, stored in B's run")
        #expect(try Store(path: lab.databasePath, readOnly: true).defaultBaselineRunID() == a)
    }

    /// Without the call at the start (a caller that forgot it), the first gesture still makes both, A's first.
    @Test func theFirstGestureMakesBothRunsWhenTheStartDidNot() throws {
        let lab = try LabFixture(versus: Self.versus, seed: Self.seedShowingBFirst)
        _ = lab.post(Self.pairGesture(1))
        #expect(try lab.database.texts("SELECT c.name FROM run AS r JOIN config AS c ON c.id = r.config_id ORDER BY r.id")
            == [Config().name, "flicky"])
    }

    /// A pair with a discarded gesture is done again: both gestures, as the same pair, in the same order.
    @Test func aPairWithASlipIsDoneAgain() throws {
        let lab = try LabFixture(versus: Self.versus, seed: Self.seedShowingBFirst)
        let first = Self.json(lab.post(Self.pairGesture(1)))
        let second = Self.json(lab.post(Self.pairGesture(1)))
        #expect(lab.prefer(#"{"pair": 1, "answer": "first"}"#).status == 200)
        #expect(try lab.database.integer("SELECT count(*) FROM preference") == 1)
        let slipped = try #require(second["trace"] as? String)
        let answer = Self.json(Self.discard(lab, "{\"trace\": \(JSONWriter.string(slipped))}"))
        #expect(try lab.database.integer("SELECT count(*) FROM preference") == 0, "the preference naming it goes too")
        let next = try #require(answer["next"] as? [String: Any])
        #expect(next["pair"] as? Int == 1 && next["stored"] as? Int == 0 && next["config"] as? String == "b")
        // The pair again from its first gesture; the first try of before stays, unpaired.
        let again = Self.json(lab.post(Self.pairGesture(1)))
        #expect(again["position"] as? String == "first")
        _ = lab.post(Self.pairGesture(1))
        #expect(lab.prefer(#"{"pair": 1, "answer": "same"}"#).status == 200)
        #expect(try lab.database.integer("SELECT count(*) FROM trace WHERE name = \(quoted(first["trace"] as? String ?? ""))") == 1)
        #expect(lab.recorder.summaryText.contains("1 gesture discarded as slipped"))
    }

    func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// With three or more detents, every detent is a start and an aim of some built-in task, the lowest included.
    @Test func threeDetentsAreEachStartedAtAndAimedFor() {
        let detents = [Detent(name: "tip", height: 0.1), Detent(name: "half", height: 0.5), Detent(name: "full", height: 1)]
        let tasks = LabDetents.builtInTasks(for: detents, repeatCount: 1)
        let starts = Set(tasks.compactMap(\.detent))
        let aims = Set(tasks.compactMap { $0.intent?.rawValue })
        #expect(starts == ["tip", "half", "full"])
        #expect(aims.isSuperset(of: ["tip", "half", "full", "finish"]))
        #expect(Set(tasks.map(\.id)).count == tasks.count, "ids are unique")
        #expect(tasks.contains { $0.id == "drop-to-tip" && $0.detent == "half" && $0.intent?.rawValue == "tip" })
        #expect(tasks.contains { $0.id == "raise-to-half" && $0.detent == "tip" && $0.intent?.rawValue == "half" })
        // Two detents keep their four tasks.
        #expect(LabDetents.builtInTasks(for: Array(detents.dropFirst()), repeatCount: 1).map(\.id)
            == ["drop", "expand", "flick-down", "close-from-full"])
    }

    /// Under `floatingpanel-states` (one state from where the finger lifts), a fast flick from full
    /// released above half stops at half, and the answer says that rule stopped it.
    @Test func theAnswerSaysWhenOneStateFromTheReleaseStoppedTheSheetShort() throws {
        let detents = [Detent(name: "tip", height: 0.1), Detent(name: "half", height: 0.5), Detent(name: "full", height: 1)]
        let config = try Preset.named("floatingpanel-states").config
        let task = LabTask(id: "flick", prompt: "Flick it", intent: nil, repeatCount: 1, detents: detents, detent: "full")
        let lab = try LabFixture(config: config, tasks: [task])
        let answer = Self.json(lab.post(Gestures.drag(
            from: 100, to: 250, steps: 10, dt: 0.008, task: "flick",
            extra: #""detents": {"tip": 0.1, "half": 0.5, "full": 1}, "detent": "full", "#)))
        #expect(answer["detent"] as? String == "half", "\(answer)")
        let stopped = try #require(answer["stoppedShort"] as? [String: Any], "\(answer)")
        #expect(stopped["key"] as? String == "stepOrigin" && stopped["limit"] as? Int == 1)
        let heading = try #require(stopped["heading"] as? String)
        #expect(heading != "half")
    }

    /// `maxSteps` 1 on a projecting rule that counts from the start: a fast flick down from full that
    /// would close the sheet stops at half, and the answer says which limit stopped it and where it was heading.
    @Test func theAnswerSaysWhenMaxStepsStoppedTheSheetShort() throws {
        let detents = [Detent(name: "tip", height: 0.1), Detent(name: "half", height: 0.5), Detent(name: "full", height: 1)]
        var config = try Preset.named("floatingpanel-states").config
        config.stepOrigin = .start
        config.maxSteps = 1
        let task = LabTask(id: "flick", prompt: "Flick it", intent: nil, repeatCount: 1, detents: detents, detent: "full")
        let lab = try LabFixture(config: config, tasks: [task])
        let body = Gestures.drag(
            from: 100, to: 400, steps: 10, dt: 0.008, task: "flick",
            extra: #""detents": {"tip": 0.1, "half": 0.5, "full": 1}, "detent": "full", "#)
        let answer = Self.json(lab.post(body))
        #expect(answer["detent"] as? String == "half", "\(answer)")
        let stopped = try #require(answer["stoppedShort"] as? [String: Any])
        #expect(stopped["key"] as? String == "maxSteps" && stopped["limit"] as? Int == 1)
        let heading = try #require(stopped["heading"] as? String)
        #expect(heading != "half")
        // A slow drag the limit does not touch says nothing of it.
        let slow = Self.json(lab.post(Gestures.drag(
            from: 100, to: 130, steps: 10, dt: 0.05, task: "flick",
            extra: #""detents": {"tip": 0.1, "half": 0.5, "full": 1}, "detent": "full", "#)))
        #expect(slow["stoppedShort"] == nil, "\(slow)")
    }
}

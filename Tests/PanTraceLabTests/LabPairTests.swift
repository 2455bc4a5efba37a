import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PanTraceStore
import Testing

/// docs/lab.md "Which felt better": pairs, their order, `POST /preferences`
/// and what is stored, through the responder in this process.
@Suite struct LabPairTests {
    /// A versus config that decides example 2's short fast pull otherwise than the defaults: a flick closes it.
    static var versus: Config {
        var config = Config()
        config.name = "flicky"
        config.decision = .velocity
        return config
    }

    /// A seed whose first two pairs come in both orders: pair 1 A first, pair 2 B first.
    static let seed: UInt64 = {
        var seed: UInt64 = 0
        while !(LabPairs.shownFirst(pair: 1, seed: seed) == .a && LabPairs.shownFirst(pair: 2, seed: seed) == .b) { seed += 1 }
        return seed
    }()

    static func json(_ response: LabResponder.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    /// The order of a pair is drawn from the session's seed and the pair alone, and both orders occur.
    @Test func ordersAreDrawnPerPairFromTheSeed() {
        let orders = (1...64).map { LabPairs.shownFirst(pair: $0, seed: 42) }
        #expect(orders == (1...64).map { LabPairs.shownFirst(pair: $0, seed: 42) })
        let a = orders.filter { $0 == .a }.count
        #expect(a > 16 && a < 48, "\(a) of 64 with A first")
        #expect(orders != (1...64).map { LabPairs.shownFirst(pair: $0, seed: 43) })
    }

    /// Two pairs in both orders and every answer path: the gestures in their configs' runs, the answers in `preference`.
    @Test func pairsAreStoredInTheirConfigsRunsAndAnswered() throws {
        let lab = try LabFixture(versus: Self.versus, seed: Self.seed)
        // Example 2 of docs/model.md: 90 pt in 80 ms, cancel under the defaults, a flick under `velocity`.
        func gesture(pair: Int, task: String) -> String {
            Gestures.drag(from: 100, to: 190, steps: 10, dt: 0.008, task: nil, extra: "\"meta\": {\"task\": \"\(task)\", \"pair\": \(pair)}, ")
        }
        let first = Self.json(lab.post(gesture(pair: 1, task: "peek")))
        #expect(first["pair"] as? Int == 1 && first["position"] as? String == "first")
        #expect(first["decision"] as? String == "cancel", "pair 1 begins with A (the defaults)")
        #expect((first["next"] as? [String: Any])?["config"] as? String == "b")
        let second = Self.json(lab.post(gesture(pair: 1, task: "peek")))
        #expect(second["position"] as? String == "second" && second["decision"] as? String == "finish")
        #expect((second["next"] as? [String: Any])?["asking"] as? Bool == true)
        // Pair 2: B first.
        let third = Self.json(lab.post(gesture(pair: 2, task: "close")))
        #expect(third["decision"] as? String == "finish", "pair 2 begins with B")
        _ = lab.post(gesture(pair: 2, task: "close"))

        #expect(lab.prefer(#"{"pair": 1, "answer": "second"}"#).status == 200)
        let answered = lab.prefer(#"{"answer": "first", "pair": 2}"#)
        #expect(answered.status == 200)
        #expect((Self.json(answered)["next"] as? [String: Any])?["pair"] as? Int == 3)

        let runs = lab.recorder.runsBySide
        let runA = try #require(runs[.a]), runB = try #require(runs[.b])
        #expect(runA != runB)
        #expect(try lab.database.integer("SELECT trace_count FROM run WHERE id = \(runA)") == 2)
        #expect(try lab.database.integer("SELECT trace_count FROM run WHERE id = \(runB)") == 2)
        let session = lab.recorder.session
        let rows = try lab.database.names(
            "SELECT session || ' ' || task || ' ' || run_a || ' ' || run_b || ' ' || trace_a || ' ' || trace_b || ' ' || shown_first || ' ' || choice FROM preference ORDER BY rowid")
        #expect(rows == [
            "\(session) peek \(runA) \(runB) lab-\(session)-1 lab-\(session)-2 a b",
            "\(session) close \(runA) \(runB) lab-\(session)-4 lab-\(session)-3 b b",
        ] as Set)
        // Each trace's meta names its pair.
        #expect(try lab.storedTrace("lab-\(session)-3")?.meta?.contains("\"pair\": 2") == true)
    }

    /// 400 and nothing stored: an unknown pair, one with one gesture, one answered twice, a malformed answer.
    @Test func answersThatDoNotFitAreRefused() throws {
        let lab = try LabFixture(versus: Self.versus, seed: Self.seed)
        func gesture(pair: Int, task: String = "close") -> String {
            Gestures.drag(from: 100, to: 500, task: nil, extra: "\"meta\": {\"task\": \"\(task)\", \"pair\": \(pair)}, ")
        }
        #expect(lab.prefer(#"{"pair": 1, "answer": "first"}"#).status == 400, "no pair yet")
        #expect(lab.post(gesture(pair: 1)).status == 200)
        #expect(lab.prefer(#"{"pair": 1, "answer": "first"}"#).status == 400, "one gesture only")
        #expect(lab.post(gesture(pair: 2)).status == 400, "pair 1 is under way")
        #expect(lab.post(gesture(pair: 1, task: "peek")).status == 400, "another task than the pair's")
        #expect(lab.post(Gestures.drag(from: 100, to: 500)).status == 400, "no pair named")
        #expect(lab.post(gesture(pair: 1)).status == 200)
        #expect(lab.post(gesture(pair: 1)).status == 400, "a third gesture")
        for body in [#"{"pair": 1}"#, #"{"pair": 1, "answer": "better"}"#, #"{"pair": 0, "answer": "same"}"#, #"{"pair": "1", "answer": "same"}"#,
                     #"{"pair": 1, "answer": "same", "choice": "a"}"#, #"[1, "same"]"#, "{"] {
            #expect(lab.prefer(body).status == 400, "\(body)")
        }
        #expect(lab.prefer(#"{"pair": 7, "answer": "same"}"#).status == 400)
        #expect(try lab.database.integer("SELECT count(*) FROM preference") == 0)
        #expect(lab.prefer(#"{"pair": 1, "answer": "same"}"#).status == 200)
        #expect(lab.prefer(#"{"pair": 1, "answer": "first"}"#).status == 400, "answered twice")
        #expect(try lab.database.names("SELECT choice FROM preference") == ["same"])
        // Token-guarded like the rest.
        #expect(lab.prefer(#"{"pair": 1, "answer": "first"}"#, token: "0").status == 403)
    }

    /// Without a config to compare with, `/preferences` does not exist.
    @Test func withoutVersusThereIsNoPreferencesRoute() throws {
        let lab = try LabFixture()
        #expect(lab.prefer(#"{"pair": 1, "answer": "first"}"#).status == 404)
        #expect(lab.responder.respond(to: .init(method: "GET", path: "/preferences", headerToken: lab.token.text)).status == 404)
        let withVersus = try LabFixture(versus: Self.versus)
        let get = withVersus.responder.respond(to: .init(method: "GET", path: "/preferences", headerToken: withVersus.token.text))
        #expect(get.status == 405 && get.allow == "POST")
    }
}

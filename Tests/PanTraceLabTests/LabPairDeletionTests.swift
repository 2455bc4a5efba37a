import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PanTraceStore
import Testing

/// docs/lab.md "Which felt better": an answer meets what a gesture meets —
/// another writer holding the database, a gesture deleted under the lab —
/// and is refused as a gesture is, never a 500, never stored naming a gesture
/// that no longer exists.
@Suite struct LabPairDeletionTests {
    static func gesture(pair: Int, task: String = "close") -> String {
        Gestures.drag(from: 100, to: 500, task: nil, extra: "\"meta\": {\"task\": \"\(task)\", \"pair\": \(pair)}, ")
    }

    /// A made pair, both gestures stored.
    static func madePair(_ lab: LabFixture, _ number: Int) {
        #expect(lab.post(gesture(pair: number)).status == 200)
        #expect(lab.post(gesture(pair: number)).status == 200)
    }

    @Test func anAnswerWhileAnotherWriterHoldsTheDatabaseIs503WithRetryThenStoredWhenSentAgain() throws {
        let lab = try LabFixture(versus: LabPairTests.versus, seed: LabPairTests.seed)
        Self.madePair(lab, 1)
        let other = try Store(path: lab.databasePath)
        let writing = try other.beginRun(.record, config: Config())
        var request = LabResponder.Request(
            method: "POST", path: "/preferences", headerToken: lab.token.text, body: Array(#"{"pair": 1, "answer": "first"}"#.utf8))
        let deadline = ContinuousClock.now + .milliseconds(300)
        request.storeDeadline = { deadline }
        let refused = lab.responder.respond(to: request)
        #expect(refused.status == 503, "\(String(decoding: refused.body, as: UTF8.self))")
        #expect(String(decoding: refused.body, as: UTF8.self).contains("\"retry\": true"))
        writing.rollback()
        other.close()
        #expect(try lab.database.integer("SELECT count(*) FROM preference") == 0)
        // Sent again once the other writer is done: stored.
        #expect(lab.prefer(#"{"pair": 1, "answer": "first"}"#).status == 200)
        #expect(try lab.database.integer("SELECT count(*) FROM preference") == 1)
    }

    @Test func anAnswerForAPairWhoseRunWasDeletedIs409AndTheSessionGoesOn() throws {
        let lab = try LabFixture(versus: LabPairTests.versus, seed: LabPairTests.seed)
        Self.madePair(lab, 1)
        let runB = try #require(lab.recorder.runsBySide[.b])
        do {
            let other = try Store(path: lab.databasePath)
            try other.deleteRun(runB)
        }
        let refused = lab.prefer(#"{"pair": 1, "answer": "second"}"#)
        #expect(refused.status == 409)
        let json = LabPairTests.json(refused)
        #expect((json["error"] as? String)?.contains("pair 1 cannot be answered") == true, "\(json)")
        // The page is not asked the same question again: the next is pair 2.
        #expect((json["next"] as? [String: Any])?["pair"] as? Int == 2)
        #expect((json["next"] as? [String: Any])?["asking"] as? Bool == false)
        #expect(lab.recorder.next?.pair == 2)
        #expect(lab.prefer(#"{"pair": 1, "answer": "second"}"#).status == 409, "given up: never stored")
        #expect(try lab.database.integer("SELECT count(*) FROM preference") == 0)
        // And it goes on: pair 2 is made and answered.
        Self.madePair(lab, 2)
        #expect(lab.prefer(#"{"pair": 2, "answer": "same"}"#).status == 200)
    }

    @Test func anAnswerForAPairWhoseTraceWasDeletedByHandIsNeverStoredNorCounted() throws {
        let lab = try LabFixture(versus: LabPairTests.versus, seed: LabPairTests.seed)
        Self.madePair(lab, 1)
        Self.madePair(lab, 2)
        let session = lab.recorder.session
        // The sqlite3 shell: foreign keys off, the trace deleted (its triggers delete its samples and results).
        try lab.database.execute("DELETE FROM trace WHERE name = 'lab-\(session)-2'")
        #expect(lab.prefer(#"{"pair": 1, "answer": "first"}"#).status == 409)
        #expect(try lab.database.integer("SELECT count(*) FROM preference") == 0)
        // Pair 2, made meanwhile, is answered.
        #expect(lab.prefer(#"{"pair": 2, "answer": "first"}"#).status == 200)
        // An answer whose trace is deleted by hand afterwards (its delete trigger dropped first) is not counted.
        let store = try Store(path: lab.databasePath)
        #expect(try store.preferences().count == 1)
        try lab.database.execute(
            "DROP TRIGGER trace_delete_preferences; DELETE FROM trace WHERE name = 'lab-\(session)-4'")
        #expect(try lab.database.integer("SELECT count(*) FROM preference") == 1)
        #expect(try store.preferences().isEmpty, "an answer naming a missing trace answers nothing")
    }
}

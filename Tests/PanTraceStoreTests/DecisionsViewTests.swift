import PanTraceModel
import Testing

@testable import PanTraceStore

@Suite struct DecisionsViewTests {
    static let outcomes: [Outcome] = [
        Outcome(
            decision: .finish, reason: .projection, percent: 0.1125, peakPercent: 0.125, velocity: 1250,
            projected: 0.892_187_5, settle: 0.355, overscroll: 0, trackingError: 0, attempted: false,
            beganSeq: 1, startSeq: 1),
        Outcome(
            decision: .cancel, reason: .guarded, percent: 0.483_333_333_333_333_3, peakPercent: 0.5,
            velocity: 400.000_000_000_1, settle: 0.193_333, overscroll: 290, trackingError: 130.070_123,
            attempted: true, beganSeq: 2, startSeq: 13),
        Outcome(decision: .none, reason: .scrollOwned, beganSeq: 3),
        Outcome(decision: .none, reason: .tooManyTouches),
    ]

    @Test func viewReturnsTheStoredOutcomeExactly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let session = try store.beginRun(.record, configName: "tuned", configJSON: #"{"threshold":0.3}"#)
        for (index, outcome) in Self.outcomes.enumerated() {
            let id = try session.add(makeTrace("trace-\(index)", seed: index, family: index == 0 ? nil : "f"))
            try session.addResult(traceID: id, outcome: outcome)
        }
        let run = try session.commit()

        let query = try store.database.prepare(
            """
            SELECT run, config, trace, intent, decision, reason, percent, peak_percent, velocity, projected,
                settle, overscroll, tracking_error, attempted, began_seq, start_seq, family, result
            FROM decisions ORDER BY trace
            """)
        var index = 0
        while try query.step() {
            let expected = Self.outcomes[index]
            #expect(query.int64(at: 0) == run)
            #expect(query.string(at: 1) == "tuned")
            #expect(query.string(at: 2) == "trace-\(index)")
            #expect(query.string(at: 3) == "finish")
            #expect(query.string(at: 4) == expected.decision.rawValue)
            #expect(query.string(at: 5) == expected.reason.rawValue)
            #expect(query.double(at: 6) == expected.percent)
            #expect(query.double(at: 7) == expected.peakPercent)
            #expect(query.double(at: 8) == expected.velocity)
            #expect(query.optionalDouble(at: 9) == expected.projected)
            #expect(query.double(at: 10) == expected.settle)
            #expect(query.double(at: 11) == expected.overscroll)
            #expect(query.double(at: 12) == expected.trackingError)
            #expect(query.int64(at: 13) == (expected.attempted ? 1 : 0))
            #expect(query.optionalInt(at: 14) == expected.beganSeq)
            #expect(query.optionalInt(at: 15) == expected.startSeq)
            #expect(query.string(at: 16) == (index == 0 ? nil : "f"))
            #expect(query.int64(at: 17) > 0)
            index += 1
        }
        #expect(index == Self.outcomes.count)

        let results = try store.results(ofRun: run)
        #expect(results.map(\.outcome) == Self.outcomes)
        #expect(results.map(\.traceName) == (0..<4).map { "trace-\($0)" })
    }

    @Test func framesRoundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let frames = [
            Frame(seq: 0, state: .possible, owner: .none, percent: 0, scrollOffset: 50),
            Frame(seq: 1, state: .began, owner: .scroll, percent: 0, scrollOffset: 45),
            Frame(seq: 2, state: .changed, owner: .transition, percent: 0.006_25, scrollOffset: -5.5),
            Frame(seq: 4, state: .failed, owner: .none, percent: 1, scrollOffset: 0),
        ]
        let session = try store.beginRun(.record, configName: "c", configJSON: "{}")
        let trace = try session.add(makeTrace("framed"))
        let withFrames = try session.addResult(traceID: trace, outcome: makeOutcome(0), frames: frames)
        let other = try session.add(makeTrace("frameless", seed: 1))
        let without = try session.addResult(traceID: other, outcome: makeOutcome(1))
        try session.commit()
        #expect(try store.frames(ofResult: withFrames) == frames)
        #expect(try store.frames(ofResult: without).isEmpty)
    }

    @Test func enumerationWordsAreCheckedByTheSchema() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a")], into: store)
        #expect(throws: SQLiteError.self) {
            try store.database.execute("UPDATE result SET decision = 'Finish'")
        }
        #expect(throws: SQLiteError.self) {
            try store.database.execute("UPDATE sample SET phase = 'moved' WHERE seq = 1")
        }
        #expect(throws: SQLiteError.self) {
            try store.database.execute("UPDATE frame SET owner = 'nobody'")
        }
    }
}

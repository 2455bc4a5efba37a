import Testing
import TraceFixtures

@testable import PanTraceModel

/// `observed` and `observedSource` (docs/model.md "What the app did"): read, checked, written back, matched.
@Suite struct ObservedTests {
    typealias L = TraceLines
    static let sheet = #""detents": {"medium": 0.5, "large": 1}, "detent": "large""#

    @Test(arguments: ["finish", "cancel", "none"])
    func aWordWithoutASourceIsTheAppsAndIsWrittenBack(word: String) throws {
        let trace = try Trace(jsonLine: L.minimal(#""observed": "\#(word)""#))
        #expect(trace.observed?.rawValue == word)
        #expect(trace.observedSource == .app)
        #expect(trace.jsonLine().contains(#""observed": "\#(word)", "observedSource": "app""#))
        #expect(try Trace(jsonLine: trace.jsonLine()) == trace)
    }

    @Test(arguments: ObservedSource.allCases)
    func everySourceRoundTrips(source: ObservedSource) throws {
        let trace = try Trace(
            jsonLine: L.minimal(Self.sheet + #", "intent": "medium", "observed": "large", "observedSource": "\#(source.rawValue)""#))
        #expect(trace.observed?.detentName == "large")
        #expect(trace.observedSource == source)
        #expect(trace.intent?.rawValue == "medium")
        let again = try Trace(jsonLine: trace.jsonLine())
        #expect(again == trace)
        var other = again
        other.observed = .finish
        #expect(other != trace)
    }

    @Test func noObservedNoKeys() throws {
        let trace = try Trace(jsonLine: L.minimal())
        #expect(trace.observed == nil && trace.observationSource == nil)
        #expect(!trace.jsonLine().contains("observed"))
    }

    static let refused: [InvalidLine] = [
        .init(label: "a detent name the trace lacks", text: L.minimal(sheet + #", "observed": "small""#),
              keyPath: "observed", reason: "found \"small\""),
        .init(label: "cancel on a sheet", text: L.minimal(sheet + #", "observed": "cancel""#),
              keyPath: "observed", reason: "not `cancel` or `none`"),
        .init(label: "none on a sheet", text: L.minimal(sheet + #", "observed": "none""#),
              keyPath: "observed", reason: "not `cancel` or `none`"),
        .init(label: "a detent name without detents", text: L.minimal(#""observed": "large""#),
              keyPath: "observed", reason: "expected `finish`, `cancel` or `none`"),
        .init(label: "wrong case", text: L.minimal(#""observed": "Finish""#),
              keyPath: "observed", reason: "lower case"),
        .init(label: "wrong case of a detent", text: L.minimal(sheet + #", "observed": "Large""#),
              keyPath: "observed", reason: "found \"Large\""),
        .init(label: "not a string", text: L.minimal(#""observed": 1"#),
              keyPath: "observed", reason: "expected `finish`, `cancel` or `none`"),
        .init(label: "a source without observed", text: L.minimal(#""observedSource": "app""#),
              keyPath: "observedSource", reason: "only with `observed`"),
        .init(label: "an unknown source", text: L.minimal(#""observed": "finish", "observedSource": "App""#),
              keyPath: "observedSource", reason: "`app`, `device` or `synthetic`"),
    ]

    @Test(arguments: refused)
    func refusedNamingLineAndKey(invalid: InvalidLine) throws {
        try invalid.expectRefused()
    }

    /// docs/model.md §2 "matches", case by case.
    @Test func matchingIsTheDecisionWordWithoutDetentsAndWhereItRestsWithThem() {
        // Without detents: equal words; `none` is not `cancel`.
        #expect(Observed.finish.matches(decision: .finish, detent: nil, withDetents: false))
        #expect(Observed.cancel.matches(decision: .cancel, detent: nil, withDetents: false))
        #expect(!Observed.cancel.matches(decision: .none, detent: nil, withDetents: false))
        #expect(!Observed.none.matches(decision: .cancel, detent: nil, withDetents: false))
        #expect(Observed.none.matches(decision: .none, detent: nil, withDetents: false))
        #expect(!Observed.finish.matches(decision: .cancel, detent: nil, withDetents: false))
        // With detents: finish is a dismissal; a name is where a result that is not dismissed rests.
        let large = Observed(word: "large")
        #expect(Observed.finish.matches(decision: .finish, detent: nil, withDetents: true))
        #expect(!Observed.finish.matches(decision: .cancel, detent: "medium", withDetents: true))
        #expect(large.matches(decision: .cancel, detent: "large", withDetents: true))
        #expect(large.matches(decision: .none, detent: "large", withDetents: true))
        #expect(!large.matches(decision: .cancel, detent: "medium", withDetents: true))
        #expect(!large.matches(decision: .finish, detent: nil, withDetents: true))
    }
}

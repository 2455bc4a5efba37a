import PanTrace
import Testing

/// Decisions, reasons and outcomes print as the words users see (SPEC 6's TEXT words).
@Suite struct OutcomeDescriptionTests {
    @Test func decisionsAndReasonsPrintTheirWords() {
        #expect(Decision.allCases.map { "\($0)" } == ["finish", "cancel", "none"])
        #expect("\(Reason.belowThreshold)" == "belowThreshold")
        #expect(Reason.allCases.allSatisfy { "\($0)" == $0.rawValue })
        #expect(String(describing: Decision.cancel) == "cancel")
    }

    @Test func outcomePrintsDecisionReasonAndNumbers() {
        let outcome = Outcome(decision: .finish, reason: .projection, percent: 0.4833, velocity: 400, projected: 0.89219, attempted: true)
        #expect("\(outcome)" == "finish/projection percent 0.483 velocity 400.0 pt/s projected 0.892 attempted")
        #expect("\(Outcome(decision: .none, reason: .neverBegan))" == "none/neverBegan percent 0.000 velocity 0.0 pt/s")
    }
}

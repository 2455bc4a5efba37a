import PanTraceKit
import PanTraceModel
import Testing

/// An outcome prints as one line: its decision and reason in the stored words, then its numbers.
@Suite struct OutcomeDescriptionTests {
    @Test func outcomePrintsDecisionReasonAndNumbers() {
        let outcome = Outcome(decision: .finish, reason: .projection, percent: 0.4833, velocity: 400, projected: 0.89219, attempted: true)
        #expect("\(outcome)" == "finish/projection percent 0.483 velocity 400.0 pt/s projected 0.892 attempted")
        #expect("\(Outcome(decision: .none, reason: .neverBegan))" == "none/neverBegan percent 0.000 velocity 0.0 pt/s")
    }
}

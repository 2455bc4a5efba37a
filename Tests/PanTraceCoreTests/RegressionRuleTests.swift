import Foundation
import Testing
@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// docs/commands.md §7.3's regression against intent, over every intent × baseline decision
/// × candidate decision, with the expected values spelt from docs/model.md §2's words
/// (`agrees`, `accidental`, `missed`), not from the code under test.
@Suite struct RegressionRuleTests {
    /// One combination: the trace's intent (or none) and the two runs' decisions.
    struct Case: CustomTestStringConvertible, Sendable {
        var intent: Intent?
        var baseline: Decision
        var candidate: Decision

        var testDescription: String { "\(intent?.rawValue ?? "no intent"): \(baseline.rawValue) → \(candidate.rawValue)" }

        /// docs/model.md §2: an accidental result has intent `cancel` and decision `finish`.
        static func accidental(_ intent: Intent?, _ decision: Decision) -> Bool { intent == .cancel && decision == .finish }
        /// docs/model.md §2: a missed result has intent `finish` and decision `cancel` or `none`.
        static func missed(_ intent: Intent?, _ decision: Decision) -> Bool {
            intent == .finish && (decision == .cancel || decision == .none)
        }
        /// docs/model.md §2: `finish` agrees with intent `finish`; `cancel` and `none` with intent `cancel`.
        static func agrees(_ intent: Intent, _ decision: Decision) -> Bool {
            switch (intent, decision) {
            case (.finish, .finish), (.cancel, .cancel), (.cancel, .none): true
            default: false
            }
        }

        /// docs/commands.md §7.3: the trace has an intent the baseline agreed with and the candidate does not.
        var isRegression: Bool {
            guard let intent else { return false }
            return Self.agrees(intent, baseline) && !Self.agrees(intent, candidate)
        }

        /// The same, in docs/commands.md §7.3's other words: a new accidental or a new missed result.
        var isNewAccidentalOrMissed: Bool {
            (Self.accidental(intent, candidate) && !Self.accidental(intent, baseline))
                || (Self.missed(intent, candidate) && !Self.missed(intent, baseline))
        }

        var trace: ComparedTrace {
            ComparedTrace(
                name: testDescription, family: nil, intent: intent,
                baseline: ResultSummary(decision: baseline, reason: .threshold, percent: 0.5, velocity: 0),
                candidate: ResultSummary(decision: candidate, reason: .flick, percent: 0.5, velocity: 0))
        }
    }

    static let decisions: [Decision] = [.finish, .cancel, .none]
    static let cases: [Case] = [nil, Intent.finish, .cancel].flatMap { intent in
        decisions.flatMap { baseline in decisions.map { Case(intent: intent, baseline: baseline, candidate: $0) } }
    }

    @Test(arguments: cases)
    func aRegressionIsANewDisagreementWithIntent(_ combination: Case) {
        let trace = combination.trace
        #expect(combination.isRegression == combination.isNewAccidentalOrMissed)
        #expect(trace.isRegression == combination.isRegression)
        // Every regression is a change (agreement follows the decision alone).
        if trace.isRegression { #expect(trace.isChange) }
        let agreesNow = combination.intent.map { Case.agrees($0, combination.candidate) } ?? false
        let agreedBefore = combination.intent.map { Case.agrees($0, combination.baseline) } ?? false
        #expect(trace.nowAgreesWithIntent == (agreesNow && !agreedBefore))
    }

    /// The nine pairs under each intent: the exact list of regressions.
    @Test func theRegressionsAreExactlyTheseFour() {
        let regressions = Self.cases.filter { $0.trace.isRegression }.map(\.testDescription)
        #expect(regressions == [
            "finish: finish → cancel", "finish: finish → none", "cancel: cancel → finish", "cancel: none → finish",
        ])
    }

    @Test func aTraceWithoutABaselineResultIsNoRegression() {
        var trace = Case(intent: .finish, baseline: .finish, candidate: .cancel).trace
        trace.baseline = nil
        #expect(!trace.isRegression)
        #expect(!trace.nowAgreesWithIntent)
    }

    /// A comparison of all 27 combinations counts each regression once, in
    /// the report's `regressions` and in its accidental and missed lists.
    @Test func theComparisonCountsRegressions() throws {
        var comparison = RunComparison(baseline: RunLabel(run: 1, config: "a"), candidate: RunLabel(run: 2, config: "b"))
        for combination in Self.cases { comparison.add(combination.trace) }
        let expected = Self.cases.filter(\.isRegression)
        #expect(comparison.regressions == expected.count)
        #expect(comparison.changed == Self.cases.filter { $0.baseline != $0.candidate }.count)
        #expect(Set(comparison.accidentalDismissals.map(\.name)) == Set(expected.filter { $0.intent == .cancel }.map(\.testDescription)))
        #expect(Set(comparison.missedDismissals.map(\.name)) == Set(expected.filter { $0.intent == .finish }.map(\.testDescription)))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(comparison.jsonReport().utf8)) as? [String: Any])
        #expect(object["regressions"] as? Int == expected.count)
        #expect(comparison.textReport().contains("regressions against intent: \(expected.count)\n"))
    }

    /// JUnit: a change that counts is a failure; one that does not passes and
    /// names its change, and why it does not count, in `<system-out>`.
    @Test(arguments: cases.filter { $0.baseline != $0.candidate })
    func junitFailsOnlyWhatCounts(_ combination: Case) {
        let trace = combination.trace
        let counted = JUnitReport.testCase(trace, counts: true)
        #expect(counted.contains("<failure message=\"decision changed: \(combination.baseline.rawValue) → \(combination.candidate.rawValue)\""))
        #expect(!counted.contains("<system-out>"))
        let passing = JUnitReport.testCase(trace, counts: false)
        #expect(!passing.contains("<failure"))
        let change = "\(combination.baseline.rawValue)/threshold → \(combination.candidate.rawValue)/flick"
        #expect(passing.contains("<system-out>decision changed, not counted ("))
        #expect(passing.contains("): \(change)\nbaseline  \(combination.baseline.rawValue)/threshold 50.0%"))
        let why: String
        switch combination.intent {
        case nil: why = "the trace has no intent"
        case let intent?:
            switch (Case.agrees(intent, combination.baseline), Case.agrees(intent, combination.candidate)) {
            case (true, true): why = "agrees with intent \(intent.rawValue) before and now"
            case (false, true): why = "now agrees with intent \(intent.rawValue)"
            case (false, false): why = "did not agree with intent \(intent.rawValue) before either"
            case (true, false): why = "a regression against intent \(intent.rawValue)"
            }
        }
        #expect(passing.contains("(\(why))"), "\(passing)")
    }

    @Test func anUnchangedTraceIsAPassingCaseEitherWay() {
        let same = Case(intent: .finish, baseline: .finish, candidate: .finish).trace
        #expect(JUnitReport.testCase(same, counts: false) == JUnitReport.testCase(same, counts: true))
        #expect(JUnitReport.testCase(same).hasSuffix("time=\"0\"/>\n"))
    }
}

import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceReports
import Testing

/// One definition of a change (decision or detent) and one wording of it by
/// where the result rests (docs/commands.md §7.3), the same in the text,
/// JSON, JUnit and HTML reports.
@Suite struct ChangeWordingTests {
    static func summary(_ decision: Decision, _ detent: String? = nil, _ reason: Reason = .threshold) -> ResultSummary {
        ResultSummary(decision: decision, reason: reason, percent: 0.3, velocity: 100, detent: detent)
    }

    static func sheet(_ name: String, intent: Intent? = nil, _ before: ResultSummary, _ after: ResultSummary) -> ComparedTrace {
        ComparedTrace(name: name, family: "sheet", intent: intent, startDetent: "large", baseline: before, candidate: after)
    }

    static func plain(_ name: String, _ before: Decision, _ after: Decision) -> ComparedTrace {
        ComparedTrace(name: name, family: nil, intent: nil, baseline: summary(before), candidate: summary(after))
    }

    /// The spec's example: 3 traces without detents flip from finish to
    /// cancel, 9 sheets now drop from large to medium.
    static var example: RunComparison {
        var comparison = RunComparison(baseline: RunLabel(run: 1, config: "a"), candidate: RunLabel(run: 2, config: "b"))
        for index in 0..<3 { comparison.add(plain("flip-\(index)", .finish, .cancel)) }
        for index in 0..<9 {
            comparison.add(sheet("sheet-\(index)", intent: .cancel, summary(.cancel, "large"), summary(.cancel, "medium")))
        }
        comparison.add(sheet("same", summary(.cancel, "large"), summary(.cancel, "large")))
        return comparison
    }

    @Test func aChangeIsADecisionOrADetent() {
        #expect(ResultChange(from: .cancel, "large", to: .cancel, "medium") == .detent)
        #expect(ResultChange(from: .cancel, "large", to: .finish, nil) == .decision)
        #expect(ResultChange(from: .cancel, "large", to: .cancel, "large") == nil)
        #expect(ResultChange(from: .finish, nil, to: .finish, nil) == nil)
        // Canonically equivalent but not the same scalars: two detents (docs/model.md §3).
        #expect(ResultChange(from: .cancel, "caf\u{E9}", to: .cancel, "cafe\u{301}") == .detent)
        let a = Outcome(decision: .cancel, reason: .belowThreshold, percent: 0.2, detent: "large")
        var b = a
        b.detent = "medium"
        #expect(!a.decidesAlike(b))
        #expect(ResultSummary(a) != ResultSummary(b))
    }

    @Test func wordsSayWhereItRestsNeverCancelToCancel() {
        #expect(Self.sheet("x", Self.summary(.cancel, "large"), Self.summary(.cancel, "medium")).changeWording == "large → medium")
        #expect(Self.sheet("x", Self.summary(.cancel, "medium"), Self.summary(.finish)).changeWording == "medium → dismissed")
        #expect(Self.plain("x", .finish, .cancel).changeWording == "finish → cancel")
        #expect(Self.sheet("x", Self.summary(.cancel, "large"), Self.summary(.cancel, "large")).changeWording == nil)
        // The same detent under another decision word is worded by the decisions.
        #expect(Self.sheet("x", Self.summary(.cancel, "large"), Self.summary(.none, "large")).changeWording == "cancel → none")
    }

    @Test func textCountsDecisionAndDetentChangesApart() {
        let text = Self.example.textReport()
        #expect(text.contains("12 changed: 3 finish → cancel, 9 rest at another detent\n"))
        #expect(text.contains("  large → medium"))
        #expect(!text.contains("cancel → cancel"))
        #expect(!text.contains("decisions changed: 12"))
        #expect(Self.example.decisionChanges == 3)
        #expect(Self.example.detentChanges == 9)
        #expect(Self.example.wrongDetents.count == 9)
    }

    @Test func jsonCarriesTheDetentOfEachSideAndTheCounts() throws {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.example.jsonReport().utf8)) as? [String: Any])
        #expect(json["changed"] as? Int == 12)
        #expect(json["decisionChanges"] as? Int == 3)
        #expect(json["detentChanges"] as? Int == 9)
        let changes = try #require(json["changes"] as? [[String: Any]])
        let sheet = try #require(changes.first { $0["trace"] as? String == "sheet-0" })
        #expect((sheet["baseline"] as? [String: Any])?["detent"] as? String == "large")
        #expect((sheet["candidate"] as? [String: Any])?["detent"] as? String == "medium")
        #expect(sheet["wording"] as? String == "large → medium")
        #expect(sheet["change"] as? String == "detent")
        let flip = try #require(changes.first { $0["trace"] as? String == "flip-0" })
        #expect((flip["baseline"] as? [String: Any])?.keys.contains("detent") == false)
        #expect(((json["intent"] as? [String: Any])?["wrongDetents"]) as? Int == 9)
    }

    @Test func junitSaysWhereItRestsNow() {
        let detent = JUnitReport.testCase(Self.sheet("s", Self.summary(.cancel, "large"), Self.summary(.cancel, "medium")))
        #expect(detent.contains("<failure message=\"rests at medium, was large\" type=\"detentChanged\">"))
        let dismissed = JUnitReport.testCase(Self.sheet("s", Self.summary(.cancel, "medium"), Self.summary(.finish)))
        #expect(dismissed.contains("<failure message=\"dismissed, was medium\" type=\"decisionChanged\">"))
        let plain = JUnitReport.testCase(Self.plain("p", .finish, .cancel))
        #expect(plain.contains("<failure message=\"decision changed: finish → cancel\""))
        #expect(!detent.contains("cancel → cancel"))
    }
}

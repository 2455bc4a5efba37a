import Foundation
import Testing
@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

@Suite struct RunComparisonTests {
    static func summary(_ decision: Decision, _ reason: Reason, _ percent: Double = 0.3, _ velocity: Double = 100) -> ResultSummary {
        ResultSummary(decision: decision, reason: reason, percent: percent, velocity: velocity)
    }

    static var comparison: RunComparison {
        var comparison = RunComparison(
            baseline: RunLabel(run: 1, config: "baseline"),
            candidate: RunLabel(run: 2, config: "baseline threshold=0.3"),
            settingChanges: [Config.Difference(key: "threshold", old: "0.4", new: "0.3")])
        let same = summary(.finish, .threshold, 0.5)
        comparison.add(ComparedTrace(name: "b-same", family: "slow-drag", intent: .finish, baseline: same, candidate: same))
        comparison.add(ComparedTrace(
            name: "a-flip", family: "peek", intent: .cancel,
            baseline: summary(.cancel, .belowThreshold), candidate: summary(.finish, .threshold)))
        comparison.add(ComparedTrace(
            name: "c-missed", family: "slow-drag", intent: .finish,
            baseline: summary(.finish, .threshold), candidate: summary(.cancel, .guarded)))
        comparison.add(ComparedTrace(
            name: "d-agree", family: "flick", intent: .finish,
            baseline: summary(.cancel, .belowThreshold), candidate: summary(.finish, .flick)))
        comparison.add(ComparedTrace(
            name: "e-reason", family: "flick", intent: nil,
            baseline: summary(.finish, .threshold), candidate: summary(.finish, .flick)))
        comparison.add(ComparedTrace(
            name: "f-new", family: nil, intent: nil, baseline: nil, candidate: summary(.none, .neverBegan)))
        return comparison
    }

    @Test func countsChangesTransitionsAndIntent() {
        let comparison = Self.comparison
        #expect(comparison.traces == 5)
        #expect(comparison.withoutBaseline == 1)
        #expect(comparison.changed == 3)
        #expect(comparison.reasonChanges == 1)
        #expect(comparison.transitions == [
            Transition(from: .cancel, to: .finish): 2, Transition(from: .finish, to: .cancel): 1,
        ])
        #expect(comparison.accidentalDismissals.map(\.name) == ["a-flip"])
        #expect(comparison.missedDismissals.map(\.name) == ["c-missed"])
        #expect(comparison.nowAgree.map(\.name) == ["d-agree"])
    }

    /// The JSON report parses, has docs/commands.md §7.3's keys, and lists the changes by name.
    @Test func jsonReportHasTheSpecShape() throws {
        let text = Self.comparison.jsonReport()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let baseline = try #require(object["baseline"] as? [String: Any])
        #expect(baseline["run"] as? Int == 1)
        #expect(baseline["config"] as? String == "baseline")
        let candidate = try #require(object["candidate"] as? [String: Any])
        #expect(candidate["config"] as? String == "baseline threshold=0.3")
        #expect(object["traces"] as? Int == 5)
        #expect(object["changed"] as? Int == 3)
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.compactMap { $0["trace"] as? String } == ["a-flip", "c-missed", "d-agree"])
        let first = try #require(changes.first?["candidate"] as? [String: Any])
        #expect(first["decision"] as? String == "finish")
        #expect(first["reason"] as? String == "threshold")
        #expect(first["percent"] as? Double == 0.3)
        #expect(first["velocity"] as? Double == 100)
    }

    @Test func textReportGroupsAndNamesChanges() {
        let text = Self.comparison.textReport(limit: 2)
        #expect(text.contains("threshold  0.4 → 0.3"))
        #expect(text.contains("3 changed: 2 cancel → finish, 1 finish → cancel\n"))
        #expect(text.contains("cancel → finish"))
        #expect(text.contains("new accidental dismissals (intent cancel, now finish): 1  a-flip"))
        #expect(text.contains("newly missed dismissals (intent finish, now cancel): 1  c-missed"))
        #expect(text.contains("… and 1 more"))
        #expect(!text.contains("\u{1B}["))
        #expect(Self.comparison.textReport(style: TextStyle(colour: true)).contains("\u{1B}[31m"))
    }

    @Test func junitCasesEscapeAndFail() {
        let flip = ComparedTrace(
            name: "x'); DROP TABLE trace;--<&>", family: "peek", intent: .cancel,
            baseline: Self.summary(.cancel, .belowThreshold), candidate: Self.summary(.finish, .threshold))
        let xml = JUnitReport.testCase(flip)
        #expect(xml.contains("name=\"x&apos;); DROP TABLE trace;--&lt;&amp;&gt;\""))
        #expect(xml.contains("<failure message=\"decision changed: cancel → finish\""))
        let same = ComparedTrace(name: "ok", family: nil, intent: nil, baseline: flip.candidate, candidate: flip.candidate)
        #expect(JUnitReport.testCase(same) == "  <testcase classname=\"pantrace.trace\" name=\"ok\" time=\"0\"/>\n")
    }

    /// The traces whose reason changed with the same decision are listed by
    /// name, as `reasonChanges` counts them; `regressions` and `warnings` are there.
    @Test func jsonReportListsReasonChanges() throws {
        var comparison = Self.comparison
        comparison.add(ComparedTrace(
            name: "0-reason", family: nil, intent: .cancel,
            baseline: Self.summary(.cancel, .belowThreshold), candidate: Self.summary(.cancel, .reverseFlick)))
        let text = comparison.jsonReport()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["regressions"] as? Int == 2)  // a-flip (new accidental), c-missed (newly missed)
        #expect(object["reasonChanges"] as? Int == 2)
        let listed = try #require(object["reasonChangedTraces"] as? [[String: Any]])
        #expect(listed.count == 2)
        #expect(listed.first?["trace"] as? String == "0-reason")
        #expect(listed.first?["decision"] as? String == "cancel")
        #expect(listed.first?["baseline"] as? String == "belowThreshold")
        #expect(listed.first?["candidate"] as? String == "reverseFlick")
        #expect(listed.first?["intent"] as? String == "cancel")
        #expect(listed.first?["family"] is NSNull)
        #expect(listed.last?["trace"] as? String == "e-reason")
        #expect(listed.last?["family"] as? String == "flick")
        #expect(object["warnings"] as? [String] == [])
        // The spec's keys first, in the spec's order, `regressions` beside `changed`.
        #expect(text.hasPrefix(
            #"{"baseline": {"run": 1, "config": "baseline"}, "candidate": {"run": 2, "config": "baseline threshold=0.3"}, "traces": 6, "changed": 3, "regressions": 2, "changes": [{"trace": "a-flip""#))
    }

    /// The reason changes as a table under the changed traces, cut at `limit`.
    @Test func textReportListsReasonChanges() {
        let text = Self.comparison.textReport(limit: 2)
        #expect(text.contains("reasons changed, same decision: 1\n"))
        #expect(text.contains("regressions against intent: 2\n"))
        let table = text.components(separatedBy: "reason changed, same decision:\n").last ?? ""
        let rows = table.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == ["trace", "family", "intent", "decision", "baseline", "reason", "candidate", "reason"])
        #expect(rows.dropFirst().first { $0.first == "e-reason" } == ["e-reason", "flick", "-", "finish", "threshold", "flick"])
    }

    /// `--limit 0`: the counts alone, no table (not even its header) and no names.
    @Test func limitZeroPrintsNoTable() {
        let text = Self.comparison.textReport(limit: 0)
        #expect(text.contains("3 changed: 2 cancel → finish, 1 finish → cancel\n"))
        #expect(text.contains("reasons changed, same decision: 1\n"))
        #expect(text.contains("  new accidental dismissals (intent cancel, now finish): 1\n"))
        for absent in ["changed traces:", "reason changed, same decision:", "trace ", "a-flip", "e-reason", "… and"] {
            #expect(!text.contains(absent), "\(absent)")
        }
        #expect(!text.hasSuffix("\n\n"))
    }

    /// docs/model.md §2's intent is a person's meaning for one gesture: another interaction warns.
    @Test func anotherInteractionWarns() throws {
        var comparison = Self.comparison
        #expect(comparison.warnings.isEmpty)
        comparison.settingChanges.append(Config.Difference(key: "interaction", old: "pull-to-dismiss", new: "swipe-back"))
        let warning = try #require(comparison.warnings.first)
        #expect(comparison.warnings.count == 1)
        #expect(warning.hasPrefix("the baseline ran pull-to-dismiss and this run swipe-back: a trace's intent was meant for the baseline's gesture"))
        #expect(comparison.textReport().contains("\nwarning: \(warning)\n"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(comparison.jsonReport().utf8)) as? [String: Any])
        #expect(object["warnings"] as? [String] == [warning])
    }

    @Test func fixedFormatting() {
        #expect(TextFormat.fixed(1210.54, digits: 1) == "1210.5")
        #expect(TextFormat.fixed(-0.04, digits: 1) == "0.0")
        #expect(TextFormat.fixed(-2.25, digits: 2) == "-2.25")
        #expect(TextFormat.percent(0.3125) == "31.3%")
        #expect(TextFormat.fixed(7, digits: 0) == "7")
    }
}

import PanTraceModel
import Testing
@testable import PanTraceLab

/// The page's script explains each answer by its reason in JavaScript
/// (docs/lab.md "Feel"), so it spells the reasons' words itself: every word
/// it switches on must be one of `Reason`'s, and every reason a lab gesture
/// can get must have its sentence, so that a reason added to the model or
/// renamed cannot fall through to the page's bare fallback unnoticed.
@Suite struct LabPageWordsTests {
    /// The words of `case "word":` in `function name(…) { … }` of the feel script.
    static func caseWords(inFunction name: String) -> [String] {
        let script = LabPage.feelScript
        guard let start = script.range(of: "function \(name)(") else { return [] }
        let rest = script[start.upperBound...]
        let end = rest.range(of: "\n        function ")?.lowerBound ?? rest.endIndex
        var words: [String] = []
        var body = rest[..<end]
        while let open = body.range(of: "case \"") {
            let after = body[open.upperBound...]
            guard let close = after.firstIndex(of: "\"") else { break }
            words.append(String(after[..<close]))
            body = after[close...]
        }
        return words
    }

    @Test func everyWordThePageExplainsIsAReason() {
        let reasons = Set(Reason.allCases.map(\.rawValue))
        for function in ["explain", "explainSheet"] {
            let words = Self.caseWords(inFunction: function)
            #expect(!words.isEmpty, "no case in \(function)")
            for word in words { #expect(reasons.contains(word), "\(function): \(word) is not a Reason") }
        }
    }

    /// A lab gesture is a trace under the session's interaction, so it is
    /// never `notApplicable`; `step` is a sheet's alone. Every other reason
    /// has its own sentence without detents, and every reason of a lift or
    /// cancel after the transition started has one with detents.
    @Test func everyReasonALabGestureGetsIsExplained() {
        let plain = Set(Self.caseWords(inFunction: "explain"))
        let sheet = Set(Self.caseWords(inFunction: "explainSheet"))
        for reason in Reason.allCases where reason != .notApplicable && reason != .step {
            #expect(plain.contains(reason.rawValue), "explain lacks \(reason.rawValue)")
        }
        let started: [Reason] = [.threshold, .belowThreshold, .projection, .flick, .step, .reverseFlick, .guarded, .cancelled]
        for reason in started { #expect(sheet.contains(reason.rawValue), "explainSheet lacks \(reason.rawValue)") }
    }
}

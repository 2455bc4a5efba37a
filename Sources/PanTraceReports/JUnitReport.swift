import PanTraceCore
import PanTraceModel

/// JUnit XML for `regress --junit`: one test case per trace, a failure per
/// changed decision that counts (docs/commands.md §7.3).
public enum JUnitReport {
    /// The XML declaration and the opening `<testsuites>`/`<testsuite>` with the totals.
    ///
    /// With a `judgement`, the suite's `<properties>` state the verdict
    /// (`verdict`, `reason`, `failOn`, `changed`, `counted`, `maxChanges`,
    /// and with an allow list `allow` and `allowed`), as every report of the run does.
    public static func header(
        suite: String, tests: Int, failures: Int, skipped: Int, seconds: Double, judgement: RegressionJudgement? = nil
    ) -> String {
        let name = escape(suite)
        let time = TextFormat.fixed(seconds, digits: 3)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="pantrace" tests="\(tests)" failures="\(failures)" errors="0" skipped="\(skipped)" time="\(time)">
            <testsuite name="\(name)" tests="\(tests)" failures="\(failures)" errors="0" skipped="\(skipped)" time="\(time)">

            """
        guard let judgement else { return text }
        var properties: [(String, String)] = [
            ("verdict", judgement.word), ("reason", judgement.sentence), ("failOn", judgement.failOn),
            ("changed", String(judgement.changed)), ("counted", String(judgement.counted)),
            ("maxChanges", String(judgement.maxChanges)), ("regressions", String(judgement.regressions)),
        ]
        if let file = judgement.allowFile {
            properties += [("allow", file), ("allowed", String(judgement.accepted))]
        }
        text += "  <properties>\n"
        for (key, value) in properties {
            text += "    <property name=\"\(key)\" value=\"\(escape(value))\"/>\n"
        }
        return text + "  </properties>\n"
    }

    public static let footer = "</testsuite>\n</testsuites>\n"

    /// The end of the report; with a `judgement`, the suite's `<system-out>`
    /// says the verdict in words and lists the allow list's entries.
    public static func footer(judgement: RegressionJudgement?) -> String {
        guard let judgement else { return footer }
        var lines = ["verdict: " + judgement.line]
        if let file = judgement.allowFile {
            for entry in judgement.allowList {
                lines.append(
                    "\(file):\(entry.line) \(entry.trace) \(entry.changed ? "accepted" : "unchanged")"
                        + (entry.reason.map { " # \($0)" } ?? ""))
            }
        }
        return "  <system-out>\(escape(lines.joined(separator: "\n"), inAttribute: false))</system-out>\n" + footer
    }

    /// One `<testcase>`: passed when the decision is unchanged, `<skipped>`
    /// without a baseline result, and for a changed decision a `<failure>`
    /// saying baseline vs candidate when the change `counts` (docs/commands.md §7.3: when
    /// only regressions against intent count, a regression), else a passing case
    /// that names the change and why it does not count in `<system-out>`.
    /// A change accepted on purpose (`accepted`: the allow list's entry) passes, and its
    /// `<system-out>` starts with `accepted` (`accepted in allow.txt:3: why`).
    public static func testCase(_ trace: ComparedTrace, counts: Bool = true, accepted: String? = nil) -> String {
        let classname = "pantrace." + escape(trace.family ?? "trace")
        let xml = "  <testcase classname=\"\(classname)\" name=\"\(escape(trace.name))\" time=\"0\""
        guard let baseline = trace.baseline else {
            return xml + ">\n    <skipped message=\"no result in the baseline run\"/>\n  </testcase>\n"
        }
        guard trace.isChange else { return xml + "/>\n" }
        let detail = "baseline  \(RunComparison.describe(baseline))\ncandidate \(RunComparison.describe(trace.candidate))"
            + (trace.intent.map { "\nintent    \($0.rawValue)" } ?? "")
        // docs/commands.md §7.3: a change is worded by where it rests (`rests at medium, was large`).
        let sheet = trace.startDetent != nil
        let message = ResultChange.failureWords(
            from: baseline.decision, baseline.detent, to: trace.candidate.decision, trace.candidate.detent, sheet: sheet)
        let rests = sheet ? " (\(trace.changeWording ?? ""))" : ""
        let change = "\(baseline.decision.rawValue)/\(baseline.reason.rawValue) → "
            + "\(trace.candidate.decision.rawValue)/\(trace.candidate.reason.rawValue)" + rests
        let kind = trace.change == .detent ? "detent changed" : "decision changed"
        if let accepted {
            let text = "\(kind), \(accepted)\n\(change)\n\(detail)"
            return xml + ">\n    <system-out>\(escape(text, inAttribute: false))</system-out>\n  </testcase>\n"
        }
        guard fails(trace, counts: counts) else {
            let text = "\(kind), not counted (\(uncountedBecause(trace))): \(change)\n\(detail)"
            return xml + ">\n    <system-out>\(escape(text, inAttribute: false))</system-out>\n  </testcase>\n"
        }
        let type = trace.change == .detent ? "detentChanged" : "decisionChanged"
        return xml + ">\n    <failure message=\"\(escape(message))\" type=\"\(type)\">"
            + "\(escape(detail, inAttribute: false))</failure>\n  </testcase>\n"
    }

    /// Whether `trace`'s test case is a failure: its decision changed and the change `counts`.
    public static func fails(_ trace: ComparedTrace, counts: Bool) -> Bool { trace.isChange && counts }

    /// Why a changed decision is no regression against intent (docs/commands.md §7.3).
    static func uncountedBecause(_ trace: ComparedTrace) -> String {
        guard let intent = trace.intent else { return "the trace has no intent" }
        if trace.isRegression { return "a regression against intent \(intent.rawValue)" }
        if trace.nowAgreesWithIntent { return "now agrees with intent \(intent.rawValue)" }
        if trace.candidateAgreement == .agree { return "agrees with intent \(intent.rawValue) before and now" }
        return "did not agree with intent \(intent.rawValue) before either"
    }

    /// Text for an XML attribute or element: `& < > " '` escaped, and control
    /// characters XML 1.0 cannot carry replaced by U+FFFD.
    ///
    /// In an attribute (`inAttribute`, the default) a tab, line feed or carriage
    /// return is written as a character reference: a parser would read it
    /// back as a space (XML 1.0 §3.3.3), and a trace name must survive exactly.
    public static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r":
                if inAttribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

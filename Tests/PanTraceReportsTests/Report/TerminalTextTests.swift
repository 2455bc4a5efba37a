import PropertyBased
import Testing

@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// docs/safety.md: control characters in names must not reach the terminal raw.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("flick\u{1B}[2J", #"flick\u{1B}[2J"#),  // ESC: would clear the screen
        ("two\nlines", #"two\nlines"#),
        ("back\rover", #"back\rover"#),
        ("tab\there", #"tab\there"#),
        ("nul\u{0}", #"nul\u{0}"#),
        ("next\u{85}line", #"next\u{85}line"#),  // NEL, a C1 line break
        ("line\u{2028}sep", #"line\u{2028}sep"#),
        ("para\u{2029}sep", #"para\u{2029}sep"#),
        ("del\u{7F}", #"del\u{7F}"#),
        ("csi\u{9B}31m", #"csi\u{9B}31m"#),  // the one-byte C1 CSI
        ("abc\u{202E}fed", #"abc\u{202E}fed"#),  // right-to-left override
        (#"a\nb"#, #"a\\nb"#),  // a typed backslash stays distinguishable from a line break
        ("café e\u{301} 東京 🚀", "café e\u{301} 東京 🚀"),
    ])
    func escapesControls(_ name: String, _ shown: String) {
        #expect(TerminalText.escaped(name) == shown)
    }

    /// Whatever the name, the escaped text holds no control or bidi scalar,
    /// and reading the escapes back gives the name: no two names look alike.
    @Test func escapedTextIsSafeAndReversible() async {
        let alphabet: [Unicode.Scalar] = [
            "a", "\\", "u", "{", "}", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}",
            "\u{202E}", "\u{2066}", "é", "\u{301}",
        ]
        let word = Gen.int(in: 0...(alphabet.count - 1)).map { alphabet[$0] }.array(of: 0...12)
        await propertyCheck(count: 400, input: word) { scalars in
            var name = ""
            name.unicodeScalars.append(contentsOf: scalars)
            let shown = TerminalText.escaped(name)
            #expect(!shown.unicodeScalars.contains { $0 != "\\" && TerminalText.needsEscape($0) }, "\(shown)")
            #expect(Self.unescape(shown) == scalars, "\(shown)")
        }
    }

    /// The inverse of `escaped`, written independently for the test.
    static func unescape(_ text: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.popFirst() {
            guard first == "\\", let kind = scalars.popFirst() else {
                result.append(first)
                continue
            }
            switch kind {
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "\\": result.append("\\")
            default:  // u{HEX}
                _ = scalars.popFirst()  // {
                var hex = ""
                while let digit = scalars.popFirst(), digit != "}" { hex.unicodeScalars.append(digit) }
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { result.append(scalar) }
            }
        }
        return result
    }

    /// A trace name with a line break and an ESC sequence, a family with a
    /// carriage return and a config name with a bidi override cannot add lines
    /// to the report or reach the terminal raw.
    @Test func textReportEscapesEveryName() {
        let before = ResultSummary(decision: .cancel, reason: .belowThreshold, percent: 0.3, velocity: 100)
        let after = ResultSummary(decision: .finish, reason: .threshold, percent: 0.5, velocity: 100)
        let plain = RunComparison(baseline: RunLabel(run: 1, config: "base"), candidate: RunLabel(run: 2, config: "cand"))
        var forged = RunComparison(
            baseline: RunLabel(run: 1, config: "base\u{1B}[2J"), candidate: RunLabel(run: 2, config: "cand\u{202E}"))
        var reference = plain
        forged.add(ComparedTrace(
            name: "evil\nx-fake  peek  cancel  finish/threshold", family: "peek\r\u{85}", intent: .cancel,
            baseline: before, candidate: after))
        reference.add(ComparedTrace(name: "evil", family: "peek", intent: .cancel, baseline: before, candidate: after))
        let report = forged.textReport()
        // The same number of lines as a report whose names are plain.
        #expect(report.split(separator: "\n", omittingEmptySubsequences: false).count
            == reference.textReport().split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(!report.unicodeScalars.contains { $0 != "\n" && TerminalText.needsEscape($0) && $0 != "\\" })
        #expect(report.contains(#"base\u{1B}[2J"#))
        #expect(report.contains(#"cand\u{202E}"#))
        #expect(report.contains(#"evil\nx-fake  peek  cancel  finish/threshold  peek\r\u{85}"#))
        // Colour codes are the report's own and stay raw.
        #expect(forged.textReport(style: TextStyle(colour: true)).contains("\u{1B}[31m"))
    }

    /// An export on a terminal: the bidirectional and C1 controls as the
    /// language's own escapes (the same JSON value, valid Swift); line breaks,
    /// tabs and backslashes (JSON's own escapes) as they are.
    @Test func exportsOnATerminalEscapeInTheirOwnLanguage() throws {
        let line = #"{"trace": "a\u202Eb\n", "meta": "\u0085\u2066"}"# + "\n"
        let json = TerminalText.escapedExport("{\"trace\": \"a\u{202E}b\\n\", \"meta\": \"\u{85}\u{2066}\"}\n", swift: false)
        #expect(json == line)
        #expect(!json.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x85 || $0.value == 0x2066 })
        let swift = TerminalText.escapedExport("    // a\u{202E}b\n\tfunc testab() {}\n", swift: true)
        #expect(swift == "    // a\\u{202E}b\n\tfunc testab() {}\n")
        #expect(TerminalText.escapedExport("plain café 🙂\n", swift: false) == "plain café 🙂\n")
    }
}


/// Text from the input (trace, family and config names) made safe to print
/// for a person on a terminal.
///
/// Names may hold any character but NUL (`ExactName/issue(in:maximumLength:)`),
/// so a name can carry an ESC sequence that recolours or clears the screen,
/// a line break or a carriage return that forges a row of a table, or a
/// bidirectional override that reorders what follows. Every text report
/// prints names through ``escaped(_:)``; JSON and XML output escape by their
/// own rules instead.
public enum TerminalText {
    /// `text` with every character that could move the cursor, change the
    /// terminal's state or reorder the line written as an escape:
    ///
    /// - `\n`, `\r` and `\t` as those two characters;
    /// - the other C0 controls (U+0000–U+001F, ESC among them), DEL (U+007F),
    ///   the C1 controls (U+0080–U+009F, NEL U+0085 among them), the line and
    ///   paragraph separators (U+2028, U+2029) and the bidirectional controls
    ///   (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as `\u{1B}`,
    ///   Swift's spelling, in hexadecimal;
    /// - the backslash itself as `\\`, so that the escaped text tells `a\nb`
    ///   typed with a backslash from a name with a line break.
    ///
    /// Everything else, letters of every script and emoji included, is kept.
    ///
    /// ```swift
    /// TerminalText.escaped("flick\u{1B}[2J")  // flick\u{1B}[2J  (as text: no screen cleared)
    /// TerminalText.escaped("two\nlines")      // two\nlines
    /// TerminalText.escaped("café")            // café
    /// ```
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\\": output += "\\\\"
            case _ where needsEscape(scalar):
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// An export's text (JSON Lines, or Swift source with `swift`) for a
    /// terminal: every scalar ``escaped(_:)`` rewrites but the backslash, the
    /// line break and the tab, written as an escape of the text's own language
    /// (JSON's `\u202E`, Swift's `\u{202E}`), so that it stays what it was
    /// (the same JSON value, valid Swift) while a terminal shows it as text.
    /// To a file or a pipe an export is written as it is.
    public static func escapedExport(_ text: String, swift: Bool) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool {
            scalar != "\n" && scalar != "\t" && scalar != "\\" && needsEscape(scalar)
        }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += swift ? "\\u{" + hex + "}" : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// True for the scalars ``escaped(_:)`` rewrites.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x5C, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

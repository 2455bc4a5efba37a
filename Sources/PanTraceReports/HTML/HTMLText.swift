
/// Escaping and number formatting for the HTML reports (docs/commands.md §7.8), without Foundation.
public enum HTMLText {
    /// `text` safe as element content: `&`, `<` and `>` escaped, and control
    /// characters that HTML forbids replaced by U+FFFD.
    public static func escape(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// `text` safe inside a double- or single-quoted attribute value: as
    /// ``escape(_:)`` and the quotes escaped too.
    public static func escapeAttribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        // Most names and labels need nothing: return them without copying.
        // (0xC2 leads the C1 controls U+0080–U+009F, and a few letters: check those slowly.)
        let clean = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && !(quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))) && byte != 0x7F
                && byte != 0xC2
        }
        if clean { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                // C0 controls, DEL and C1 controls are parse errors in HTML.
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `value` with at most `digits` decimals and no trailing zeros:
    /// `number(12.50, digits: 2)` is `12.5`, `number(3.0)` is `3`, and a
    /// value that rounds to zero is `0`, never `-0`. Non-finite values are `0`
    /// (a chart coordinate must always be a number).
    public static func number(_ value: Double, digits: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var text = TextFormat.fixed(value, digits: digits)
        if text.contains(".") {
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A count with thousands separated by a thin space: `80000` is `80 000`.
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "\u{2009}" }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}

/// The one place that turns numbers and strings into JSON text.
///
/// Traces, configs and reports all write numbers through
/// ``number(_:)``, so the same value has the same text everywhere — the
/// store's content digest and the config identity depend on it.
public enum JSONWriter {
    /// The shortest text that parses back to exactly `value` (bit-equal).
    ///
    /// Whole numbers have no `.0` (`300`, `-2`, `-0`); others are decimal
    /// (`0.008`, `-1.5`) or, for very small or large magnitudes, scientific
    /// with a plain exponent (`1e-7`, `1.5e300`). The digits are Swift's
    /// shortest round-trip digits, the same on every platform. A non-finite
    /// value, which JSON cannot express, is written `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        guard let exponentIndex = text.firstIndex(of: "e") else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        // Swift writes `1e-07` and `1e+16`; drop the `+` and the leading zeros.
        var mantissa = text[..<exponentIndex]
        if mantissa.hasSuffix(".0") { mantissa = mantissa.dropLast(2) }
        var exponent = text[text.index(after: exponentIndex)...]
        var sign = ""
        if exponent.first == "-" { sign = "-" }
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        while exponent.count > 1, exponent.first == "0" { exponent = exponent.dropFirst() }
        return mantissa + "e" + sign + exponent
    }

    /// `text` as a JSON string literal, quotes included.
    ///
    /// Escapes `"`, `\` and the control characters U+0000–U+001F (as `\n`,
    /// `\t`, `\r`, `\b`, `\f` or `\u00XX`); everything else, including
    /// non-ASCII characters, is written as UTF-8.
    public static func string(_ text: String) -> String {
        var output = ""
        appendString(text, to: &output)
        return output
    }

    /// Appends `text` as a JSON string literal to `output`.
    public static func appendString(_ text: String, to output: inout String) {
        output.append("\"")
        var needsEscaping = false
        for byte in text.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            needsEscaping = true
            break
        }
        guard needsEscaping else {
            output.append(text)
            output.append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }
}

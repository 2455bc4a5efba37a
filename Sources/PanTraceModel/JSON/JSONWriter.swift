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
        // Whole numbers below 2^53 (most coordinates) skip the shortest-digits search.
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            if value == 0 { return value.sign == .minus ? "-0" : "0" }
            return String(Int64(value))
        }
        var text = value.description
        return text.withUTF8 { bytes in
            let count = bytes.count
            guard let exponentIndex = bytes.firstIndex(of: UInt8(ascii: "e")) else {
                let dropsZero = count >= 2 && bytes[count - 2] == UInt8(ascii: ".") && bytes[count - 1] == UInt8(ascii: "0")
                return String(decoding: dropsZero ? UnsafeBufferPointer(rebasing: bytes[..<(count - 2)]) : bytes, as: UTF8.self)
            }
            // Swift writes `1e-07` and `1e+16`; drop the `.0`, the `+` and the exponent's leading zeros.
            var output = Array(bytes[..<exponentIndex])
            if output.count >= 2, output[output.count - 2] == UInt8(ascii: "."), output.last == UInt8(ascii: "0") {
                output.removeLast(2)
            }
            output.append(UInt8(ascii: "e"))
            var index = exponentIndex + 1
            if bytes[index] == UInt8(ascii: "-") { output.append(UInt8(ascii: "-")) }
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            while index < count - 1, bytes[index] == UInt8(ascii: "0") { index += 1 }
            output.append(contentsOf: bytes[index...])
            return String(decoding: output, as: UTF8.self)
        }
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

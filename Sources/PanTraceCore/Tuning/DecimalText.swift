import PanTraceModel

/// A number typed as a plain decimal (`0.05`, `-3`, `1.5e3`), kept exact as
/// `mantissa × 10^exponent` so that range values can be computed without
/// binary rounding (docs/commands.md §7.5 sweeps).
struct DecimalText: Equatable {
    var mantissa: Int64
    var exponent: Int

    /// Reads `[+-]digits[.digits][(e|E)[+-]digits]` (or `.digits`); nil for
    /// anything else or more than 17 significant digits.
    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var mantissa: Int64 = 0
        var exponent = 0
        var digits = 0
        var significant = 0
        var seenPoint = false
        while let byte = bytes.first {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
                if mantissa > 0 || byte != UInt8(ascii: "0") { significant += 1 }
                guard significant <= 17 else { return nil }
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                if seenPoint { exponent -= 1 }
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard digits > 0 else { return nil }
        if let marker = bytes.first {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return nil }
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty, bytes.count <= 4 else { return nil }
            var written = 0
            for byte in bytes {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                written = written * 10 + Int(byte - UInt8(ascii: "0"))
            }
            exponent += exponentNegative ? -written : written
        }
        self.mantissa = negative ? -mantissa : mantissa
        self.exponent = exponent
    }

    /// The double nearest the exact decimal `start + i × stride`; nil when
    /// the exact arithmetic would overflow.
    static func value(_ start: DecimalText, plus i: Int, times stride: DecimalText) -> Double? {
        let exponent = min(start.exponent, stride.exponent)
        guard let a = start.aligned(by: start.exponent - exponent), let b = stride.aligned(by: stride.exponent - exponent)
        else { return nil }
        let (product, productOverflow) = b.multipliedReportingOverflow(by: Int64(i))
        let (sum, sumOverflow) = a.addingReportingOverflow(product)
        guard !productOverflow, !sumOverflow else { return nil }
        return Double("\(sum)e\(exponent)")
    }

    /// The mantissa multiplied by 10^`shift`, nil on overflow.
    private func aligned(by shift: Int) -> Int64? {
        guard shift <= 18 else { return nil }
        var value = mantissa
        for _ in 0..<shift {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = next
        }
        return value
    }
}

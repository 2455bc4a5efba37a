/// Exact powers of ten as doubles (10^0 … 10^22 are all representable).
private let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
}

extension JSONScanner {
    /// Parses a number literal at `position` with RFC 8259's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// The value is what strtod gives (round to nearest). Short literals, which
    /// are almost all of a trace, take Clinger's fast path: a mantissa below
    /// 2^53 times or divided by an exact power of ten is one correctly rounded
    /// operation. Everything else goes through `Double(String)`.
    mutating func parseNumber() throws(JSONError) -> JSONNode {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
            if hasPrefix("Infinity") {
                position = start
                throw failure("not a finite number (Infinity is not JSON)")
            }
        }
        var mantissa: UInt64 = 0
        var mantissaOverflowed = false
        var fractionDigits = 0
        var isIntegerLiteral = true

        guard position < bytes.count, isDigit(bytes[position]) else {
            throw failure(unexpected: "a digit")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw failure("leading zeros are not allowed in numbers")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, overflowed: &mantissaOverflowed)
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isIntegerLiteral = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw failure(unexpected: "a digit after the decimal point")
            }
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, overflowed: &mantissaOverflowed)
                fractionDigits += 1
                position += 1
            }
        }
        var exponent = 0
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isIntegerLiteral = false
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw failure(unexpected: "a digit in the exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) {
                // Past a million the result is 0 or ∞ anyway; stop counting.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        let value: Double
        let decimalExponent = exponent - fractionDigits
        if !mantissaOverflowed, mantissa <= 1 << 53, abs(decimalExponent) <= 22 {
            let magnitude = Double(mantissa)
            let scaled = decimalExponent >= 0
                ? magnitude * exactPowersOfTen[decimalExponent]
                : magnitude / exactPowersOfTen[-decimalExponent]
            value = negative ? -scaled : scaled
        } else {
            let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard let parsed = Double(literal) else {
                throw JSONError(offset: start, reason: "invalid number")
            }
            value = parsed
        }
        guard value.isFinite else {
            throw JSONError(offset: start, reason: "not a finite number (it overflows a double)")
        }
        let number = JSONNumber(value: value, isIntegerLiteral: isIntegerLiteral)
        return JSONNode(value: .number(number), range: start..<position)
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    private func accumulate(_ digit: UInt8, into mantissa: inout UInt64, overflowed: inout Bool) {
        let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
        if overflow1 || overflow2 { overflowed = true } else { mantissa = sum }
    }
}

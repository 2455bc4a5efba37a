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
                // Counted exactly up to 2^50, far beyond any number of digits
                // in memory: past it the value is 0 or ∞ whatever the digits
                // (`0.` and a million zeros then `1e10000000` is 10^9000000,
                // not 1). The count saturates, so the loop is bounded by the input.
                if exponent < 1 << 50 { exponent = exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
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
        // A number is read exactly (the nearest double) or refused: one with
        // a digit other than 0 that rounds to 0 is not what it says.
        if value == 0, mantissa != 0 || mantissaOverflowed {
            throw JSONError(offset: start, reason: "too small for a double (it rounds to 0)")
        }
        // Integer keys must not take a rounded value (docs/safety.md). An integer
        // literal is exact up to 2^53; any other literal whose double is a whole
        // number in range (rare: `1.0`, `3e2`) has its digits checked.
        let isExactInteger: Bool
        if isIntegerLiteral {
            isExactInteger = !mantissaOverflowed && mantissa <= 1 << 53
        } else if value == value.rounded(.towardZero), abs(value) <= 0x1p53 {
            isExactInteger = JSONNumber.exactInteger(literal: UnsafeBufferPointer(rebasing: bytes[start..<position])) != nil
        } else {
            isExactInteger = false
        }
        let number = JSONNumber(value: value, isIntegerLiteral: isIntegerLiteral, isExactInteger: isExactInteger)
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

extension JSONNumber {
    /// The integer that the decimal literal `literal` denotes exactly, when
    /// its magnitude is at most 2^53; `nil` for a fraction (`2.5`), a larger
    /// integer, or text that is not a number.
    ///
    /// It reads the digits, not a double: `30e-1` is 3, `1.0000000000000000001`
    /// is not an integer, `9007199254740993` is too large. The grammar is
    /// JSON's, loosened to what a `key=value` override accepts: `[+-]? digits? (. digits?)?
    /// ([eE] [+-]? digits)?` with at least one digit before the exponent.
    static func exactInteger<Bytes: Collection<UInt8>>(literal: Bytes) -> Int? {
        var index = literal.startIndex
        func at(_ ascii: Unicode.Scalar) -> Bool {
            index < literal.endIndex && literal[index] == UInt8(ascii: ascii)
        }
        func digit() -> Int? {
            guard index < literal.endIndex else { return nil }
            let value = Int(literal[index]) - Int(UInt8(ascii: "0"))
            return (0...9).contains(value) ? value : nil
        }
        var negative = false
        if at("-") || at("+") {
            negative = at("-")
            literal.formIndex(after: &index)
        }
        // The significant digits without leading zeros, and the power of ten they are scaled by.
        var digits: [Int] = []
        var scale = 0
        var sawDigit = false
        var inFraction = false
        while true {
            if let value = digit() {
                sawDigit = true
                if inFraction { scale -= 1 }
                if value != 0 || !digits.isEmpty {
                    // 17 significant digits already exceed 2^53 unless only zeros follow.
                    if digits.count < 40 { digits.append(value) } else if value != 0 { return nil } else { scale += 1 }
                }
            } else if at("."), !inFraction {
                inFraction = true
            } else {
                break
            }
            literal.formIndex(after: &index)
        }
        guard sawDigit else { return nil }
        if at("e") || at("E") {
            literal.formIndex(after: &index)
            var exponentNegative = false
            if at("-") || at("+") {
                exponentNegative = at("-")
                literal.formIndex(after: &index)
            }
            var exponent = 0
            guard digit() != nil else { return nil }
            while let value = digit() {
                if exponent < 1_000_000_000 { exponent = exponent * 10 + value }
                literal.formIndex(after: &index)
            }
            scale += exponentNegative ? -exponent : exponent
        }
        guard index == literal.endIndex else { return nil }
        while digits.last == 0 {
            digits.removeLast()
            scale += 1
        }
        guard !digits.isEmpty else { return 0 }
        // An integer needs no negative power of ten; 2^53 has 16 digits.
        guard scale >= 0, digits.count + scale <= 16 else { return nil }
        var magnitude = 0
        for value in digits { magnitude = magnitude * 10 + value }
        for _ in 0..<scale { magnitude *= 10 }
        guard magnitude <= exactIntegerLimit else { return nil }
        return negative ? -magnitude : magnitude
    }
}

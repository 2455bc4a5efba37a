extension JSONScanner {
    /// Parses a string whose opening quote is at `position`, leaving `position`
    /// after its closing quote.
    ///
    /// The common case (no escapes) checks the bytes once and builds the
    /// `String` straight from the input.
    mutating func parseString() throws(JSONError) -> String {
        let quote = position
        position += 1
        let start = position
        var hasEscapes = false
        while true {
            guard position < bytes.count else {
                throw JSONError(offset: quote, reason: "unterminated string")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 2  // the escape is checked when decoding
                continue
            }
            if byte < 0x20 {
                throw failure("control character \(describeByte(at: position)) in a string (escape it)")
            }
            if byte >= 0x80 {
                position += try utf8SequenceLength(at: position)
                continue
            }
            position += 1
        }
        let end = position
        position += 1  // closing quote
        let content = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !hasEscapes { return String(decoding: content, as: UTF8.self) }
        return try decodeEscapes(start..<end)
    }

    /// The length of the valid UTF-8 sequence that starts at `offset` (its first
    /// byte is ≥ 0x80), or an "invalid UTF-8" error (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF).
    func utf8SequenceLength(at offset: Int) throws(JSONError) -> Int {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default:
            throw JSONError(offset: offset, reason: "invalid UTF-8 (\(describeByte(at: offset)))")
        }
        guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else {
            throw JSONError(offset: offset, reason: "invalid UTF-8 sequence")
        }
        for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 {
            throw JSONError(offset: offset, reason: "invalid UTF-8 sequence")
        }
        return length
    }

    /// Decodes a string's content (between the quotes) that contains escapes.
    func decodeEscapes(_ range: Range<Int>) throws(JSONError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < range.upperBound else {
                throw JSONError(offset: index, reason: "unterminated escape")
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try decodeUnicodeEscape(at: &index, end: range.upperBound)
                if let encoded = UTF8.encode(scalar) { output.append(contentsOf: encoded) }
            default:
                throw JSONError(offset: index - 2, reason: "invalid escape \(describeByte(at: index - 1))")
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `XXXX` (and a following `\uXXXX` low surrogate when `XXXX` is a
    /// high one) at `index`, just after a `\u`.
    private func decodeUnicodeEscape(at index: inout Int, end: Int) throws(JSONError) -> Unicode.Scalar {
        let escapeStart = index - 2
        let unit = try hexQuad(at: index, end: end, escapeStart: escapeStart)
        index += 4
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 6 <= end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw JSONError(offset: escapeStart, reason: "unpaired surrogate escape") }
            let low = try hexQuad(at: index + 2, end: end, escapeStart: index)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONError(offset: escapeStart, reason: "unpaired surrogate escape")
            }
            index += 6
            let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else {
                throw JSONError(offset: escapeStart, reason: "invalid surrogate pair")
            }
            return scalar
        case 0xDC00...0xDFFF:
            throw JSONError(offset: escapeStart, reason: "unpaired surrogate escape")
        default:
            guard let scalar = Unicode.Scalar(unit) else {
                throw JSONError(offset: escapeStart, reason: "invalid \\u escape")
            }
            return scalar
        }
    }

    private func hexQuad(at index: Int, end: Int, escapeStart: Int) throws(JSONError) -> UInt32 {
        guard index + 4 <= end else {
            throw JSONError(offset: escapeStart, reason: "\\u needs four hexadecimal digits")
        }
        var value: UInt32 = 0
        for offset in index..<(index + 4) {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw JSONError(offset: escapeStart, reason: "\\u needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

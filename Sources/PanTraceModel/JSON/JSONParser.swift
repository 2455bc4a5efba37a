/// A strict JSON (RFC 8259) parser over UTF-8 bytes that keeps every value's byte range.
///
/// It rejects what a lenient parser would let through, because a trace or a
/// config that is not exactly what it looks like must never be half-read:
/// trailing text after the value, `NaN`/`Infinity`, numbers that overflow to
/// ±∞ ("not a finite number"), invalid UTF-8, unescaped control characters in
/// strings, unpaired surrogate escapes, duplicate keys in an object, and
/// nesting deeper than `maximumDepth`. Every error carries the byte offset
/// and the path of the value being parsed.
///
/// ```swift
/// let node = try JSONParser.parse(#"{"a": [1, 2.5]}"#)
/// node["a"]?.elements?[1].number?.value  // 2.5
/// ```
public enum JSONParser {
    /// The default limit on nested arrays and objects.
    public static let defaultMaximumDepth = 256

    /// Parses one JSON document that fills `bytes` (surrounding whitespace allowed).
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONError) -> JSONNode {
        var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
        return try scanner.parseDocument()
    }

    /// Parses one JSON document that fills `bytes` (surrounding whitespace allowed).
    public static func parse(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONError) -> JSONNode {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) in try parse(buffer, maximumDepth: maximumDepth) }
        }
        return try result.get()
    }

    /// Parses one JSON document from the UTF-8 encoding of `text`.
    public static func parse(
        _ text: String, maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONError) -> JSONNode {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// The parser's cursor over one input buffer.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0
    var depth = 0
    /// The members of the objects being parsed, innermost last. Each object
    /// copies its own into an array of exactly their number when it closes,
    /// so memory follows the input (a `{"":0}` costs one member, not a
    /// reserve of eight: memory bounded by the input).
    var pendingMembers: [JSONMember] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(JSONError) -> JSONNode {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw JSONError(offset: 0, reason: "a byte order mark is not allowed before JSON text")
        }
        skipWhitespace()
        let node = try parseValue()
        skipWhitespace()
        if position < bytes.count {
            throw failure("unexpected \(describeByte(at: position)) after the JSON value")
        }
        return node
    }

    mutating func parseValue() throws(JSONError) -> JSONNode {
        guard position < bytes.count else { throw failure("unexpected end of input, expected a value") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            return try parseObject()
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "\""):
            let text = try parseString()
            return JSONNode(value: .string(text), range: start..<position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(value: .bool(true), range: start..<position)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(value: .bool(false), range: start..<position)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(value: .null, range: start..<position)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            if hasPrefix("NaN") || hasPrefix("Infinity") {
                throw failure("not a finite number (NaN and Infinity are not JSON)")
            }
            throw failure("unexpected \(describeByte(at: position)), expected a value")
        default:
            throw failure("unexpected \(describeByte(at: position)), expected a value")
        }
    }

    mutating func parseObject() throws(JSONError) -> JSONNode {
        let start = position
        try enterContainer()
        defer { depth -= 1 }
        position += 1  // {
        let base = pendingMembers.count
        defer { pendingMembers.removeSubrange(base...) }
        // Objects in traces have a handful of keys: a linear scan beats hashing
        // until an object grows large. Keys are compared by their scalars, like
        // names (`"\u00E9"` and `"e\u0301"` are two keys, as they are to SQLite).
        var seenKeys: Set<ExactName>? = nil
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return JSONNode(value: .object([]), range: start..<position)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure(unexpected: "a string key")
            }
            let keyOffset = position
            let key = try parseString()
            // In place: copying the set out and back would copy it for every key.
            if let inserted = seenKeys?.insert(ExactName(key)).inserted {
                if !inserted { throw duplicate(key, at: keyOffset) }
            } else {
                let members = pendingMembers[base...]
                if members.contains(where: { $0.key.isScalarEqual(to: key) }) { throw duplicate(key, at: keyOffset) }
                if members.count >= 16 { seenKeys = Set((members.map(\.key) + [key]).map(ExactName.init)) }
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure(unexpected: "':' after the key", path: [.key(key)])
            }
            position += 1
            skipWhitespace()
            let node: JSONNode
            do throws(JSONError) {
                node = try parseValue()
            } catch {
                var located = error
                located.path.insert(.key(key), at: 0)
                throw located
            }
            pendingMembers.append(JSONMember(key: key, keyOffset: keyOffset, node: node))
            skipWhitespace()
            guard position < bytes.count else { throw failure(unexpected: "',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return JSONNode(value: .object(Array(pendingMembers[base...])), range: start..<position)
            } else {
                throw failure(unexpected: "',' or '}'")
            }
        }
    }

    mutating func parseArray() throws(JSONError) -> JSONNode {
        let start = position
        try enterContainer()
        defer { depth -= 1 }
        position += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return JSONNode(value: .array(elements), range: start..<position)
        }
        while true {
            skipWhitespace()
            do throws(JSONError) {
                elements.append(try parseValue())
            } catch {
                var located = error
                located.path.insert(.index(elements.count), at: 0)
                throw located
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure(unexpected: "',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return JSONNode(value: .array(elements), range: start..<position)
            } else {
                throw failure(unexpected: "',' or ']'")
            }
        }
    }

    // MARK: Small pieces

    mutating func enterContainer() throws(JSONError) {
        depth += 1
        if depth > maximumDepth {
            depth -= 1
            throw failure("nesting deeper than \(maximumDepth) arrays and objects")
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    func hasPrefix(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for index in 0..<count where bytes[position + index] != expected[index] { return false }
        return true
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        guard hasPrefix(literal) else {
            throw failure("invalid literal, expected `\(literal)`")
        }
        position += literal.utf8CodeUnitCount
    }

    func failure(_ reason: String, path: [JSONPathComponent] = []) -> JSONError {
        JSONError(offset: position, path: path, reason: reason)
    }

    func failure(unexpected expected: String, path: [JSONPathComponent] = []) -> JSONError {
        let found = position < bytes.count ? describeByte(at: position) : "end of input"
        return failure("expected \(expected), found \(found)", path: path)
    }

    func duplicate(_ key: String, at offset: Int) -> JSONError {
        JSONError(offset: offset, path: [.key(key)], reason: "duplicate key \"\(key)\"")
    }

    /// `'x'` for printable ASCII, else `byte 0x9F`.
    func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}

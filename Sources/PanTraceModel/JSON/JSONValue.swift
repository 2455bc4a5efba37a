/// A JSON number: its value and whether its literal was written as an integer.
///
/// `value` is what `Double(Substring)` (strtod, round to nearest) gives for the
/// literal; it is always finite, because the parser rejects literals that
/// overflow. `isIntegerLiteral` is true when the literal has neither a
/// fraction nor an exponent (`300`, `-2`, but not `300.0` or `3e2`).
///
/// Rounding is expected for the keys that are doubles (`x`, `y`, `t`,
/// `width` …: `0.1` is stored as the nearest double). For the keys that are
/// integers (`touches`, `maximumNumberOfTouches`) it is not: a literal such
/// as `9007199254740993` would silently become …992, so ``isExactInteger``
/// tells whether the literal *is* an integer a double holds exactly, and
/// ``integerValue`` is `nil` otherwise.
public struct JSONNumber: Equatable, Hashable, Sendable {
    /// The largest magnitude up to which every integer is a double, 2^53
    /// (9007199254740992); integer keys accept no integer beyond it.
    public static let exactIntegerLimit = 9_007_199_254_740_992

    /// The literal's value, always finite.
    public var value: Double
    /// True when the literal had no fraction and no exponent.
    public var isIntegerLiteral: Bool
    /// True when the literal denotes an integer of magnitude at most 2^53
    /// (``exactIntegerLimit``), so that `value` is exactly that integer:
    /// `3`, `3.0`, `3e0`, `30e-1`, `9007199254740992`; not `3.5`,
    /// `9007199254740993` (its double is …992) or `1.0000000000000000001`
    /// (its double is 1).
    public var isExactInteger: Bool

    /// A number with its value and literal form. Without `isExactInteger`,
    /// the number is taken to be exact when `value` is a whole number of
    /// magnitude at most 2^53 (true for any value a literal was not rounded to).
    public init(value: Double, isIntegerLiteral: Bool, isExactInteger: Bool? = nil) {
        self.value = value
        self.isIntegerLiteral = isIntegerLiteral
        self.isExactInteger =
            isExactInteger ?? (value == value.rounded(.towardZero) && abs(value) <= Double(Self.exactIntegerLimit))
    }

    /// The value as an `Int` when the literal is exactly an integer a double
    /// holds (``isExactInteger``): `1`, `1.0` and `1e0` all give 1; `1.5`,
    /// `1e300` and `9007199254740993` give `nil`.
    public var integerValue: Int? { isExactInteger ? Int(exactly: value) : nil }

    /// The reason for refusing, in an integer key, a whole-valued number that
    /// is not ``isExactInteger``: `must be an integer ≥ 1 of at most
    /// 9007199254740992 (2^53), found a number a double only holds rounded (to 9007199254740992)`.
    static func inexactIntegerReason(atLeast minimum: Int, rounded: Double) -> String {
        "must be an integer ≥ \(minimum) of at most \(exactIntegerLimit) (2^53), "
            + "found a number a double only holds rounded (to \(JSONWriter.number(rounded)))"
    }
}

/// One JSON value of a parsed document, without its position.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    /// Members in the order of the input; keys are unique (the parser rejects duplicates).
    case object([JSONMember])

    /// A short English name of the value's type, for error messages
    /// ("a string", "an object", "true" …).
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A parsed JSON value together with the bytes it was parsed from.
///
/// `range` is the half-open range of byte offsets of the value's text in the
/// parser's input, without surrounding whitespace: for an object it runs from
/// `{` through `}`, so the exact text can be kept verbatim.
public struct JSONNode: Equatable, Sendable {
    /// The value itself.
    public var value: JSONValue
    /// Byte offsets of the value's text in the input.
    public var range: Range<Int>

    /// A value parsed from the bytes at `range`.
    public init(value: JSONValue, range: Range<Int>) {
        self.value = value
        self.range = range
    }

    /// The members when the value is an object, else `nil`.
    public var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements when the value is an array, else `nil`.
    public var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The text when the value is a string, else `nil`.
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The number when the value is a number, else `nil`.
    public var number: JSONNumber? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// The member named `key` (the same Unicode scalars) when the value is an
    /// object that has one.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key.isScalarEqual(to: key) }?.node
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The key, unescaped.
    public var key: String
    /// Byte offset of the key's opening quote in the parser's input.
    public var keyOffset: Int
    /// The member's value.
    public var node: JSONNode

    /// A member whose key starts at `keyOffset`.
    public init(key: String, keyOffset: Int, node: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.node = node
    }
}

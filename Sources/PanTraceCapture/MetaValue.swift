import PanTraceModel

/// A value an app adds to the `meta` of every captured trace.
///
/// Written as a literal: `["screenScale": 3, "appVersion": "2.4.1", "beta": true]`.
public enum MetaValue: Equatable, Sendable {
    /// A JSON string.
    case string(String)
    /// A JSON number; it must be finite.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)

    /// The value as JSON text.
    var json: String {
        switch self {
        case .string(let text): JSONWriter.string(text)
        case .number(let number): JSONWriter.number(number)
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}

extension MetaValue: ExpressibleByStringLiteral {
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MetaValue: ExpressibleByIntegerLiteral {
    /// A whole number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension MetaValue: ExpressibleByFloatLiteral {
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension MetaValue: ExpressibleByBooleanLiteral {
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// One value of a query's row as SQLite stores it: its storage class and
/// its value, read with the column's own type (no text in between).
public enum SQLValue: Equatable, Hashable, Sendable, CustomStringConvertible {
    case null
    case int(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The integer, for `.int`.
    public var int: Int? {
        if case .int(let value) = self { return Int(value) }
        return nil
    }

    /// The number, for `.real` or `.int`.
    public var double: Double? {
        switch self {
        case .real(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }

    /// The string, for `.text`.
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    public var description: String {
        switch self {
        case .null: "NULL"
        case .int(let value): "\(value)"
        case .real(let value): "\(value)"
        case .text(let value): "'\(value)'"
        case .blob(let bytes): "X'\(bytes.map { String($0, radix: 16) }.joined())'"
        }
    }
}

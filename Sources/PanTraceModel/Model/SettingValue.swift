/// The typed value of one config key (docs/configs.md): what a sweep's
/// candidates carry, so a candidate's config is written from values, never
/// read again from text.
///
/// ```swift
/// var config = Config()
/// if let key = ConfigKey.named("threshold") {
///     key.assign(.number(0.3), to: &config)
///     key.value(in: config)      // .number(0.3)
/// }
/// ```
public enum SettingValue: Hashable, Sendable {
    /// `name`.
    case name(String)
    /// A word key's value (`velocity`, `uikit`), one of the key's words.
    case word(String)
    /// A number key's value.
    case number(Double)
    /// An integer key's value (`maximumNumberOfTouches`, `maxSteps`).
    case integer(Int)
    /// A boolean key's value.
    case boolean(Bool)
    /// `extent`: points, or `nil` for `auto`.
    case extent(Double?)

    /// The value as a person reads it and an override (``Config/apply(override:)``) takes it (`0.3`, `auto`, `true`, `velocity`).
    public var text: String {
        switch self {
        case .name(let text), .word(let text): text
        case .number(let value): JSONWriter.number(value)
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        case .extent(let value): value.map(JSONWriter.number) ?? "auto"
        }
    }

    /// The value as JSON text, typed as in a config file (`0.3`, `"auto"`, `true`, `"velocity"`).
    public var json: String {
        switch self {
        case .name(let text), .word(let text): JSONWriter.string(text)
        case .number(let value): JSONWriter.number(value)
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        case .extent(let value): value.map(JSONWriter.number) ?? "\"auto\""
        }
    }
}

/// Why a config (docs/configs.md) cannot be used.
///
/// Two kinds, for docs/commands.md §7.4's two exit statuses: ``Kind/usage`` for a bad
/// `key=value` override (``Config/apply(override:)``; exit 64) and ``Kind/invalidData``
/// for a config file that breaks docs/configs.md (exit 65); ``isUsage`` tells them
/// apart. A file that cannot be opened is an ``InputFileError`` instead.
///
/// ```
/// base.json:3: threshold: must be > 0 and ≤ 1, found 1.5
/// override treshold=0.3: treshold: unknown key (did you mean `threshold`?)
/// ```
public struct ConfigError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Where the bad value came from.
    public enum Kind: Equatable, Sendable {
        /// A `key=value` override (exit 64).
        case usage
        /// A config file or text (exit 65).
        case invalidData
    }

    /// Usage (an override) or invalid data (a file).
    public var kind: Kind
    /// The config file, when known.
    public var file: String?
    /// 1-based line in the file of the offending key or value.
    public var line: Int?
    /// The override text as typed, for ``Kind/usage`` errors.
    public var override: String?
    /// The config key at fault (`threshold`); empty when the problem is not one key's.
    public var key: String
    /// What is wrong, for a person (`must be > 0 and ≤ 1, found 1.5`).
    public var reason: String
    /// The length in characters of the name that overrides appended to the
    /// config's name would make, when that length is what is wrong.
    public var nameLength: Int?

    /// An error of `kind` about `key`.
    public init(
        kind: Kind, file: String? = nil, line: Int? = nil, override: String? = nil, key: String, reason: String
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.override = override
        self.key = key
        self.reason = reason
    }

    /// True for a bad override (exit 64), false for invalid config data (exit 65).
    public var isUsage: Bool { kind == .usage }

    /// `file:line: key: reason` for data, `override text: key: reason` for usage.
    public var description: String {
        var text = ""
        if let override {
            text = "override \(override): "
        } else {
            switch (file, line) {
            case (let file?, let line?): text = "\(file):\(line): "
            case (let file?, nil): text = "\(file): "
            case (nil, let line?): text = "config line \(line): "
            case (nil, nil): text = "config: "
            }
        }
        if !key.isEmpty { text += key + ": " }
        return text + reason
    }
}

/// A rejected value, before it is known whether it came from a file or an override.
package struct SettingIssue: Error {
    package var reason: String
}

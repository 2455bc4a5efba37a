extension Config {
    /// One setting that differs between two configs, as text (``setting(_:)``).
    public struct Difference: Equatable, Hashable, Sendable {
        /// The config key, e.g. `threshold`.
        public var key: String
        /// The value in the config compared against (the baseline).
        public var old: String
        /// The value in this config (the candidate).
        public var new: String

        /// A difference of `key` from `old` to `new`.
        public init(key: String, old: String, new: String) {
            self.key = key
            self.old = old
            self.new = new
        }
    }

    /// Applies one `key=value` override (`threshold=0.3`) and nothing else.
    ///
    /// The value is read as the key's type: a number (`0.3`, `.3`, `3e-1`),
    /// a word of docs/configs.md (`velocity`, `easeOut`), `true`/`false`, `auto` for
    /// `extent`, or any text for `name`. The name is left alone; use
    /// ``apply(overrides:)`` for docs/configs.md's name suffix.
    ///
    /// - Throws: a ``ConfigError/Kind/usage`` error (exit 64) for a missing
    ///   `=`, an unknown key or a bad value.
    public mutating func apply(override: String) throws(ConfigError) {
        guard let equals = override.firstIndex(of: "=") else {
            throw ConfigError(kind: .usage, override: override, key: "", reason: "expected key=value, e.g. threshold=0.3")
        }
        let key = String(override[..<equals])
        let value = String(override[override.index(after: equals)...])
        guard Self.keys.contains(where: { $0.isScalarEqual(to: key) }) else {
            throw ConfigError(
                kind: .usage, override: override, key: key,
                reason: KeySuggestion.unknownKeyReason(key, among: Self.keys))
        }
        do {
            try set(key, .text(value))
        } catch {
            throw ConfigError(kind: .usage, override: override, key: key, reason: error.reason)
        }
    }

    /// Applies `key=value` overrides in order (a later one wins) and, unless one
    /// of them sets `name`, appends them to the name as typed (docs/configs.md):
    /// `baseline` with `threshold=0.3` and `decision=velocity` becomes
    /// `baseline threshold=0.3 decision=velocity`.
    ///
    /// - Throws: a ``ConfigError/Kind/usage`` error (exit 64) for a bad
    ///   override, or when the suffixed name exceeds 100 characters.
    public mutating func apply(overrides: [String]) throws(ConfigError) {
        guard !overrides.isEmpty else { return }
        var updated = self
        var setsName = false
        for override in overrides {
            try updated.apply(override: override)
            if override.hasPrefix("name=") { setsName = true }
        }
        if !setsName {
            let suffixed = ([updated.name] + overrides).joined(separator: " ")
            let length = suffixed.unicodeScalars.count
            guard length <= Self.maximumNameLength else {
                var error = ConfigError(
                    kind: .usage, override: overrides.joined(separator: " "), key: "name",
                    reason: "the overrides make the name \(length) characters long (at most \(Self.maximumNameLength)); "
                        + "give one with name=…")
                error.nameLength = length
                throw error
            }
            updated.name = suffixed
        }
        if let issue = updated.crossKeyIssue() {
            // The last override that set either key is the one to look at.
            let culprit = overrides.last { override in
                [issue.key, issue.other].contains { override.hasPrefix($0 + "=") }
            }
            throw ConfigError(
                kind: .usage, override: culprit ?? overrides.joined(separator: " "), key: issue.key, reason: issue.reason)
        }
        self = updated
    }

    /// The settings of this config that differ from `other`'s, in docs/configs.md's
    /// key order, with `other`'s value as `old` (for replay reports).
    ///
    /// `name` is not a setting and is never listed.
    public func differences(from other: Config) -> [Difference] {
        Self.keys.dropFirst().compactMap { key in
            guard let old = other.setting(key), let new = setting(key), old != new else { return nil }
            return Difference(key: key, old: old, new: new)
        }
    }
}

/// A typed ``Config`` whose value breaks a key's allowed range or words
/// (docs/configs.md): what the library throws, at every entry point, before
/// anything is stored.
///
/// It carries the data (the key, the value as a `key=value` override would take it, and the
/// reason, with the allowed range); its description is the command line's
/// words for the same value:
///
/// ```
/// config "baseline": threshold: must be > 0 and ≤ 1, found 40
/// ```
public struct InvalidConfigError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The config's name (for an invalid `name`, the name at fault).
    public var config: String
    /// The key at fault (`threshold`); empty when the problem is not one key's.
    public var key: String
    /// The key's value as a person reads it and a `key=value` override takes it (`40`, `auto`, `velocity`).
    public var value: String
    /// What is wrong, in the words of a config file's or an override's ``ConfigError``:
    /// `must be > 0 and ≤ 1, found 40`.
    public var reason: String

    /// An error about `key` of the config named `config`.
    public init(config: String, key: String, value: String, reason: String) {
        self.config = config
        self.key = key
        self.value = value
        self.reason = reason
    }

    /// What the key allows, taken from ``reason`` (`> 0 and ≤ 1`, or `one of` and the words);
    /// `nil` when the reason does not say it in the usual form.
    public var allowed: String? {
        // Without `firstRange(of:)`, which iOS 15 (Package.swift's floor) does not have.
        let marker = Array(", found ".utf8)
        for prefix in ["must be ", "expected "] where reason.hasPrefix(prefix) {
            let rest = Array(reason.utf8.dropFirst(prefix.utf8.count))
            guard rest.count >= marker.count,
                let end = (0...(rest.count - marker.count)).first(where: { rest[$0..<($0 + marker.count)].elementsEqual(marker) })
            else { return nil }
            return String(decoding: rest[..<end], as: UTF8.self)
        }
        return nil
    }

    /// `config "NAME": key: reason`, as overrides and config files word it.
    public var description: String {
        let name = key == "name" ? "config" : "config \(JSONWriter.string(config))"
        return name + ": " + (key.isEmpty ? "" : key + ": ") + reason
    }
}

extension Config {
    /// Checks every key against its allowed range and words (docs/configs.md),
    /// as the reader of a config file or an override does.
    ///
    /// A `Config` is a plain struct: Swift code may set `threshold = 40`,
    /// which no config file or override could give. Each workflow (record,
    /// replay, regress, tune, and whatever stores or decides under a config)
    /// calls this first, so that the library never stores a config its own
    /// reader refuses. The check is the reader itself: the canonical JSON,
    /// what the store keeps, is read back through the file reader (every
    /// key's check, and any check across keys), and must give this config.
    ///
    /// ```swift
    /// var config = Config()
    /// config.threshold = 40
    /// try config.validate()  // InvalidConfigError: config "baseline": threshold: must be > 0 and ≤ 1, found 40
    /// ```
    ///
    /// - Throws: ``InvalidConfigError`` naming the key, its value and the reason.
    public func validate() throws(InvalidConfigError) {
        let readBack: Config
        do {
            readBack = try Config(canonicalJSON: canonicalJSON())
        } catch {
            let key = error.key
            var reason = error.reason
            let value = setting(key) ?? ""
            // JSON has no NaN or infinity: the canonical text says `null` for them.
            if value == "null", reason.hasSuffix("found null") {
                reason = String(reason.dropLast("null".count)) + "a number that is not finite"
            }
            throw InvalidConfigError(config: name, key: key, value: value, reason: reason)
        }
        // A value the JSON text cannot carry (not a finite number) reads back as another config.
        guard readBack != self else { return }
        let key = Self.keys.first { readBack.setting($0) != setting($0) } ?? ""
        throw InvalidConfigError(
            config: name, key: key, value: setting(key) ?? "",
            reason: "does not read back as written (\(readBack.setting(key) ?? "?")): not a value a config file can hold")
    }

    /// This config when ``validate()`` passes.
    ///
    /// - Throws: ``InvalidConfigError``.
    public func validated() throws(InvalidConfigError) -> Config {
        try validate()
        return self
    }
}

extension Config {
    /// The config keys in docs/configs.md's order, the order of ``canonicalJSON()``
    /// (``ConfigKey/all``).
    public static let keys = ConfigKey.names

    /// Reads a config from the bytes of a JSON file (docs/configs.md).
    ///
    /// Every key is optional and starts from its default; an unknown key (with
    /// a "did you mean" suggestion when it is close to a real one), a wrong
    /// type or an out-of-range value is an ``ConfigError/Kind/invalidData``
    /// error naming `file`, the line and the key.
    public init(json bytes: [UInt8], file: String? = nil) throws(ConfigError) {
        try self.init(json: bytes, file: file, startingFrom: Config())
    }

    /// Reads a config from JSON whose missing keys take `defaults`' values.
    public init(json bytes: [UInt8], file: String? = nil, startingFrom defaults: Config) throws(ConfigError) {
        self.init()
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ConfigError) in try Self.decode(buffer, file: file, defaults: defaults) }
        }
        self = try result.get()
    }

    /// Reads a config back from ``canonicalJSON()`` (or any config JSON text).
    public init(canonicalJSON text: String) throws(ConfigError) {
        try self.init(json: Array(text.utf8))
    }

    /// The defaults of a config stored by an older pantrace (docs/configs.md):
    /// a key it did not have reads today's default, except
    /// `velocityEstimator`, whose default was `lsq2` before it became `uikit`,
    /// so that a stored config keeps deciding as it did.
    public static var storedDefaults: Config {
        var config = Config()
        config.velocityEstimator = .lsq2
        return config
    }

    /// Reads a config back from the canonical JSON stored in the database,
    /// its missing keys from ``storedDefaults``.
    public init(storedJSON text: String) throws(ConfigError) {
        try self.init(json: Array(text.utf8), startingFrom: Self.storedDefaults)
    }

    /// Reads the config file at `path` (`-` is standard input).
    ///
    /// - Throws: ``InputFileError`` when it cannot be read (exit 66),
    ///   ``ConfigError`` when its content breaks docs/configs.md or it is longer than
    ///   `maximumBytes` (``InputLimits/maximumConfigBytes``; exit 65). Reading
    ///   stops at the limit, so `/dev/zero` is refused in bounded memory.
    public static func load(path: String, maximumBytes: Int = InputLimits.maximumConfigBytes) throws -> Config {
        switch try FileLines(path: path, maximumLineLength: maximumBytes).readAll() {
        case .bytes(let bytes):
            return try Config(json: bytes, file: path)
        case .tooLong(let line):
            throw ConfigError(
                kind: .invalidData, file: path, line: line, key: "",
                reason: "the file is longer than \(InputLimits.describe(maximumBytes)), the limit for a config")
        }
    }

    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String?, defaults: Config
    ) throws(ConfigError) -> Config {
        func failure(at offset: Int, key: String, _ reason: String) -> ConfigError {
            ConfigError(kind: .invalidData, file: file, line: lineNumber(of: offset, in: bytes), key: key, reason: reason)
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let key = error.path.keyPath
            let column = columnNumber(of: error.offset, in: bytes)
            throw failure(at: error.offset, key: key, "invalid JSON: \(error.reason) (column \(column))")
        }
        guard let members = root.members else {
            throw failure(at: root.range.lowerBound, key: "", "a config must be a JSON object, found \(TraceDecoder.describe(root))")
        }
        var config = defaults
        var offsets: [String: Int] = [:]
        for member in members {
            guard keys.contains(where: { $0.isScalarEqual(to: member.key) }) else {
                throw failure(at: member.keyOffset, key: member.key, KeySuggestion.unknownKeyReason(member.key, among: keys))
            }
            do {
                try config.set(member.key, .json(member.node))
            } catch {
                throw failure(at: member.node.range.lowerBound, key: member.key, error.reason)
            }
            offsets[member.key] = member.node.range.lowerBound
        }
        // docs/configs.md: a value checked against another key, once both are known.
        if let issue = config.crossKeyIssue() {
            let offset = offsets[issue.key] ?? offsets[issue.other] ?? root.range.lowerBound
            throw failure(at: offset, key: issue.key, issue.reason)
        }
        return config
    }

    /// The config as compact JSON with every key in docs/configs.md's order: its identity.
    ///
    /// Deterministic (numbers through ``JSONWriter/number(_:)``, `extent` as
    /// `"auto"` or a number), so equal configs give equal text and the store
    /// can key config rows on it; ``init(canonicalJSON:)`` reads it back.
    ///
    /// ```json
    /// {"name":"baseline","interaction":"pull-to-dismiss","touchSlop":10,…,"curve":"linear"}
    /// ```
    public func canonicalJSON() -> String {
        var text = "{"
        for (index, key) in Self.keys.enumerated() {
            if index > 0 { text += "," }
            text += "\"" + key + "\":" + jsonValue(forKey: key)
        }
        return text + "}"
    }

    /// The JSON text of one key's value (`0.4`, `"auto"`, `true`, `"baseline"`).
    package func jsonValue(forKey key: String) -> String {
        ConfigKey.named(key)?.json(in: self) ?? "null"
    }

    /// The value of `key` as a person reads it (and as a `key=value` override takes it):
    /// `0.4`, `auto`, `true`, `velocity`, the name; `nil` for an unknown key.
    public func setting(_ key: String) -> String? {
        ConfigKey.named(key)?.text(in: self)
    }

    /// The 1-based line of byte `offset`.
    static func lineNumber(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }

    /// The 1-based column (in bytes) of byte `offset` within its line.
    static func columnNumber(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return offset - start + 1
    }
}

import PanTraceModel

/// Where a workflow's config comes from: the defaults, then a config file,
/// then `key=value` overrides in order (docs/configs.md; `--config FILE --set k=v`).
///
/// ```swift
/// let config = try ConfigSource(file: "Fixtures/configs/velocity.json",
///                               overrides: ["threshold=0.3"]).resolve()
/// ```
public struct ConfigSource: Sendable, Hashable {
    /// A config JSON file; every key in it is optional.
    public var file: String?
    /// A built-in preset to start from instead of the defaults (docs/presets.md);
    /// not together with ``file``.
    public var preset: String?
    /// `key=value` overrides applied in order; unless one sets `name`, they are
    /// appended to the config's name.
    public var overrides: [String]

    /// A source reading `file` (when given), then applying `overrides`.
    public init(file: String? = nil, preset: String? = nil, overrides: [String] = []) {
        self.file = file
        self.preset = preset
        self.overrides = overrides
    }

    /// The config: defaults (or the preset), then the file, then the overrides.
    ///
    /// - Throws: `InputFileError` when the file cannot be read, `ConfigError`
    ///   for a file or override that breaks docs/configs.md, `PresetError` for an
    ///   unknown preset, and ``ConfigSourceError`` for a preset with a file.
    public func resolve() throws -> Config {
        var result = Config()
        if let preset {
            guard file == nil else { throw ConfigSourceError.presetWithFile }
            guard preset != Preset.allName else { throw ConfigSourceError.allPresets }
            result = try Preset.named(preset).config
        }
        if let file {
            result = try Config.load(path: file)
        }
        try result.apply(overrides: overrides)
        return result
    }
}

/// A combination of config options that cannot be used (a usage error, exit 64).
public enum ConfigSourceError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A ``ConfigSource/preset`` together with a ``ConfigSource/file``.
    case presetWithFile
    /// The preset `all` (every preset) where one config is taken.
    case allPresets

    public var description: String {
        switch self {
        case .presetWithFile:
            "a preset and a config file both choose where the config starts: give one (overrides still apply to either)"
        case .allPresets: "every preset (all) is for comparing configs; name one preset here"
        }
    }
}

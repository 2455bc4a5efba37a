import PanTraceCore
import PanTraceModel
import PanTraceReports

/// Where a workflow's config comes from: the defaults, then a config file,
/// then `key=value` overrides in order (SPEC 5; `--config FILE --set k=v`).
///
/// ```swift
/// let config = try ConfigSource(file: "Fixtures/configs/velocity.json",
///                               overrides: ["threshold=0.3"]).resolve()
/// ```
public struct ConfigSource: Sendable, Hashable {
    /// A config JSON file; every key in it is optional.
    public var file: String?
    /// `key=value` overrides applied in order; unless one sets `name`, they are
    /// appended to the config's name.
    public var overrides: [String]

    /// A source reading `file` (when given), then applying `overrides`.
    public init(file: String? = nil, overrides: [String] = []) {
        self.file = file
        self.overrides = overrides
    }

    /// The config: defaults, then the file, then the overrides.
    ///
    /// - Throws: `InputFileError` when the file cannot be read, `ConfigError`
    ///   for a file or override that breaks SPEC 5.
    public func resolve() throws -> Config {
        var result = Config()
        if let file {
            result = try Config.load(path: file)
        }
        try result.apply(overrides: overrides)
        return result
    }
}

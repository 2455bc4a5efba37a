import PanTraceModel
import PanTraceStore

/// The config a command decides traces under, where it came from, and how
/// it differs from the baseline run's (docs/commands.md §7.2 "One base for
/// every command").
///
/// Every command that decides stored traces under a config — `replay`,
/// `regress`, `tune`, `compare` with the baseline, `export actions`,
/// `export xcuitest`, `verify` — starts from the same base:
/// the file or preset when one is given, else the baseline run's stored
/// config; the overrides are applied to that base, so that one override
/// changes one key and nothing else. Only a store without runs starts from
/// the defaults.
///
/// ```swift
/// let base = try ConfigBase.resolve(ConfigSource(overrides: ["stepVelocity=500"]), in: store)
/// base.description   // "base uikit-sheet stepVelocity=500 (the config of baseline run 1 with stepVelocity=500)"
/// ```
public struct ConfigBase: Sendable {
    /// The config, overrides applied.
    public var config: Config
    /// Where it started, and the overrides applied on top.
    public var origin: ConfigOrigin
    /// The baseline run, `nil` in a store without runs.
    public var baselineRun: RunID?
    /// The baseline run's stored config, `nil` in a store without runs.
    public var baselineConfig: Config?

    /// A base from its parts.
    public init(config: Config, origin: ConfigOrigin, baselineRun: RunID? = nil, baselineConfig: Config? = nil) {
        self.config = config
        self.origin = origin
        self.baselineRun = baselineRun
        self.baselineConfig = baselineConfig
    }

    /// The settings of ``config`` that differ from the baseline run's config
    /// (empty without a baseline run).
    public var differencesFromBaseline: [Config.Difference] {
        baselineConfig.map { config.differences(from: $0) } ?? []
    }

    /// `base uikit-sheet (the config of baseline run 1)`: the config's name
    /// and where it came from, as every report names it.
    public var description: String { "base \(config.name) (\(origin))" }

    /// ``description`` and, when the base is not the baseline run's config
    /// as stored, the settings that differ from it:
    /// `base … (…); differs from the baseline run's config: stepVelocity 1000 → 500`.
    public var summary: String {
        let differences = differencesFromBaseline
        guard !differences.isEmpty else { return description }
        return description + "; differs from the baseline run's config: "
            + differences.map { "\($0.key) \($0.old) → \($0.new)" }.joined(separator: ", ")
    }

    /// The base of `source` over `store`: its file or preset when it names
    /// one, else the stored config of the baseline run (`baseline` when
    /// given, else the accepted baseline, else the first run), else (a
    /// store without runs) the defaults; then its overrides.
    ///
    /// A caller that checks the options before it opens the store calls
    /// ``ConfigSource/check()`` first.
    ///
    /// - Throws: what ``ConfigSource/resolve()`` throws;
    ///   ``WorkflowError/damagedConfig(run:reason:)`` for a stored config
    ///   that cannot be read back; `StoreError.runNotFound` for an unknown
    ///   `baseline`; `ConfigError` for an override the baseline's config
    ///   cannot take; `InvalidConfigError` for a result docs/configs.md does not allow.
    public static func resolve(_ source: ConfigSource, in store: Store, baseline: RunID? = nil) throws -> ConfigBase {
        let stored: (run: RunID, config: Config)?
        if let baseline {
            guard let run = try store.configOfRun(baseline) else { throw StoreError.runNotFound(baseline) }
            stored = (baseline, try Config(storedSettings: run.settings, ofRun: baseline))
        } else {
            stored = try store.baselineConfig()
        }
        if source.file != nil || source.preset != nil {
            let base = ConfigBase(
                config: try source.resolve(), origin: source.origin, baselineRun: stored?.run, baselineConfig: stored?.config)
            try base.config.validate()
            return base
        }
        guard let stored else {
            var origin = source.origin
            origin.start = .defaultsWithoutRun
            let base = ConfigBase(config: try source.resolve(), origin: origin)
            try base.config.validate()
            return base
        }
        var config = stored.config
        try config.apply(overrides: source.overrides)
        try config.validate()
        return ConfigBase(
            config: config, origin: ConfigOrigin(.baselineRun(stored.run), overrides: source.overrides),
            baselineRun: stored.run, baselineConfig: stored.config)
    }
}

extension ConfigSource {
    /// Reads the file or preset and checks each override on its own (its
    /// key and value), without a store: what can be refused before the
    /// store is opened. Overrides are checked together against the base
    /// they apply to (``ConfigBase/resolve(_:in:baseline:)``), which a store may hold.
    ///
    /// - Throws: what ``resolve()`` throws.
    public func check() throws {
        if file != nil || preset != nil {
            _ = try resolve()
            return
        }
        var config = Config()
        for override in overrides { try config.apply(override: override) }
    }
}

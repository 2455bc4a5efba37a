import PanTraceCore
import PanTraceModel
import PanTraceStore

/// Decides the stored traces under two or more configs side by side,
/// storing nothing (`pantrace compare`; docs/presets.md).
///
/// Each config is decided exactly as `replay` would decide it
/// (`ConfigComparison`); the store is only read, so a read-only database
/// will do.
///
/// ```swift
/// let comparer = try Comparer(presets: ["all"], files: [], overrides: [])
/// let comparison = try comparer.compare(in: try Store(path: "pantrace.sqlite", readOnly: true))
/// print(comparison.textReport())
/// ```
public struct Comparer: Sendable {
    /// The configs, in the order given (presets first, then files, as the command line lists them).
    public let configs: [Config]
    /// The traces to compare over: all, or those named or of a family.
    public var selection: TraceSelection
    /// The most divided traces to list.
    public var limit: Int
    /// The overrides to apply to the baseline run's stored config, added as
    /// the first config (after a `pantrace lab` session, the
    /// config the person felt); nil to leave it out.
    public let baselineOverrides: [String]?

    /// A comparison of `configs` (at least two with the baseline run's, with distinct names).
    ///
    /// - Throws: ``ComparerError`` (a usage error) for fewer than two configs
    ///   or a name given twice.
    public init(
        configs: [Config], baselineOverrides: [String]? = nil, selection: TraceSelection = .all, limit: Int = 20
    ) throws {
        let count = configs.count + (baselineOverrides == nil ? 0 : 1)
        guard count >= 2 else { throw ComparerError.tooFewConfigs(count) }
        var seen: Set<String> = []
        for config in configs where !seen.insert(config.name).inserted {
            throw ComparerError.namedTwice(config.name)
        }
        self.configs = configs
        self.baselineOverrides = baselineOverrides
        self.selection = selection
        self.limit = limit
    }

    /// The configs as compared in `store`: the baseline run's first (with
    /// ``baselineOverrides``), then ``configs``. The baseline run's config
    /// keeps its stored name unless another config has it (a session run
    /// under a preset, compared with every preset): then it is named
    /// `uikit-sheet (baseline run 1)`.
    ///
    /// - Throws: ``WorkflowError/noRunsToCompare(database:)`` in a store without runs;
    ///   `ConfigError` for an override; ``WorkflowError/damagedConfig(run:reason:)``.
    public func configs(in store: Store) throws -> [Config] {
        guard let baselineOverrides else { return configs }
        guard let baseline = try store.baselineConfig() else { throw WorkflowError.noRunsToCompare(database: store.path) }
        var config = baseline.config
        try config.apply(overrides: baselineOverrides)
        if configs.contains(where: { $0.name == config.name }) {
            config.name += " (baseline run \(baseline.run))"
        }
        return [config] + configs
    }

    /// One warning per config whose `interaction` differs from the baseline
    /// run's, the one the traces were recorded under (docs/tune.md "The
    /// interaction"); `compare` gives them on standard error.
    public static func interactionWarnings(_ configs: [Config], in store: Store) throws -> [String] {
        guard let baseline = try store.baselineConfig() else { return [] }
        return configs.filter { $0.interaction != baseline.config.interaction }.map { config in
            TuningContext.interactionWarning(
                recorded: baseline.config.interaction, run: baseline.run, other: config.interaction,
                who: "the config \(JSONWriter.string(config.name)) runs")
        }
    }

    /// The configs of `sources`, presets by name (`all`: every preset, in docs/presets.md's
    /// order) and config files, each with `overrides` (`key=value`) applied, in
    /// the order given.
    ///
    /// - Throws: `PresetError` for an unknown preset, `InputFileError` or
    ///   `ConfigError` for a file or an override.
    public static func configs(sources: [ConfigChoice], overrides: [String]) throws -> [Config] {
        var configs: [Config] = []
        for source in sources {
            switch source {
            case .preset(Preset.allName):
                for preset in Preset.all {
                    configs.append(try ConfigSource(preset: preset.name, overrides: overrides).resolve())
                }
            case .preset(let name):
                configs.append(try ConfigSource(preset: name, overrides: overrides).resolve())
            case .file(let path):
                configs.append(try ConfigSource(file: path, overrides: overrides).resolve())
            }
        }
        return configs
    }

    /// Compares the configs over the selected traces of `store`, writing nothing.
    ///
    /// - Throws: what ``configs(in:)`` throws; ``NothingToTuneError/noTraces(_:)`` when no trace is selected;
    ///   `StoreError` for a name in ``selection`` that is not stored.
    public func compare(in store: Store, progress: ((Int) -> Void)? = nil) throws -> ConfigComparison {
        var comparison = ConfigComparison(configs: try configs(in: store), limit: limit)
        var count = 0
        try store.forEachTrace(selection.filter) { _, trace in
            comparison.add(trace)
            count += 1
            if count % 1024 == 0 { progress?(count) }
        }
        comparison.finish()
        guard comparison.traces > 0 else { throw NothingToTuneError.noTraces(selection) }
        return comparison
    }
}

/// Where one of `compare`'s configs comes from.
public enum ConfigChoice: Sendable, Hashable {
    /// A built-in preset by name (`all` for every preset).
    case preset(String)
    /// A config JSON file, by path.
    case file(String)
}

/// A `compare` that cannot run as asked (a usage error, exit 64).
public enum ComparerError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Fewer than two configs.
    case tooFewConfigs(Int)
    /// Two configs with one name: the reports could not tell them apart.
    case namedTwice(String)

    public var description: String {
        switch self {
        case .tooFewConfigs(let count):
            "compare needs two or more configs (presets or config files), found \(count)"
        case .namedTwice(let name):
            "the config \(JSONWriter.string(name)) is named twice: give each config once (or another name)"

        }
    }
}

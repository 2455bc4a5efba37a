import PanTraceModel
import PanTraceStore

/// Where a config that a report names came from: the baseline run's stored
/// config, a file, a preset, the defaults, or a config a Swift caller
/// built; with the overrides applied on top (docs/tune.md "The base").
///
/// ```swift
/// ConfigOrigin.baselineRun(1).description   // "the config of baseline run 1"
/// ```
public struct ConfigOrigin: Sendable, Hashable, CustomStringConvertible {
    /// Where the config started.
    public enum Start: Sendable, Hashable {
        /// The stored config of the baseline run (the run `replay` compares with).
        case baselineRun(RunID)
        /// A config file.
        case file(String)
        /// A built-in preset.
        case preset(String)
        /// The defaults of docs/configs.md.
        case defaults
        /// The defaults, where the baseline run's config was asked for but
        /// the database has no run.
        case defaultsWithoutRun
        /// A config a Swift caller built.
        case given
    }

    /// Where the config started.
    public var start: Start
    /// The `key=value` overrides applied on top, in order.
    public var overrides: [String]

    /// An origin starting at `start`, with `overrides` applied.
    public init(_ start: Start, overrides: [String] = []) {
        self.start = start
        self.overrides = overrides
    }

    /// The stored config of baseline run `run`.
    public static func baselineRun(_ run: RunID) -> ConfigOrigin { ConfigOrigin(.baselineRun(run)) }

    /// `the config of baseline run 1`, `file velocity.json with threshold=0.3`,
    /// `preset uikit-sheet`, `the defaults with threshold=0.3`.
    public var description: String {
        let start =
            switch self.start {
            case .baselineRun(let run): "the config of baseline run \(run)"
            case .file(let path): "file \(path)"
            case .preset(let name): "preset \(name)"
            case .defaults: "the defaults"
            case .defaultsWithoutRun: "the defaults (the database has no run)"
            case .given: "a config given by the caller"
            }
        return overrides.isEmpty ? start : start + " with " + overrides.joined(separator: " ")
    }
}

extension ConfigSource {
    /// True when the source names nothing: no file, no preset, no override.
    /// `tune` then starts from the baseline run's stored config.
    public var isEmpty: Bool { file == nil && preset == nil && overrides.isEmpty }

    /// Where ``resolve()`` starts (the defaults when it names no file or preset).
    public var origin: ConfigOrigin {
        let start: ConfigOrigin.Start =
            if let file { .file(file) } else if let preset { .preset(preset) } else { .defaults }
        return ConfigOrigin(start, overrides: overrides)
    }
}

extension ConfigSource {
    /// The base config of a command that decides stored traces, and where it
    /// came from (docs/tune.md "The base"), as ``ConfigBase/resolve(_:in:baseline:)``
    /// gives it: the file or preset when this source names one, else the
    /// baseline run's stored config, with the overrides on top; the defaults
    /// in a store without runs.
    ///
    /// - Throws: what ``resolve()`` throws; ``WorkflowError/damagedConfig(run:reason:)``.
    public func base(in store: Store) throws -> (config: Config, origin: ConfigOrigin) {
        // docs/commands.md §7.2: one base for every command (`ConfigBase`).
        try check()
        let base = try ConfigBase.resolve(self, in: store)
        return (base.config, base.origin)
    }
}

extension Store {
    /// The baseline run (the accepted one, else the first) and its stored
    /// config, as `replay` compares with; nil in a store without runs.
    ///
    /// - Throws: ``WorkflowError/damagedConfig(run:reason:)`` for a stored
    ///   config that cannot be read back; `StoreError`.
    public func baselineConfig() throws -> (run: RunID, config: Config)? {
        guard let run = try defaultBaselineRunID(), let stored = try configOfRun(run) else { return nil }
        return (run, try Config(storedSettings: stored.settings, ofRun: run))
    }
}

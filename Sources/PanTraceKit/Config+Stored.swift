import PanTraceStore
import PanTraceModel

extension RunSummary {
    /// The run's config, read back from its stored canonical JSON.
    ///
    /// - Throws: ``WorkflowError/damagedConfig(run:reason:)``: pantrace wrote
    ///   that text itself, so a failure means a damaged or hand-edited
    ///   database, never a silent default.
    public func config() throws -> Config {
        try Config(storedSettings: configSettings, ofRun: id)
    }
}

extension Config {
    /// The config of run `run`, read back from its stored canonical JSON
    /// (`config.settings`); a key it lacks reads `Config.storedDefaults`
    /// (`velocityEstimator`: `lsq2`, the default when it was stored; docs/configs.md).
    ///
    /// - Throws: ``WorkflowError/damagedConfig(run:reason:)`` when the text is not a config.
    public init(storedSettings settings: String, ofRun run: RunID) throws {
        do {
            try self.init(storedJSON: settings)
        } catch {
            throw WorkflowError.damagedConfig(run: run, reason: "\(error)")
        }
    }
}

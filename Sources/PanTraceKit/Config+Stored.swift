import PanTraceCore
import PanTraceStore
import PanTraceModel
import PanTraceReports

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
    /// The config of run `run`, read back from its stored canonical JSON (`config.settings`).
    ///
    /// - Throws: ``WorkflowError/damagedConfig(run:reason:)`` when the text is not a config.
    public init(storedSettings settings: String, ofRun run: RunID) throws {
        do {
            try self.init(canonicalJSON: settings)
        } catch {
            throw WorkflowError.damagedConfig(run: run, reason: "\(error)")
        }
    }
}

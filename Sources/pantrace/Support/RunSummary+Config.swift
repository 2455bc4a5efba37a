import PanTraceCore
import PanTraceStore

extension RunSummary {
    /// The run's config, read back from its stored canonical JSON.
    ///
    /// pantrace wrote that text itself, so a failure means a damaged or
    /// hand-edited database: an internal error (exit 70), never a silent default.
    func config() throws -> Config {
        try Config(storedSettings: configSettings, ofRun: id)
    }
}

extension Config {
    /// The config of run `run`, read back from its stored canonical JSON (`config.settings`).
    ///
    /// pantrace wrote that text itself, so a failure means a damaged or
    /// hand-edited database: an internal error (exit 70), never a silent default.
    init(storedSettings settings: String, ofRun run: RunID) throws {
        do {
            try self.init(canonicalJSON: settings)
        } catch {
            throw InternalError("run \(run)'s stored config cannot be read (\(error)): the database may be damaged")
        }
    }
}

/// Something pantrace itself wrote is not as it should be (exit 70).
struct InternalError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

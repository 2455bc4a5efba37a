import PanTraceStore
import PanTraceModel

/// A workflow asked for something the store cannot give: nothing to record or
/// replay, or a stored run that cannot be read back.
public enum WorkflowError: Error, Equatable, CustomStringConvertible {
    /// A record with no inputs and no synthetic traces (``Recorder/inputs`` empty, none synthesized).
    case nothingToRecord
    /// A replay against a database without runs.
    case noRunsToCompare(database: String)
    /// No stored trace matches the selection.
    case nothingToReplay(TraceSelection)
    /// An export of traces whose ``TraceSelection`` matches no stored trace.
    case nothingToExport(TraceSelection)
    /// An export of decisions, with no run named, from a database without runs.
    case noRunToExport(database: String)
    /// No run (or not run `run`) has a result for the trace.
    case noResult(trace: String, run: RunID?)
    /// A ``RunDeletion`` of the baseline run without ``RunDeletion/force``.
    case deletesBaseline(RunID)
    /// A run's stored config, which pantrace wrote itself, cannot be read: a
    /// damaged or hand-edited database.
    case damagedConfig(run: RunID, reason: String)

    /// Whether the caller asked for the impossible (a usage error, exit 64),
    /// rather than the database being damaged (exit 66, as for every other
    /// damage the store finds: the user's to restore, not an internal error).
    public var isUsage: Bool {
        if case .damagedConfig = self { return false }
        return true
    }

    /// What went wrong, in the library's words (the command line says it
    /// with its options: PanTraceCLI's `CommandLineWords`).
    public var description: String {
        switch self {
        case .nothingToRecord: "no traces given and none to generate: nothing to record"
        case .noRunsToCompare(let database):
            "\(database) has no runs to compare with: record some traces first (pantrace record)"
        case .nothingToReplay(let selection): "no stored trace matches \(selection): nothing to replay"
        case .nothingToExport(let selection): "no stored trace matches \(selection): nothing to export"
        case .noRunToExport(let database):
            "\(database) has no runs, so no decisions to export: record some traces first (pantrace record)"
        case .noResult(let trace, let run?): "run \(run) has no result for \(JSONWriter.string(trace))"
        case .noResult(let trace, nil): "no run has a result for \(JSONWriter.string(trace))"
        case .deletesBaseline(let run):
            "run \(run) is the baseline of later replays and regressions: delete it only by force"
        case .damagedConfig(let run, let reason):
            "run \(run)'s stored config cannot be read (\(reason)): the database is damaged; restore it from a backup"
        }
    }
}

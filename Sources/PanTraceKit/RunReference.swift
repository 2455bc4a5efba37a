import PanTraceStore

/// A run as a command names it (`export decisions --run RUN`, docs/sqlite.md
/// "Exporting decisions"): a run id, `baseline` or `latest`.
///
/// ```swift
/// let run = try RunReference("latest")?.runID(in: store)
/// ```
public enum RunReference: Hashable, Sendable, CustomStringConvertible {
    /// The run with this id.
    case id(RunID)
    /// The baseline replay compares with: the run accepted as the
    /// baseline (``Regression/accept``), else the first run.
    case baseline
    /// The newest run: the one just recorded.
    case latest

    /// `3`, `baseline` or `latest`; `nil` for anything else.
    public init?(_ text: String) {
        switch text {
        case "baseline": self = .baseline
        case "latest": self = .latest
        default:
            // Digits only: no sign, no spaces, no `0x`.
            guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let id = RunID(text)
            else { return nil }
            self = .id(id)
        }
    }

    /// The run's id in `store`.
    ///
    /// - Throws: ``WorkflowError/noRunToExport(database:)`` for `baseline`
    ///   or `latest` in a store without runs; `StoreError.runNotFound` for
    ///   an id that is not stored.
    public func runID(in store: Store) throws -> RunID {
        switch self {
        case .id(let id):
            guard try store.configOfRun(id) != nil else { throw StoreError.runNotFound(id) }
            return id
        case .baseline:
            guard let id = try store.defaultBaselineRunID() else { throw WorkflowError.noRunToExport(database: store.path) }
            return id
        case .latest:
            guard let id = try store.latestRunID() else { throw WorkflowError.noRunToExport(database: store.path) }
            return id
        }
    }

    /// `3`, `baseline` or `latest`, as typed.
    public var description: String {
        switch self {
        case .id(let id): String(id)
        case .baseline: "baseline"
        case .latest: "latest"
        }
    }
}

/// An export of decisions with no run named, in a store of several runs
/// (docs/sqlite.md "Exporting decisions"): a leftover run must never be
/// exported silently in place of the one just recorded. A usage error (64).
public struct AmbiguousRunError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The database, as named.
    public var database: String
    /// How many runs it holds (2 or more).
    public var runs: Int
    /// The baseline: the accepted run, else the first.
    public var baseline: RunID
    /// Whether ``baseline`` was accepted as the baseline (``Regression/accept``; else it is the first run).
    public var accepted: Bool
    /// The newest run.
    public var latest: RunID

    /// The error for `database` with `runs` runs, its `baseline` (`accepted` or the first) and `latest` run.
    public init(database: String, runs: Int, baseline: RunID, accepted: Bool, latest: RunID) {
        self.database = database
        self.runs = runs
        self.baseline = baseline
        self.accepted = accepted
        self.latest = latest
    }

    public var description: String {
        let which = accepted ? "accepted" : "the first"
        return "\(database) has \(runs) runs: say which to export: "
            + "baseline (run \(baseline), \(which)), latest (run \(latest)) or a run id"
    }
}

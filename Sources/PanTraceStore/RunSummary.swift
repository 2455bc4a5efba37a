/// One row of the run list: a run, its config and how its results were decided.
public struct RunSummary: Equatable, Hashable, Sendable {
    /// `run.id`.
    public var id: RunID
    /// The command that created the run.
    public var kind: RunKind
    /// `config.id`.
    public var configID: Int64
    /// The config's name.
    public var configName: String
    /// The config's canonical JSON (`config.settings`).
    public var configSettings: String
    /// UTC time the run started, ISO 8601 (`2025-01-31T12:00:00.000Z`).
    public var createdAt: String
    /// The number of results (traces simulated).
    public var traceCount: Int
    /// Results decided `finish`.
    public var finishCount: Int
    /// Results decided `cancel`.
    public var cancelCount: Int
    /// Results decided `none`.
    public var noneCount: Int
    /// True for the run marked as the baseline (``Store/setBaseline(_:)``).
    public var isBaseline: Bool

    /// Creates a summary from its parts.
    public init(
        id: RunID, kind: RunKind, configID: Int64, configName: String, configSettings: String,
        createdAt: String, traceCount: Int, finishCount: Int, cancelCount: Int, noneCount: Int,
        isBaseline: Bool
    ) {
        self.id = id
        self.kind = kind
        self.configID = configID
        self.configName = configName
        self.configSettings = configSettings
        self.createdAt = createdAt
        self.traceCount = traceCount
        self.finishCount = finishCount
        self.cancelCount = cancelCount
        self.noneCount = noneCount
        self.isBaseline = isBaseline
    }
}

/// The command that created a run; the raw values are the `run.kind` words.
public enum RunKind: String, Sendable, CaseIterable, Hashable {
    /// `pantrace record`: traces and their results are stored together.
    case record
    /// `pantrace replay`: stored traces re-simulated under a config.
    case replay
    /// `pantrace regress`: replay for CI.
    case regress
}

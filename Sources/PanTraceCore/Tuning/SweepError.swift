import PanTraceModel

/// Why a sweep or a grid of sweeps cannot be tuned (docs/commands.md §7.5):
/// what the tuner was asked to try is wrong, whatever the traces
/// (`NothingToTuneError`, in PanTraceKit, is about the traces: none, or none labelled).
///
/// Always a usage error (exit 64), reported before any trace is read:
///
/// ```
/// sweep treshold=0.2:0.6:0.1: treshold: unknown key (did you mean `threshold`?)
/// sweep threshold=0:1:0.1: threshold: must be > 0 and ≤ 1, found 0
/// sweeps: 4 sweeps, at most 3
/// ```
public struct SweepError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The sweep as typed (`threshold=0.2:0.6:0.1`); empty when the problem is the grid's.
    public var sweep: String
    /// The config key at fault; empty when the problem is not one key's.
    public var key: String
    /// What is wrong, for a person.
    public var reason: String

    /// An error about `key` in the sweep typed as `sweep`.
    public init(sweep: String, key: String, reason: String) {
        self.sweep = sweep
        self.key = key
        self.reason = reason
    }

    /// No sweep at all.
    public static let noSweeps = SweepError(sweep: "", key: "", reason: "give at least one sweep, e.g. threshold=0.2:0.6:0.05")

    /// `sweep text: key: reason` (`sweeps: reason` for the grid's).
    public var description: String {
        var text = sweep.isEmpty ? "sweeps: " : "sweep \(sweep): "
        if !key.isEmpty { text += key + ": " }
        return text + reason
    }
}

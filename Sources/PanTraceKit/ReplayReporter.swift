import PanTraceCore
import PanTraceModel
import PanTraceStore

/// A report of a replay, driven by the replay itself
/// (``Replayer/replay(in:reporting:)``): each trace as it is simulated, then
/// the whole comparison once, before the run is committed.
///
/// One implementation per format — the command line's text and JSON on
/// standard output, JUnit, the HTML page (``ReplayPageReporter``) — so that a
/// command reads top to bottom: build the reporters, replay, say what was
/// stored. A reporter keeps what it needs as the traces go by (a scratch file,
/// 9 bytes a trace for the release map), never the traces themselves, so
/// memory stays flat however large the corpus.
///
/// ```swift
/// let page = ReplayPageReporter(path: "replay.html", kind: .replay, candidate: config)
/// let comparison = try Replayer(config: config).replay(in: store, reporting: [page])
/// ```
public protocol ReplayReporter: AnyObject {
    /// How many traces were replayed so far, every 1,024 traces (progress on a terminal).
    func replayed(_ count: Int)

    /// One trace, as it is simulated: its comparison with the baseline, and
    /// the stored trace (its fields; `StoredTrace.unpacked()` decodes its
    /// samples, which the replay itself decoded on another thread and did not keep).
    ///
    /// An error it throws ends the replay, and nothing is stored.
    func compared(_ compared: ComparedTrace, trace: StoredTrace) throws

    /// The whole replay, once, after the last trace and before the commit:
    /// a report that cannot be written throws here, and then the run is not
    /// stored and no baseline moves.
    func finish(_ replay: FinishedReplay) throws
}

extension ReplayReporter {
    public func replayed(_ count: Int) {}
    public func compared(_ compared: ComparedTrace, trace: StoredTrace) throws {}
}

/// What a ``ReplayReporter`` is given when the replay is done: the
/// comparison, both configs (the baseline's read from the store once), and
/// the store, inside the run's transaction, for a report that reads traces back.
public struct FinishedReplay {
    /// The counts and the changes, candidate against baseline.
    public var comparison: RunComparison
    /// The baseline run's config, as stored.
    public var baselineConfig: Config
    /// The candidate's config.
    public var candidateConfig: Config
    /// The store; the candidate run's rows are visible, not yet committed.
    public var store: Store
}

/// A reporter that calls a closure with each trace compared: the simplest
/// way to see every result of a replay from Swift.
///
/// ```swift
/// var finishes = 0
/// try Replayer(config: config).replay(in: store, reporting: [EachComparedTrace { if $0.candidate.decision == .finish { finishes += 1 } }])
/// ```
public final class EachComparedTrace: ReplayReporter {
    private let body: (ComparedTrace) throws -> Void

    /// A reporter that calls `body` once per trace, in the store's order.
    public init(_ body: @escaping (ComparedTrace) throws -> Void) {
        self.body = body
    }

    public func compared(_ compared: ComparedTrace, trace: StoredTrace) throws {
        try body(compared)
    }

    public func finish(_ replay: FinishedReplay) throws {}
}

import PanTraceCore
import PanTraceReports
import PanTraceStore

/// Replay for CI (docs/commands.md §7.3): a replay stored as a `regress` run, then a
/// verdict — too many changed decisions that count (``gate``) fail — or,
/// with ``accept``, the new baseline.
///
/// It runs in two steps: ``replay(in:reporting:)`` stores the run (its
/// reporters, a JUnit file among them, written before the commit), then
/// ``conclude(_:)`` judges it.
///
/// ```swift
/// let regression = Regression(replayer: Replayer(config: candidate), maxChanges: 3, gate: .intent)
/// let comparison = try regression.replay(in: store)
/// if regression.conclude(comparison).fails { … }
/// ```
public struct Regression {
    /// The replay; its kind is always `.regress`.
    public var replayer: Replayer
    /// Changed decisions that count (``gate``) allowed before the regression fails.
    public var maxChanges: Int
    /// Which changes count: all of them, or only regressions against intent (``RegressionGate``).
    public var gate: RegressionGate
    /// Whether the run becomes the baseline instead of being judged.
    public var accept: Bool
    /// The changes accepted on purpose (an ``AllowList``): a listed trace's change never counts.
    public var allowList: AllowList?
    /// How the judgement's sentence names what sets ``maxChanges`` (a command passes its option).
    public var wording: ReportWording = .plain

    /// A regression of `replayer` allowing `maxChanges` changes that count under `gate`, or accepting its run;
    /// the changes of the traces in `allowList` do not count.
    public init(
        replayer: Replayer, maxChanges: Int = 0, gate: RegressionGate = .any, accept: Bool = false,
        allowList: AllowList? = nil
    ) {
        self.replayer = replayer
        self.replayer.kind = .regress
        self.maxChanges = max(0, maxChanges)
        self.gate = gate
        self.accept = accept
        self.allowList = allowList
    }

    /// Why accepting the run as the baseline is refused.
    public enum AcceptRefusal: Error, Equatable, Sendable {
        /// In CI (the `CI` environment variable's value): baselines are
        /// accepted on a developer's machine.
        case inCI(String)
        /// A selection of traces: a baseline of a few traces would leave the
        /// others without one, their changes unnoticed by every later regression.
        case partialSelection(TraceSelection)
    }

    /// Why accepting is refused, or `nil` when it is allowed.
    ///
    /// Accepting is refused in CI (`ci` is the `CI` environment variable: set,
    /// and neither empty, `0` nor `false`), and for a selection of traces,
    /// unless `force`.
    public static func acceptRefusal(ci: String?, selection: TraceSelection, force: Bool) -> AcceptRefusal? {
        guard !force else { return nil }
        if let ci, !ci.isEmpty, ci != "0", ci != "false" { return .inCI(ci) }
        if !selection.isAll { return .partialSelection(selection) }
        return nil
    }

    /// Stores the `regress` run and returns its comparison (see ``Replayer/replay(in:reporting:)``).
    ///
    /// With ``accept`` the run is stored as the baseline: the run and the
    /// mark are one transaction (``Replayer/marksBaseline``), after every
    /// reporter has finished, so a report that cannot be written accepts nothing.
    ///
    /// - Throws: ``AllowListError`` when ``allowList`` names a trace that is
    ///   not stored, before anything is stored; what the replay throws.
    @discardableResult
    public func replay(in store: Store, reporting reporters: [any ReplayReporter] = []) throws -> RunComparison {
        try replayer.config.validate()
        try allowList?.checkTraces(in: store)
        var replayer = replayer
        replayer.marksBaseline = accept
        return try replayer.replay(in: store, reporting: reporters)
    }

    /// The candidate run accepted as the baseline (with ``accept``: ``replay(in:reporting:)``
    /// marked it already), or the comparison judged against ``maxChanges``.
    public func conclude(_ comparison: RunComparison) -> RegressionVerdict {
        if accept { return .accepted(comparison.candidate.run) }
        return verdict(for: comparison)
    }

    /// The verdict on `comparison` without accepting anything: the changes
    /// that count under ``gate`` and are not in ``allowList``, against ``maxChanges``.
    public func verdict(for comparison: RunComparison) -> RegressionVerdict {
        let count = count(for: comparison)
        return count.exceeds ? .failed(count) : .passed(count)
    }

    /// The changes of `comparison` that count under ``gate`` and are not in
    /// ``allowList``, and those the list accepted.
    public func count(for comparison: RunComparison) -> RegressionCount {
        var counted = gate.counted(in: comparison)
        var accepted = 0
        if let allowList, !allowList.entries.isEmpty {
            for change in comparison.changes where allowList.entry(for: change.name) != nil {
                accepted += 1
                if gate.counts(change) { counted -= 1 }
            }
        }
        return RegressionCount(
            gate: gate, counted: counted, allowed: maxChanges, changed: comparison.changed, accepted: accepted)
    }

    /// Whether `trace`'s change counts against this regression: a failure in
    /// its JUnit report. A trace in ``allowList`` never counts.
    public func counts(_ trace: ComparedTrace) -> Bool {
        gate.counts(trace) && allowList?.entry(for: trace.name) == nil
    }
}

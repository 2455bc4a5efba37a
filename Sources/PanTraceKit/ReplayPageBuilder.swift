import PanTraceCore
import PanTraceStore
import PanTraceModel
import PanTraceReports

/// Gathers the HTML report of a `replay` or `regress` (SPEC 7.8) as the
/// replay streams, in bounded memory: the release of every trace compactly
/// (``ReleaseMapInput``, 9 bytes a trace), then, once the run is stored, the
/// changed traces to plot (at most `limit`) read back from the store by name
/// and simulated under both configs for their course.
///
/// ```swift
/// var builder = ReplayPageBuilder(kind: .replay, candidate: config, limit: 50)
/// let comparison = try Replayer(config: config).replay(in: store, streaming: { builder.add($0, trace: $1) })
/// try AtomicFile.write(try builder.page(for: comparison, in: store).html(), to: "report.html")
/// ```
public struct ReplayPageBuilder {
    /// `replay` or `regress`, for the page's title.
    public var kind: RunKind
    /// The candidate config (the replay's): the extent of each trace and the plots' second course.
    public var candidate: Config
    /// `--limit`: how many changed traces are plotted, in the text report's order (by name).
    public var limit: Int
    /// The releases added so far.
    public private(set) var releases = ReleaseMapInput()

    /// A builder for a replay of `kind` under `candidate` plotting `limit` changed traces.
    public init(kind: RunKind, candidate: Config, limit: Int = 50) {
        self.kind = kind
        self.candidate = candidate
        self.limit = max(0, limit)
    }

    /// Adds one trace as it is compared (the `streaming` argument of
    /// ``Replayer/replay(in:progress:each:streaming:finishing:)``); keeps nothing of the trace.
    public mutating func add(_ compared: ComparedTrace, trace: Trace) {
        releases.add(compared, extent: ReleaseMapInput.extent(of: trace, under: candidate))
    }

    /// The page of `comparison`: the baseline run's config is read from
    /// `store`, and each plotted change's trace is read back by name, one
    /// at a time.
    ///
    /// - Throws: ``WorkflowError/damagedConfig(run:reason:)`` when the
    ///   baseline's stored config cannot be read; `StoreError`.
    public func page(for comparison: RunComparison, in store: Store) throws -> ReplayPage {
        let baselineID = comparison.baseline.run
        guard let stored = try store.configOfRun(baselineID) else { throw StoreError.runNotFound(baselineID) }
        let baseline = try Config(storedSettings: stored.settings, ofRun: baselineID)
        var plots: [ChangedTracePlot] = []
        for index in comparison.changeList.indexesByName().prefix(limit) {
            let change = comparison.changeList[index]
            // A change is a stored trace (the replay just read it); the check keeps a damaged store from crashing.
            guard let (_, trace) = try store.trace(named: change.name) else {
                throw StoreError.traceNotFound(name: change.name)
            }
            plots.append(ChangedTracePlot(change, trace: trace, baseline: baseline, candidate: candidate))
        }
        return ReplayPage(
            command: kind.rawValue, comparison: comparison, baselineConfig: baseline, candidateConfig: candidate,
            releases: releases, plots: plots, limit: limit)
    }
}

import PanTraceCore
import PanTraceStore
import PanTraceModel
import PanTraceReports

/// Gathers the HTML report of a `replay` or `regress` (docs/commands.md §7.8) as the
/// replay streams, in bounded memory: the release of every trace compactly
/// (`ReleaseMapInput`, 9 bytes a trace), and the changed traces to plot as
/// they go by (the first `limit` by name, kept as they are read); once the
/// run is stored, those are simulated under both configs for their course.
///
/// ``ReplayPageReporter`` writes the page of a replay as it runs:
///
/// ```swift
/// let page = ReplayPageReporter(path: "report.html", kind: .replay, candidate: config, limit: 50)
/// try Replayer(config: config).replay(in: store, reporting: [page])
/// ```
public struct ReplayPageBuilder {
    /// `replay` or `regress`, for the page's title.
    public var kind: RunKind
    /// The candidate config (the replay's): the extent of each trace and the plots' second course.
    public var candidate: Config
    /// How many changed traces are plotted, in the text report's order (by name).
    public var limit: Int
    /// The releases added so far.
    public private(set) var releases = ReleaseMapInput()

    /// A builder for a replay of `kind` under `candidate` plotting `limit` changed traces.
    public init(kind: RunKind, candidate: Config, limit: Int = 50) {
        self.kind = kind
        self.candidate = candidate
        self.limit = max(0, limit)
    }

    /// The changes to plot so far, ascending by name (byte order, as
    /// ``PanTraceCore/ChangeList/indexesByName()`` orders them): at most ``limit``.
    private var plotted: [(change: ComparedTrace, trace: Trace)] = []

    /// Scratch space for a sheet's samples and frames, reused from trace to trace.
    private var sheet = Trace(name: "", width: 0, height: 0, samples: [])
    private var frames: [Frame] = []

    /// Adds one trace as it is compared (``ReplayReporter/compared(_:trace:)``):
    /// its release, and the trace itself while it is among the first
    /// ``limit`` changes by name. A sheet with detents is simulated again
    /// under the candidate for its release height (docs/model.md §4.10),
    /// which results do not keep.
    ///
    /// - Throws: `StoreError` for a trace whose packed samples are malformed.
    public mutating func add(_ compared: ComparedTrace, trace: StoredTrace) throws {
        try keepForPlot(compared, trace: trace)
        guard trace.startDetent != nil else {
            releases.add(compared, extent: ReleaseMapInput.extent(width: trace.width, height: trace.height, under: candidate))
            return
        }
        try trace.unpackForSimulation(into: &sheet)
        sheet.intent = trace.intent
        let height = SheetReleases.releaseHeight(of: sheet, under: candidate, frames: &frames).1
        releases.addSheet(compared, trace: sheet, height: height)
    }

    /// Keeps `trace` when `compared` is a change (as ``PanTraceCore/RunComparison/add(_:)``
    /// counts one) among the first ``limit`` by name so far, dropping the one it displaces.
    private mutating func keepForPlot(_ compared: ComparedTrace, trace: StoredTrace) throws {
        guard limit > 0, compared.baseline != nil, compared.isChange else { return }
        let name = compared.name.utf8
        if plotted.count == limit, let last = plotted.last, !name.lexicographicallyPrecedes(last.change.name.utf8) { return }
        var low = 0, high = plotted.count
        while low < high {
            let middle = (low + high) / 2
            if plotted[middle].change.name.utf8.lexicographicallyPrecedes(name) { low = middle + 1 } else { high = middle }
        }
        plotted.insert((compared, try trace.unpacked()), at: low)
        if plotted.count > limit { plotted.removeLast() }
    }

    /// The page of `comparison` against the `baseline` run's config, with
    /// the changes kept as the replay went by plotted.
    public func page(for comparison: RunComparison, baseline: Config) -> ReplayPage {
        let plots = plotted.map { ChangedTracePlot($0.change, trace: $0.trace, baseline: baseline, candidate: candidate) }
        return ReplayPage(
            command: kind.rawValue, comparison: comparison, baselineConfig: baseline, candidateConfig: candidate,
            releases: releases, plots: plots, limit: limit)
    }
}

/// The HTML report of a replay (docs/commands.md §7.8), as a
/// ``ReplayReporter``: the releases gathered as the traces go by, the page
/// written to `path` (atomically) before the run is committed.
public final class ReplayPageReporter: ReplayReporter {
    /// Where the page goes.
    public let path: String
    /// The page written, once the replay has finished.
    public private(set) var page: ReplayPage?
    private var builder: ReplayPageBuilder
    /// The verdict of a judged `regress` (``Regression/judgement(for:)``),
    /// stated on the page as in every other report; nil for `replay`.
    public var judge: ((RunComparison) -> RegressionJudgement)?
    /// How the page names what caps the plots and what lists every change.
    public var wording: ReportWording = .plain

    /// A reporter writing the page of a replay of `kind` under `candidate` to `path`, plotting `limit` changes.
    public init(path: String, kind: RunKind, candidate: Config, limit: Int = 50) {
        self.path = path
        builder = ReplayPageBuilder(kind: kind, candidate: candidate, limit: limit)
    }

    public func compared(_ compared: ComparedTrace, trace: StoredTrace) throws {
        try builder.add(compared, trace: trace)
    }

    public func finish(_ replay: FinishedReplay) throws {
        var page = builder.page(for: replay.comparison, baseline: replay.baselineConfig)
        page.judgement = judge?(replay.comparison)
        page.wording = wording
        try AtomicFile.write(page.html(), to: path)
        self.page = page
    }
}

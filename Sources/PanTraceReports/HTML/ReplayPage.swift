import PanTraceCore
import PanTraceModel

/// Everything the HTML report of `replay` or `regress` shows (docs/commands.md §7.8), as
/// plain values: the comparison the text report prints, both configs, the
/// release of every trace and the course of the changed ones.
///
/// ```swift
/// var comparison = RunComparison(baseline: …, candidate: …, settingChanges: candidate.differences(from: baseline))
/// var releases = ReleaseMapInput()
/// for compared in … { comparison.add(compared); releases.add(compared, extent: …) }
/// let page = ReplayPage(command: "replay", comparison: comparison, baselineConfig: baseline,
///                       candidateConfig: candidate, releases: releases, plots: plots)
/// let html = page.html()
/// ```
public struct ReplayPage: Sendable {
    /// `replay` or `regress`, for the title.
    public var command: String
    /// The counts and changes of the text report, and the settings that differ.
    public var comparison: RunComparison
    /// The baseline run's config: its decision boundary is drawn dashed.
    public var baselineConfig: Config
    /// The candidate run's config: its boundary is drawn solid.
    public var candidateConfig: Config
    /// The release of every trace (the unchanged ones compactly).
    public var releases: ReleaseMapInput
    /// The changed traces to plot, at most ``limit``, in the order shown
    /// (the text report's: by name).
    public var plots: [ChangedTracePlot]
    /// How many changed traces are plotted and numbered on the map.
    public var limit: Int
    /// Above this many unchanged traces the map draws them as a density of
    /// binned cells instead of single marks (changed traces are always marks).
    public var densityAbove: Int
    /// A judged `regress`'s verdict and allow list (nil for `replay`): the
    /// page's counts and verdict are then those of every other report of the run.
    public var judgement: RegressionJudgement?
    /// How the page names what caps the plots and what lists every change.
    public var wording: ReportWording = .plain

    /// A page for `command` from its parts.
    public init(
        command: String, comparison: RunComparison, baselineConfig: Config, candidateConfig: Config,
        releases: ReleaseMapInput, plots: [ChangedTracePlot], limit: Int = 50, densityAbove: Int = 4000
    ) {
        self.command = command
        self.comparison = comparison
        self.baselineConfig = baselineConfig
        self.candidateConfig = candidateConfig
        self.releases = releases
        self.plots = plots
        self.limit = limit
        self.densityAbove = densityAbove
    }
}

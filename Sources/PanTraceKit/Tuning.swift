import PanTraceCore
import PanTraceModel
import PanTraceReports

/// What ``Tuner/tune(in:progress:)`` found: the counts of every candidate,
/// the best one under the limit, and how it compares with the base config.
public struct Tuning: Sendable {
    /// Every candidate's counts, the Pareto frontier and the best.
    public let results: TuningResults
    /// The limit the best was chosen under (``Tuner/maxAccidental``).
    public let maxAccidental: Int?
    /// The base config against the best candidate, trace by trace; nil when
    /// no candidate is within ``maxAccidental``.
    public let comparison: TuningComparison?
    /// The labelled traces that counted, by source (docs/tune.md "Evidence").
    public let evidence: TuningEvidence
    /// The 95 % bootstrap intervals and the verdict; nil without a best candidate.
    public let intervals: TuningIntervals?
    /// Where the base came from, the interaction the traces were recorded
    /// under, and the best over people's labels when the generator's outnumber them.
    public let context: TuningContext?

    /// The result of a tune (``Tuner`` makes it).
    public init(
        results: TuningResults, maxAccidental: Int?, comparison: TuningComparison?,
        evidence: TuningEvidence = TuningEvidence(), intervals: TuningIntervals? = nil, context: TuningContext? = nil
    ) {
        self.results = results
        self.maxAccidental = maxAccidental
        self.comparison = comparison
        self.evidence = evidence
        self.intervals = intervals
        self.context = context
    }

    /// The warnings `tune` gives on standard error: one per interaction a
    /// candidate runs that the baseline run did not (docs/tune.md "The interaction").
    public var interactionWarnings: [String] { context?.interactionWarnings(results.grid) ?? [] }

    /// True when no selected trace has an intent that counts (``Tuner/evidence``
    /// left none): there is nothing to learn from and no best.
    public var nothingToLearn: Bool { results.labelled == 0 }

    /// The index of the best candidate; nil when none is within
    /// ``maxAccidental``, or with nothing to learn from.
    public var best: Int? { nothingToLearn ? nil : results.best(maxAccidental: maxAccidental) }

    /// The config to write as the best: the base config with the best
    /// candidate's settings; nil when there is no best.
    public var bestConfig: Config? { best.map(results.grid.namedConfig(at:)) }

    /// `better` when the best is reliably better than the base, else `uncertain`.
    public var verdict: TuningIntervals.Verdict { best == nil ? .uncertain : intervals?.verdict ?? .uncertain }

    /// The human report (docs/tune.md "tune"): the evidence, the best
    /// against the base with its intervals and verdict, the candidates.
    public func textReport(style: TextStyle = .plain, wording: ReportWording = .plain) -> String {
        results.textReport(
            maxAccidental: maxAccidental, comparison: comparison, evidence: evidence, intervals: intervals, context: context,
            style: style, wording: wording)
    }

    /// The JSON report (docs/tune.md "tune"), written in pieces to `write`.
    public func writeJSON(to write: (String) throws -> Void) rethrows {
        try results.writeJSON(
            maxAccidental: maxAccidental, evidence: evidence, intervals: intervals, context: context, to: write)
    }

    /// The HTML report (docs/commands.md §7.8): one self-contained page.
    public func html(wording: ReportWording = .plain) -> String {
        results.page(
            maxAccidental: maxAccidental, comparison: comparison, intervals: intervals, evidence: evidence, context: context,
            wording: wording
        ).html()
    }
}

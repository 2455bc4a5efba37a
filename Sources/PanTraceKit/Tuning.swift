import PanTraceCore
import PanTraceModel
import PanTraceReports

/// What ``Tuner/tune(in:progress:)`` found: the counts of every candidate,
/// the best one under the limit, and how it compares with the base config.
public struct Tuning: Sendable {
    /// Every candidate's counts, the Pareto frontier and the best.
    public let results: TuningResults
    /// The limit the best was chosen under (`--max-accidental`).
    public let maxAccidental: Int?
    /// The base config against the best candidate, trace by trace; nil when
    /// no candidate is within ``maxAccidental``.
    public let comparison: TuningComparison?

    /// The result of a tune (``Tuner`` makes it).
    public init(results: TuningResults, maxAccidental: Int?, comparison: TuningComparison?) {
        self.results = results
        self.maxAccidental = maxAccidental
        self.comparison = comparison
    }

    /// The index of the best candidate; nil when none is within ``maxAccidental``.
    public var best: Int? { results.best(maxAccidental: maxAccidental) }

    /// The config `--best-config` writes: the base config with the best
    /// candidate's settings; nil when none is within ``maxAccidental``.
    public var bestConfig: Config? { results.bestConfig(maxAccidental: maxAccidental) }

    /// The human report (SPEC 7.5): the best against the base, the frontier,
    /// and for one sweep every value.
    public func textReport(style: TextStyle = .plain) -> String {
        results.textReport(maxAccidental: maxAccidental, comparison: comparison, style: style)
    }

    /// The JSON report (SPEC 7.5), written in pieces to `write`.
    public func writeJSON(to write: (String) throws -> Void) rethrows {
        try results.writeJSON(maxAccidental: maxAccidental, to: write)
    }

    /// The HTML report (SPEC 7.8): one self-contained page.
    public func html() -> String {
        results.page(maxAccidental: maxAccidental, comparison: comparison).html()
    }
}

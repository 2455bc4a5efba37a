import PanTraceCore

extension TuningResults {
    /// The HTML report's input (docs/commands.md §7.8): the same fields as
    /// `json(maxAccidental:)`, with the best candidate under `maxAccidental`,
    /// and the base config's counts from `comparison` when given; `wording`
    /// names the evidence filter.
    ///
    /// ```swift
    /// let html = results.page(maxAccidental: 10).html()
    /// ```
    public func page(
        maxAccidental: Int? = nil, comparison: TuningComparison? = nil, intervals: TuningIntervals? = nil,
        evidence: TuningEvidence? = nil, context: TuningContext? = nil, wording: ReportWording = .plain
    ) -> TunePage {
        let candidates = (0..<count).map { index in
            TunePage.Candidate(
                values: grid.settings(at: index).map(\.value), counts: counts(at: index), pareto: isPareto(index),
                floor: floor(at: index))
        }
        var page = TunePage(
            base: grid.base.name, traces: traces, labelled: labelled,
            sweeps: grid.sweeps.map { TunePage.Sweep(key: $0.key, values: $0.values) }, candidates: candidates,
            best: labelled == 0 ? nil : best(maxAccidental: maxAccidental), maxAccidental: maxAccidental,
            baseCounts: comparison?.baseCounts, baseCandidate: grid.baseIndex, intervals: intervals, evidence: evidence,
            stale: comparison.map { ($0.baseStale, $0.bestStale) })
        page.baseOrigin = context?.origin
        if let differences = context?.baselineDifferences, !differences.isEmpty {
            page.baseOrigin = (page.baseOrigin ?? "") + "; it differs from the baseline run's config in "
                + differences.map { "\($0.key) \($0.old) → \($0.new)" }.joined(separator: ", ")
        }
        page.wording = wording
        if labelled > 0, let best = best(maxAccidental: maxAccidental) {
            if best == grid.baseIndex {
                page.bestNotes.append("No change recommended: no candidate does better than the base's own settings.")
            }
            page.bestNotes += edgeSentences(at: best).map { $0.prefix(1).uppercased() + $0.dropFirst() + "." }
        }
        if let people = context?.bestWithPeople {
            let text = peopleBestText(people, maxAccidental: maxAccidental, wording: wording)
            page.bestNotes.append(text.prefix(1).uppercased() + text.dropFirst() + ".")
        }
        return page
    }
}

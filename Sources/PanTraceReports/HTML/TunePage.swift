import PanTraceCore

/// Everything the HTML report of `tune` shows (docs/commands.md §7.5, §7.8), as plain
/// values that the JSON report's fields map onto one to one.
public struct TunePage: Sendable {
    /// One sweep of the tune: its key and its values as the report prints them.
    public struct Sweep: Equatable, Sendable {
        /// The config key, e.g. `threshold`.
        public var key: String
        /// The values in sweep order, e.g. `["0.3", "0.35"]` or `["threshold", "velocity"]`;
        /// all numbers place them at their values along an axis, else evenly.
        public var values: [String]

        /// A sweep of `key` over `values`.
        public init(key: String, values: [String]) {
            self.key = key
            self.values = values
        }
    }

    /// One candidate config and how it decided the traces.
    @dynamicMemberLookup
    public struct Candidate: Equatable, Sendable {
        /// The candidate's value of each sweep, in sweep order (one of that sweep's ``Sweep/values``).
        public var values: [String]
        /// How many traces each decision got, and their agreement with intent
        /// over traces with one (docs/commands.md §7.5): `candidate.agree`, …
        public var counts: TuningCounts
        /// No other candidate has `accidental` and `missed` both ≤ and one <.
        public var pareto: Bool
        /// The smallest `agree` among it and its neighbours (docs/tune.md
        /// "The robust best"); its own `agree` when not given.
        public var floor: Int

        /// A candidate with its sweep values and counts.
        public init(values: [String], counts: TuningCounts, pareto: Bool, floor: Int? = nil) {
            self.values = values
            self.counts = counts
            self.pareto = pareto
            self.floor = floor ?? counts.agree
        }

        /// A candidate with its sweep values and counts given one by one.
        public init(
            values: [String], finish: Int, cancel: Int, none: Int, agree: Int, accidental: Int, missed: Int,
            pareto: Bool, floor: Int? = nil
        ) {
            self.init(
                values: values,
                counts: TuningCounts(
                    finish: finish, cancel: cancel, none: none, agree: agree, accidental: accidental, missed: missed),
                pareto: pareto, floor: floor)
        }

        /// `finish`, `cancel`, `none`, `agree`, `accidental`, `missed` or `wrongDetent`.
        public subscript(dynamicMember count: WritableKeyPath<TuningCounts, Int>) -> Int {
            get { counts[keyPath: count] }
            set { counts[keyPath: count] = newValue }
        }
    }

    /// The base config's name.
    public var base: String
    /// Traces decided.
    public var traces: Int
    /// How many of the traces have an intent.
    public var labelled: Int
    /// One to three sweeps; the first varies slowest.
    public var sweeps: [Sweep]
    /// In candidate order.
    public var candidates: [Candidate]
    /// The index of the best candidate in ``candidates``, `nil` when none is within ``maxAccidental``.
    public var best: Int?
    /// The most `accidental` the best candidate may have; `nil` for no limit.
    public var maxAccidental: Int?
    /// The base config's counts over the same traces, when known (the
    /// page then shows how the best candidate compares with it).
    public var baseCounts: TuningCounts?
    /// The index of the candidate with the base config's settings, when one has them.
    public var baseCandidate: Int?
    /// The 95 % bootstrap intervals and the verdict (docs/tune.md "How sure"), when known.
    public var intervals: TuningIntervals?
    /// The labelled traces by source, when known.
    public var evidence: TuningEvidence?
    /// The base's and the best's results decided by a stale velocity
    /// (docs/model.md §4.6), when known.
    public var stale: (base: Int, best: Int)?
    /// Where the base config came from (`the config of baseline run 1`), when known.
    public var baseOrigin: String?
    /// What the best needs said beside it: no change recommended, a best at
    /// a sweep's edge, the best over people's labels alone.
    public var bestNotes: [String] = []
    /// How the page names the evidence filter.
    public var wording: ReportWording = .plain

    /// A page from the fields of the tune's JSON report
    /// (`TuningResults.json(maxAccidental:evidence:intervals:)`, docs/commands.md §7.5).
    public init(
        base: String, traces: Int, labelled: Int, sweeps: [Sweep], candidates: [Candidate], best: Int?,
        maxAccidental: Int? = nil, baseCounts: TuningCounts? = nil, baseCandidate: Int? = nil,
        intervals: TuningIntervals? = nil, evidence: TuningEvidence? = nil, stale: (base: Int, best: Int)? = nil
    ) {
        self.stale = stale
        self.baseCandidate = baseCandidate
        self.intervals = intervals
        self.evidence = evidence
        self.base = base
        self.traces = traces
        self.labelled = labelled
        self.sweeps = sweeps
        self.candidates = candidates
        self.best = best
        self.maxAccidental = maxAccidental
        self.baseCounts = baseCounts
    }
}

import PanTraceModel

/// What a tune's reports say around the counts: where the base config came
/// from, the interaction the traces were recorded under, and the best over
/// people's labels alone when the generator's outnumber them
/// (docs/tune.md "The base", "Evidence", "The interaction").
public struct TuningContext: Sendable, Equatable {
    /// The best over the `person` and `inferred` labels alone.
    public struct PeopleBest: Sendable, Equatable {
        /// The traces with a `person` or `inferred` label.
        public var labelled: Int
        /// The best candidate over them (nil: none within the limit).
        public var best: Int?

        /// The best `best` over `labelled` labels of people.
        public init(labelled: Int, best: Int?) {
            self.labelled = labelled
            self.best = best
        }
    }

    /// Where the base config came from, in words (`the config of baseline run 1`).
    public var origin: String
    /// The baseline run and its config's interaction, the one the traces
    /// were recorded under; nil in a store without runs.
    public var recordedUnder: (run: Int64, interaction: Interaction)?
    /// The best over people's labels alone; nil unless people's labels are
    /// present and fewer than the generator's.
    public var bestWithPeople: PeopleBest?
    /// The settings of the base that differ from the baseline run's config
    /// (docs/commands.md §7.2); empty when they are the same or without a run.
    public var baselineDifferences: [Config.Difference] = []

    /// Against what the app did: the traces with `observed`, by who reported
    /// it (docs/tune.md "Against what the app did"); nil for a tune against intents.
    public var observed: ObservedEvidence?

    /// A context naming the base's `origin`.
    public init(
        origin: String, recordedUnder: (run: Int64, interaction: Interaction)? = nil, bestWithPeople: PeopleBest? = nil,
        observed: ObservedEvidence? = nil
    ) {
        self.origin = origin
        self.observed = observed
        self.recordedUnder = recordedUnder
        self.bestWithPeople = bestWithPeople
    }

    public static func == (lhs: TuningContext, rhs: TuningContext) -> Bool {
        lhs.origin == rhs.origin && lhs.recordedUnder?.run == rhs.recordedUnder?.run
            && lhs.recordedUnder?.interaction == rhs.recordedUnder?.interaction && lhs.bestWithPeople == rhs.bestWithPeople
            && lhs.baselineDifferences == rhs.baselineDifferences
            && lhs.observed == rhs.observed
    }

    /// One warning per interaction that some candidate of `grid` runs and
    /// the baseline run did not: such a candidate is decided all the same,
    /// but most gestures of one interaction never begin under another.
    public func interactionWarnings(_ grid: TuningGrid) -> [String] {
        guard let recordedUnder else { return [] }
        var runs: [Interaction] = []
        if let sweep = grid.sweeps.first(where: { $0.key == "interaction" }) {
            runs = sweep.settings.indices.map { index in
                var config = grid.base
                sweep.assign(index, to: &config)
                return config.interaction
            }
        } else {
            runs = [grid.base.interaction]
        }
        var seen: Set<Interaction> = []
        return runs.filter { $0 != recordedUnder.interaction && seen.insert($0).inserted }.map { other in
            Self.interactionWarning(
                recorded: recordedUnder.interaction, run: recordedUnder.run, other: other, who: "candidates run")
        }
    }

    /// `the traces were recorded under swipe-back (baseline run 1) and
    /// candidates run pull-to-dismiss: …`, the sentence `tune` and `compare`
    /// share; `who` names the candidates or the config with its verb.
    public static func interactionWarning(recorded: Interaction, run: Int64, other: Interaction, who: String) -> String {
        "the traces were recorded under \(recorded.rawValue) (baseline run \(run)) and \(who) \(other.rawValue): "
            + "a trace's intent was meant for the gesture it was recorded for, and most gestures of one interaction "
            + "never begin under another, so the counts against intent compare different gestures"
    }
}

/// The traces of a tune against what the app did, counted by who reported
/// it (docs/tune.md "Against what the app did").
public struct ObservedEvidence: Sendable, Equatable {
    /// The traces with `observed`, by `observedSource`.
    public private(set) var counts: [ObservedSource: Int] = [:]

    /// None yet.
    public init() {}

    /// Counts `trace` when it carries `observed`.
    public mutating func add(_ trace: Trace) {
        guard let source = trace.observationSource else { return }
        counts[source, default: 0] += 1
    }

    /// The traces with `observed` reported by `source`.
    public func count(of source: ObservedSource) -> Int { counts[source] ?? 0 }

    /// Every trace with `observed`.
    public var observed: Int { counts.values.reduce(0, +) }

    /// The warning when every observed outcome is the generator's stand-in app's; nil otherwise.
    public var warning: String? {
        guard observed > 0, count(of: .synthetic) == observed else { return nil }
        return "every observed outcome here is a stand-in app's (observedSource synthetic): the config it picks "
            + "reproduces that config, not your app. Record what your app did with PanTraceCapture or on a device."
    }
}

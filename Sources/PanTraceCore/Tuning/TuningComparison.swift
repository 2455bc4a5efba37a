import PanTraceModel

/// The base config against the best candidate of a tune, trace by trace:
/// the counts of both and the traces whose decision moves.
///
/// ``TuningResults`` keeps only counts, so a report that names the traces
/// that move takes a second pass over the same traces:
///
/// ```swift
/// var comparison = TuningComparison(base: grid.base, best: results.bestConfig() ?? grid.base)
/// for trace in traces { comparison.add(trace) }
/// results.textReport(comparison: comparison)
/// ```
///
/// When the two configs differ only in keys read at the lift (the usual
/// threshold and flick-velocity tune), each trace is simulated once and both
/// decisions are taken from that simulation, as ``TuningEngine`` does.
public struct TuningComparison: Sendable {
    /// How many names each kind of move keeps (the first ones added).
    public static let nameLimit = 8

    /// Traces that moved one way: how many, and the first ``nameLimit`` names.
    public struct Movers: Equatable, Sendable {
        /// How many traces moved this way.
        public private(set) var count = 0
        /// The names of the first ``TuningComparison/nameLimit`` of them, in the order added.
        public private(set) var names: [String] = []

        mutating func add(_ name: String) {
            count += 1
            if names.count < TuningComparison.nameLimit { names.append(name) }
        }
    }

    /// The config the tune started from.
    public let base: Config
    /// The best candidate's config.
    public let best: Config
    /// The base config's counts over the traces added.
    public private(set) var baseCounts = TuningCounts()
    /// The best config's counts over the traces added (equal to the tune's).
    public private(set) var bestCounts = TuningCounts()
    /// Traces with an intent that the base disagreed with and the best agrees with.
    public private(set) var nowAgree = Movers()
    /// Intent `cancel`: not `finish` under the base, `finish` under the best.
    public private(set) var newAccidental = Movers()
    /// Intent `finish`: `finish` under the base, `cancel` or `none` under the best.
    public private(set) var newlyMissed = Movers()
    /// With detents: not dismissed under the best, resting at another detent
    /// than meant, where the base's result was not a wrong detent (docs/model.md §2).
    public private(set) var newWrongDetent = Movers()
    /// Other changed decisions: no intent, `cancel` ↔ `none` (both agree with
    /// `cancel`), or from one wrong detent to another.
    public private(set) var otherMoves = Movers()
    /// The labelled traces with detents from one start detent: how many, and
    /// how many rest where meant under the base and under the best.
    public struct StartDetent: Equatable, Sendable {
        /// The start detent's name.
        public var detent: String
        /// Its traces with an intent.
        public var labelled = 0
        /// Of them, those that agree under the base config.
        public var baseAgree = 0
        /// Of them, those that agree under the best.
        public var bestAgree = 0
    }
    /// One entry per start detent of the labelled traces with detents, by name.
    public var startDetents: [StartDetent] {
        starts.values.sorted { Array($0.detent.utf8).lexicographicallyPrecedes(Array($1.detent.utf8)) }
    }
    private var starts: [String: StartDetent] = [:]
    /// Per labelled trace, in the order added: its outcome under the base
    /// and under the best (``TuningOutcome/pair(base:best:)``), what the
    /// bootstrap resamples (``TuningIntervals``).
    public private(set) var outcomes: [UInt8] = []
    /// The base config's results decided by a stale velocity (docs/model.md §4.6).
    public private(set) var baseStale = 0
    /// The best config's results decided by a stale velocity.
    public private(set) var bestStale = 0
    /// True when one simulation serves both configs.
    private let sameTrajectory: Bool
    /// What the results are counted against: intents, or what the app did.
    public let objective: TuningObjective

    /// A comparison of `best` with `base`, counted against `objective`, with no trace yet.
    public init(base: Config, best: Config, objective: TuningObjective = .intent) {
        self.base = base
        self.best = best
        self.objective = objective
        // The keys that never change the trajectory of a trace without detents
        // (docs/configs.md, ConfigKey.Stage; one read for detents alone changes none).
        var aligned = best
        for key in ConfigKey.all where key.stage != .trajectory || key.detentsOnly { key.copy(&aligned, base) }
        sameTrajectory = aligned == base
    }

    /// Compares the decisions of `trace` under both configs.
    public mutating func add(_ trace: Trace) {
        let outcome = Simulator.simulate(trace, under: base)
        var after = outcome
        if outcome.stale { baseStale += 1 }
        if sameTrajectory, trace.detents == nil {
            if Ending(outcome) == .lift {
                let rule = LiftRule(best)
                let extent = LiftRule.extent(of: trace, under: best)
                after.decision = rule.decide(
                    percent: outcome.percent, velocity: outcome.velocity, extent: extent, threshold: best.threshold
                ).decision
                if rule.isStale(
                    percent: outcome.percent, velocity: outcome.velocity, extent: extent, threshold: best.threshold,
                    rest: outcome.rest)
                {
                    bestStale += 1
                }
            }
        } else {
            after = Simulator.simulate(trace, under: best)
            if after.stale { bestStale += 1 }
        }
        let before = objective.agreement(of: trace, outcome: outcome)
        let now = objective.agreement(of: trace, outcome: after)
        baseCounts.add(outcome.decision, agreement: before)
        bestCounts.add(after.decision, agreement: now)
        if let before, let now { outcomes.append(TuningOutcome.pair(base: before, best: now)) }
        if let before, let now, trace.detents != nil, let start = trace.startingDetent?.name {
            var entry = starts[start] ?? StartDetent(detent: start)
            entry.labelled += 1
            if before == .agree { entry.baseAgree += 1 }
            if now == .agree { entry.bestAgree += 1 }
            starts[start] = entry
        }
        guard outcome.decision != after.decision || outcome.detent != after.detent else { return }
        switch (before, now) {
        case (.agree, .accidental), (.missed, .accidental), (.wrongDetent, .accidental): newAccidental.add(trace.name)
        case (.agree, .missed): newlyMissed.add(trace.name)
        case (.some(let old), .agree) where old != .agree: nowAgree.add(trace.name)
        case (.some(let old), .wrongDetent) where old != .wrongDetent: newWrongDetent.add(trace.name)
        default: otherMoves.add(trace.name)
        }
    }

    /// Compares every trace of `traces`.
    public mutating func add(contentsOf traces: some Sequence<Trace>) {
        for trace in traces { add(trace) }
    }
}

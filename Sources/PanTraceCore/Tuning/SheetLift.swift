import PanTraceModel

/// A trace with detents simulated once under one trajectory (docs/model.md
/// §4.10): what every config that shares the trajectory, differing only in
/// keys read at the lift (`ConfigKey/Stage`), needs to be decided as
/// `replay` would decide it. `tune` (``TuningEngine``) and `compare`
/// (``ConfigComparison``) decide each candidate or config from it with
/// ``DetentRule``, the simulation's own rule, instead of simulating again.
struct SheetLift: Sendable {
    /// The outcome under the trajectory's config.
    let outcome: Outcome
    /// The anchors and the release height, for a lift after the transition started; nil otherwise.
    private let release: (rule: DetentRule, height: Double)?
    /// The extent `E`.
    let extent: Double
    /// The start detent's name (what intent `cancel` agrees with).
    let startDetent: String?
    /// The height the sheet was at when the finger lifted; nil without a lift.
    let releaseHeight: Double?

    /// `trace` (with detents) simulated under `config`.
    init(_ trace: Trace, under config: Config) {
        let (outcome, height) = Simulator.simulateRelease(trace, under: config)
        self.outcome = outcome
        extent = LiftRule.extent(of: trace, under: config)
        startDetent = trace.startingDetent?.name
        releaseHeight = height
        if Ending(outcome) == .lift, let height, let rule = DetentRule(trace, config: config) {
            release = (rule, height)
        } else {
            release = nil
        }
    }

    /// The decision, the detent it rests at and whether a stale velocity
    /// decided it, under `config` (the trajectory's config but for keys read at the lift).
    func decide(under config: Config) -> (decision: Decision, detent: String?, stale: Bool) {
        guard let release else { return (outcome.decision, outcome.detent, outcome.stale) }
        let rule = release.rule.under(config)
        let decided = rule.decide(height: release.height, velocity: outcome.velocity, extent: extent)
        let stale = rule.isStale(height: release.height, velocity: outcome.velocity, extent: extent, rest: outcome.rest)
        return (decided.decision, rule.name(of: decided.anchor), stale)
    }

    /// The decision and detent under `config`, without the stale check (`tune`'s counts).
    func rest(under config: Config) -> (decision: Decision, detent: String?) {
        guard let release else { return (outcome.decision, outcome.detent) }
        let rule = release.rule.under(config)
        let decided = rule.decide(height: release.height, velocity: outcome.velocity, extent: extent)
        return (decided.decision, rule.name(of: decided.anchor))
    }
}

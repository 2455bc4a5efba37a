import PanTraceModel

/// A stand-in app for synthetic traces (docs/synthetic.md "A stand-in app"):
/// each trace gets `observed`, the outcome ``app`` decides for it, with
/// `observedSource` `synthetic`; for a share ``noise`` of the traces, drawn
/// by the package's seeded generator, another outcome the trace could have
/// had instead (another detent, or `finish` for a rest and the reverse), as
/// a real app's own rules and timing would.
///
/// What trace `index` observes depends only on the trace, ``seed`` and
/// `index`: the same corpus observes the same outcomes on every machine.
///
/// ```swift
/// let observer = SyntheticObserver(app: try Preset.named("uikit-sheet").config, noise: 0.1, seed: 7)
/// let trace = observer.observe(corpus.trace(at: 3), index: 3)
/// ```
public struct SyntheticObserver: Sendable, Hashable {
    /// The largest share of traces given another outcome.
    public static let maximumNoise = 0.5

    /// The config that stands in for the app.
    public var app: Config
    /// The share of traces, 0…0.5, whose outcome is replaced.
    public var noise: Double
    /// The seed the noise's stream derives from (the corpus's).
    public var seed: UInt64

    /// An observer deciding as `app`, replacing a share `noise` of outcomes (clamped to 0…0.5).
    public init(app: Config, noise: Double = 0, seed: UInt64) {
        self.app = app
        self.noise = noise.isFinite ? min(max(noise, 0), Self.maximumNoise) : 0
        self.seed = seed
    }

    /// `trace` with `observed` set to what the stand-in app did with it.
    public func observe(_ trace: Trace, index: Int) -> Trace {
        var trace = trace
        let outcome = Simulator.simulate(trace, under: app)
        var word: String
        if trace.detents != nil {
            word = outcome.decision == .finish ? Observed.finish.rawValue : outcome.detent ?? Observed.finish.rawValue
        } else {
            word = outcome.decision.rawValue
        }
        if noise > 0 {
            var stream = SeededRandom.mix(seed ^ 0x6F62_7365_7276_6564)  // "observed"
            stream = SeededRandom.mix(stream ^ UInt64(index))
            var random = SeededRandom(seed: stream)
            if random.chance(noise) {
                let others = Self.otherOutcomes(than: word, of: trace)
                if !others.isEmpty { word = others[random.int(0...(others.count - 1))] }
            }
        }
        trace.observed = Observed(word: word)
        trace.observedSource = .synthetic
        return trace
    }

    /// The outcomes `trace` could have had instead of `word`: with detents,
    /// `finish` and every other detent (for a dismissal, every detent), in
    /// the trace's order; without, `finish` for a rest, `cancel` for a finish.
    static func otherOutcomes(than word: String, of trace: Trace) -> [String] {
        guard let detents = trace.detents else {
            return word == Observed.finish.rawValue ? [Observed.cancel.rawValue] : [Observed.finish.rawValue]
        }
        var others = word == Observed.finish.rawValue ? [] : [Observed.finish.rawValue]
        for detent in detents where detent.name != word { others.append(detent.name) }
        return others
    }
}

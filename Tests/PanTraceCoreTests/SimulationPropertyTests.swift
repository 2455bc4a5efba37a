import PropertyBased
import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// Invariants of docs/model.md §4 over synthetic traces and arbitrary configs.
@Suite struct SimulationPropertyTests {
    /// An arbitrary valid config drawn from `bits`.
    static func config(_ bits: UInt64) -> Config {
        var random = SeededRandom(seed: bits)
        var config = Config()
        config.interaction = Interaction.allCases[random.int(0...2)]
        config.touchSlop = random.chance(0.2) ? 0 : random.uniform(1...30)
        config.maximumNumberOfTouches = random.int(1...3)
        config.extent = random.chance(0.3) ? random.uniform(50...900) : nil
        config.threshold = random.uniform(0.05...1)
        config.decision = DecisionRule.allCases[random.int(0...2)]
        config.flickVelocity = random.uniform(100...3000)
        config.decelerationRate = random.uniform(0.9...0.999)
        config.velocityEstimator = VelocityEstimator.allCases[random.int(0...(VelocityEstimator.allCases.count - 1))]
        config.scrollGating = ScrollGating.allCases[random.int(0...2)]
        config.lockScroll = random.chance(0.3)
        config.guarded = random.chance(0.2)
        config.duration = random.uniform(0.1...1)
        config.completionSpeed = random.uniform(0.5...3)
        config.curve = Curve.allCases[random.int(0...3)]
        return config
    }

    @Test func outcomesKeepTheirInvariants() async {
        await propertyCheck(count: 400, input: Gen<UInt64>.uint64(), Gen.int(in: 0...5_000), Gen<UInt64>.uint64()) {
            seed, index, configBits in
            let trace = SyntheticCorpus(seed: seed).trace(at: index)
            let config = Self.config(configBits)
            var frames: [Frame] = []
            let outcome = Simulator.simulate(trace, under: config, frames: &frames)
            Self.check(outcome, frames: frames, trace: trace, config: config)
        }
    }

    static func check(_ outcome: Outcome, frames: [Frame], trace: Trace, config: Config) {
        // Percent stays in [0, 1]; the peak is the largest percent of any frame.
        #expect((0...1).contains(outcome.percent))
        #expect(outcome.peakPercent >= outcome.percent)
        #expect(frames.allSatisfy { (0...1).contains($0.percent) })
        if outcome.decision != .none {
            #expect(outcome.peakPercent == frames.map(\.percent).max())
            #expect(frames.last?.percent == outcome.percent)
        }
        #expect(outcome.settle >= 0 && outcome.overscroll >= 0 && outcome.trackingError >= 0)
        #expect(config.curve != .linear || outcome.trackingError == 0)
        // One frame per position sample, in order.
        #expect(frames.map(\.seq) == Array(frames.indices))
        #expect(frames.count == trace.samples.count || frames.count == trace.samples.count - 1)
        if let began = outcome.beganSeq, let start = outcome.startSeq { #expect(began <= start) }
        if outcome.startSeq != nil { #expect(outcome.beganSeq != nil) }
        switch outcome.decision {
        case .none:
            #expect([Reason.tooManyTouches, .neverBegan, .scrollOwned].contains(outcome.reason))
            #expect(outcome.percent == 0 && outcome.peakPercent == 0 && outcome.velocity == 0)
            #expect(outcome.settle == 0 && outcome.overscroll == 0 && outcome.trackingError == 0)
            #expect(outcome.startSeq == nil && outcome.projected == nil && !outcome.attempted)
        case .finish:
            #expect([Reason.threshold, .flick, .projection].contains(outcome.reason))
            #expect(!config.guarded)
            #expect(abs(outcome.settle - (1 - outcome.percent) * config.duration / config.completionSpeed) < 1e-12)
        case .cancel:
            #expect([Reason.belowThreshold, .reverseFlick, .guarded, .cancelled].contains(outcome.reason))
            #expect(abs(outcome.settle - outcome.percent * config.duration / config.completionSpeed) < 1e-12)
        }
        #expect(outcome.attempted == (outcome.reason == .guarded))
        #expect((outcome.projected != nil) == (config.decision == .projection && outcome.decision != .none && outcome.reason != .cancelled))
        if outcome.reason == .cancelled { #expect(outcome.velocity == 0) }
        if trace.samples.last?.phase == .cancel { #expect(outcome.reason == .cancelled || outcome.decision == .none) }
        if outcome.decision != .none, config.scrollGating != .offsetAtBegin || config.lockScroll || trace.scrollContent == 0 {
            #expect(outcome.overscroll == 0)
        }
    }

    /// Raising the threshold never turns a cancel into a finish under the threshold rule.
    @Test func thresholdIsMonotonic() async {
        await propertyCheck(count: 200, input: Gen<UInt64>.uint64(), Gen.int(in: 0...5_000)) { seed, index in
            let trace = SyntheticCorpus(seed: seed).trace(at: index)
            let low = Simulator.simulate(trace, under: .with { $0.threshold = 0.3 })
            let high = Simulator.simulate(trace, under: .with { $0.threshold = 0.5 })
            #expect(low.percent == high.percent)
            if high.decision == .finish { #expect(low.decision == .finish) }
            if low.decision != high.decision {
                #expect(low.percent >= 0.3 && high.percent < 0.5)
            }
        }
    }

    /// The simulation is deterministic and frames do not change the outcome.
    @Test func framesDoNotChangeTheOutcome() async {
        await propertyCheck(count: 200, input: Gen<UInt64>.uint64(), Gen.int(in: 0...5_000), Gen<UInt64>.uint64()) {
            seed, index, configBits in
            let trace = SyntheticCorpus(seed: seed).trace(at: index)
            let config = Self.config(configBits)
            var frames: [Frame] = []
            let with = Simulator.simulate(trace, under: config, frames: &frames)
            #expect(with == Simulator.simulate(trace, under: config))
        }
    }
}

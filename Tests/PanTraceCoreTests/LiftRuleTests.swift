import PropertyBased
import Testing
import TraceFixtures

@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.6: the one lift rule, and what `tune` and the release
/// map build on it.
@Suite struct LiftRuleTests {
    static func config(_ random: inout SeededRandom) -> Config {
        var config = Config()
        config.decision = DecisionRule.allCases[random.int(0...3)]
        config.thresholdUnit = random.chance(0.5) ? .fraction : .points
        config.flickVelocity = [0.5, 2, 5.5, 300, 1000][random.int(0...4)]
        config.flickVelocityUnit = FlickVelocityUnit.allCases[random.int(0...2)]
        config.reverseFlick = random.chance(0.5)
        config.decelerationRate = [0.99, 0.998][random.int(0...1)]
        config.lookahead = [0.1, 0.3][random.int(0...1)]
        config.guarded = random.chance(0.2)
        return config
    }

    /// `tune`'s count of the swept thresholds a lift finishes at is the
    /// number at which the full rule says finish, for every rule and unit.
    @Test func finishCountAgreesWithTheRuleAtEveryThreshold() async {
        await propertyCheck(count: 300, input: Gen<UInt64>.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            let config = Self.config(&random)
            let rule = LiftRule(config)
            let extent = [400.0, 800, 812.5][random.int(0...2)]
            let p = random.chance(0.2) ? 1 : Double(random.int(0...1000)) / 1000
            let v = Double(random.int(-4000...4000)) * (random.chance(0.5) ? 1 : 0.37)
            let scale = config.thresholdUnit == .points ? extent : 1
            var thresholds = (0..<random.int(1...12)).map { _ in Double(random.int(1...100)) / 100 * scale }
            thresholds.append(p * scale)
            thresholds = Array(Set(thresholds)).sorted()
            let rank = thresholds.filter { $0 <= p }.count
            let count = thresholds.withUnsafeBufferPointer {
                rule.finishCount(sorted: $0, percent: p, velocity: v, extent: extent, percentRank: rank)
            }
            let expected = thresholds.filter {
                rule.decide(percent: p, velocity: v, extent: extent, threshold: $0).decision == .finish
            }.count
            #expect(count == expected, "\(config.canonicalJSON()) p=\(p) v=\(v)")
            // Finishing is a prefix of the ascending thresholds (monotone).
            let finishes = thresholds.map { rule.decide(percent: p, velocity: v, extent: extent, threshold: $0).decision == .finish }
            #expect(finishes == finishes.sorted { $0 && !$1 }, "\(config.canonicalJSON())")
        }
    }

    /// docs/model.md §4.6 by hand: F in each unit, T in points, the reverse flick.
    @Test func unitsByHand() {
        var config = Config.with { $0.decision = .velocity; $0.flickVelocity = 2; $0.flickVelocityUnit = .extents }
        let decide = { (config: Config, p: Double, v: Double) in
            LiftRule(config).decide(percent: p, velocity: v, extent: 800, threshold: config.threshold)
        }
        #expect(decide(config, 0.1, 1600).reason == .flick)  // F = 2 · 800
        #expect(decide(config, 0.1, 1599).reason == .belowThreshold)
        #expect(decide(config, 0.1, -1600).reason == .reverseFlick)
        config.reverseFlick = false
        #expect(decide(config, 0.5, -1600).reason == .threshold)
        config.flickVelocityUnit = .remaining
        config.flickVelocity = 5.5
        #expect(decide(config, 0.5, 2200).reason == .flick)  // F = 5.5 · 0.5 · 800 = 2200
        #expect(decide(config, 0.5, 2199).reason == .threshold)
        config = .with { $0.threshold = 56; $0.thresholdUnit = .points }
        #expect(decide(config, 0.07, 0).decision == .finish)  // T = 56 / 800 = 0.07
        #expect(decide(config, 0.0699, 0).decision == .cancel)
        config = .with { $0.decision = .lookahead; $0.lookahead = 0.1; $0.threshold = 0.5 }
        let lookahead = decide(config, 0.3, 1600)  // 0.3 + 1600 · 0.1 / 800 = 0.5
        #expect(lookahead.reason == .projection)
        #expect(lookahead.projected == 0.5)
    }
}

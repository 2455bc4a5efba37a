import PropertyBased
import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.5, "Finite numbers": every valid trace simulates to
/// finite numbers under every estimator and every rule, however close its
/// samples are in time and however large its places.
@Suite struct FiniteSimulationTests {
    /// docs/safety.md's trace: moves of 10 pt every 1e-200 s.
    static func underflowingSteps() -> Trace {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        for step in 1...10 { builder.move(t: Double(step) * 1e-200, y: 100 + Double(step) * 10) }
        builder.up()
        return builder.trace
    }

    @Test func impulseOverStepsOf1e200IsTheLargestDoubleNotNaN() {
        let config = Config.with { $0.velocityEstimator = .impulse; $0.decision = .velocity }
        let outcome = Simulator.simulate(Self.underflowingSteps(), under: config)
        // Each pair's v is 1e201; W = v·|v| overflows and saturates; K(W) too.
        #expect(outcome.velocity == .greatestFiniteMagnitude)
        #expect(outcome.decision == .finish && outcome.reason == .flick)
    }

    @Test func lastSegmentOverStepsOf1e200IsTheQuotientItself() {
        let config = Config.with { $0.velocityEstimator = .lastSegment }
        // 10 pt between the last two moves, t = 10e-200 and 9e-200: finite, so nothing saturates.
        #expect(Simulator.simulate(Self.underflowingSteps(), under: config).velocity == 10 / (10 * 1e-200 - 9 * 1e-200))
    }

    @Test func segmentsOfOppositeInfiniteSpeedBlendToANumber() {
        // 5e-324 s apart: +1e4/5e-324 and −1e4/5e-324 are ±∞ before
        // saturation, and their differences ∞ − ∞ (uikit's segments under a
        // millisecond are 0, so for it the numbers are plain).
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: Double.leastNonzeroMagnitude, y: 10_100)
        builder.move(t: 2 * Double.leastNonzeroMagnitude, y: 100)
        builder.move(t: 3 * Double.leastNonzeroMagnitude, y: 10_100)
        builder.up()
        for estimator in VelocityEstimator.allCases {
            let config = Config.with { $0.velocityEstimator = estimator; $0.decision = .projection }
            let outcome = Simulator.simulate(builder.trace, under: config)
            #expect(outcome.velocity.isFinite, "\(estimator)")
            #expect(outcome.projected?.isFinite == true, "\(estimator)")
        }
    }

    /// A valid trace with hostile numbers: time steps from 0 to 5e-324 to
    /// seconds, places up to ±1e308, containers from 1e-300 to 1e308 points.
    static func hostileTrace(_ bits: UInt64) -> Trace {
        var random = SeededRandom(seed: bits)
        func pick(_ values: [Double]) -> Double { values[random.int(0...(values.count - 1))] }
        func place() -> Double {
            random.chance(0.2) ? pick([1e308, -1e308, 1.7e308, -1.7e308, Double.leastNonzeroMagnitude]) : random.uniform(-2000...2000)
        }
        let steps = [0, Double.leastNonzeroMagnitude, 1e-300, 1e-200, 1e-160, 1e-12, 1e-9, 0.0005, 0.008, 0.016, 0.2, 3]
        var t = random.chance(0.3) ? pick([1e300, 1e15, Double.leastNonzeroMagnitude]) : 0
        var samples = [Sample(t: t, x: place(), y: place(), phase: .down, touches: random.int(1...2))]
        for _ in 0..<random.int(0...24) {
            t += pick(steps)
            samples.append(Sample(t: t, x: place(), y: place(), phase: .move, touches: random.int(1...2)))
        }
        t += pick(steps)
        let moved = random.chance(0.5)
        let last = samples[samples.count - 1]
        samples.append(Sample(
            t: t, x: moved ? place() : last.x, y: moved ? place() : last.y, phase: random.chance(0.85) ? .up : .cancel,
            touches: random.chance(0.1) ? JSONNumber.exactIntegerLimit : 1))
        return Trace(
            name: "hostile", width: pick([1e-300, 1, 393, 1e308]), height: pick([Double.leastNonzeroMagnitude, 852, 1.7e308]),
            scrollOffset: random.chance(0.5) ? 0 : place(), scrollContent: random.chance(0.5) ? 0 : abs(place()),
            samples: samples)
    }

    @Test func everyValidTraceSimulatesToFiniteNumbersUnderEveryEstimatorAndRule() async {
        await propertyCheck(count: 300, input: Gen<UInt64>.uint64(), Gen<UInt64>.uint64()) { traceBits, configBits in
            let trace = Self.hostileTrace(traceBits)
            #expect(throws: Never.self) { try trace.validate() }
            var config = SimulationPropertyTests.config(configBits)
            var random = SeededRandom(seed: configBits ^ 0x5EED)
            if random.chance(0.3) { config.extent = [1e-300, 1e308][random.int(0...1)] }
            if random.chance(0.3) { (config.duration, config.completionSpeed) = (1e300, 1e-300) }
            if random.chance(0.3) { config.decelerationRate = 0.9999999999999999 }
            for estimator in VelocityEstimator.allCases {
                for rule in DecisionRule.allCases {
                    config.velocityEstimator = estimator
                    config.decision = rule
                    var frames: [Frame] = []
                    let outcome = Simulator.simulate(trace, under: config, frames: &frames)
                    let numbers = [
                        outcome.percent, outcome.peakPercent, outcome.velocity, outcome.settle, outcome.overscroll,
                        outcome.trackingError,
                    ] + (outcome.projected.map { [$0] } ?? [])
                    let allFinite = numbers.allSatisfy { $0.isFinite }
                    #expect(allFinite, "\(estimator) \(rule): \(outcome)")
                    #expect(frames.allSatisfy { $0.percent.isFinite && $0.scrollOffset.isFinite }, "\(estimator) \(rule)")
                    #expect((0...1).contains(outcome.percent))
                }
            }
        }
    }

    @Test func saturationKeepsOrderAndFiniteValues() async {
        await propertyCheck(count: 200, input: Gen<UInt64>.uint64(), Gen<UInt64>.uint64()) { a, b in
            let x = Double(bitPattern: a)
            let y = Double(bitPattern: b)
            if x.isFinite { #expect(x.saturated == x) }
            #expect(x.saturated.isFinite)
            if !x.isNaN, !y.isNaN, x < y { #expect(x.saturated <= y.saturated) }
        }
        #expect(Double.nan.saturated == 0)
        #expect(Double.infinity.saturated == .greatestFiniteMagnitude)
        #expect((-Double.infinity).saturated == -.greatestFiniteMagnitude)
    }
}

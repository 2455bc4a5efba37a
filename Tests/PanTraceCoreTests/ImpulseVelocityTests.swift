import PropertyBased
import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.5 `impulse`: Android's impulse strategy on the `lsq2` window.
///
/// With `K(W) = sign(W)·√(2|W|)` and `W = 0`, each pair from the oldest adds
/// `(v − K(W))·|v|`, the oldest pair's sum is halved, and the velocity is `K(W)`.
/// Traces are pull-to-dismiss on 400 × 800 with the default slop (10 pt); the
/// numbers are worked by hand in the comments.
@Suite struct ImpulseVelocityTests {
    static let impulse = Config.with { $0.velocityEstimator = .impulse }

    static func velocity(_ builder: TraceBuilder) -> Double {
        Simulator.simulate(builder.trace, under: impulse).velocity
    }

    @Test func twoSamplesAreTheirSlope() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.02, y: 140)
        builder.up()
        // m = 2: (140 − 100) / 0.02 = 2000.
        #expect(abs(Self.velocity(builder) - 2000) < 1e-9)
    }

    @Test func aFasterNewestSegmentAddsItsEnergy() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 110)  // v = 1000
        builder.move(t: 0.02, y: 130)  // v = 2000
        builder.up()
        // Oldest pair: W = (1000 − 0)·1000 = 1e6, halved: 5e5 (K = √1e6 = 1000).
        // Newest pair: W = 5e5 + (2000 − 1000)·2000 = 2.5e6; K = √5e6 = 2236.0679…
        #expect(abs(Self.velocity(builder) - 5_000_000.0.squareRoot()) < 1e-6)
    }

    @Test func aReversalTakesEnergyAway() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 120)  // v = 2000: W = 4e6 / 2 = 2e6 (K = 2000)
        builder.move(t: 0.02, y: 110)  // v = −1000: W = 2e6 + (−1000 − 2000)·1000 = −1e6
        builder.up()
        // K(−1e6) = −√2e6 = −1414.2135…
        #expect(abs(Self.velocity(builder) + 2_000_000.0.squareRoot()) < 1e-6)
    }

    @Test func aPairAtOneTimeIsSkipped() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 110)  // v = 1000: W = 5e5
        builder.move(t: 0.01, y: 115)  // same time as the previous sample: skipped
        builder.move(t: 0.02, y: 135)  // v = (135 − 115) / 0.01 = 2000: W = 2.5e6
        builder.up()
        #expect(abs(Self.velocity(builder) - 5_000_000.0.squareRoot()) < 1e-6)
    }

    @Test func onlyTheOldestPairIsHalved() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0, y: 105)  // the oldest pair has equal times: skipped, nothing halved
        builder.move(t: 0.01, y: 115)  // v = 10 / 0.01 = 1000: W = 1e6, not halved (i ≠ m − 1)
        builder.up()
        // K(1e6) = √2e6 = 1414.2135…, where halving it would give 1000.
        #expect(abs(Self.velocity(builder) - 2_000_000.0.squareRoot()) < 1e-6)
    }

    @Test func readsALiftThatMoved() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 110)  // v = 1000
        builder.up(after: 0.01, y: 130)  // moved: v = 2000, a position sample like a move
        #expect(abs(Self.velocity(builder) - 5_000_000.0.squareRoot()) < 1e-6)
    }

    @Test func usesTheWindowOfLSQ2() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.1, y: 200)  // 100 ms after the down: the gap > 40 ms ends the window
        builder.move(t: 0.11, y: 210)
        builder.up()
        // Window (0.11, 210), (0.1, 200): m = 2, 10 / 0.01 = 1000.
        #expect(abs(Self.velocity(builder) - 1000) < 1e-9)
    }

    @Test func oneSampleInTheWindowIsZero() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.2, y: 150)  // the down is 200 ms old: m = 1
        builder.up()
        #expect(Self.velocity(builder) == 0)
    }

    @Test func twoSamplesAtOneTimeAreZero() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.2, y: 150)
        builder.move(t: 0.2, y: 160)  // m = 2 with equal times
        builder.up()
        #expect(Self.velocity(builder) == 0)
    }

    /// At constant velocity every segment is `v`: the halved first pair gives
    /// `W = v|v|/2`, so `K(W) = v`, and each later pair adds `(v − v)|v| = 0`.
    /// Steps of at most 40 ms, so that the window holds at least two samples.
    @Test func constantVelocityIsThatVelocity() async {
        await propertyCheck(
            input: Gen.double(in: 50...6000), Gen.bool, Gen.int(in: 1...40), Gen.double(in: 0.001...0.04)
        ) { magnitude, backwards, steps, interval in
            let speed = backwards ? -magnitude : magnitude
            var builder = TraceBuilder(height: 1_000_000)
            builder.down(t: 0, y: 500_000)
            for step in 1...steps {
                let t = Double(step) * interval
                builder.move(t: t, y: 500_000 + speed * t)
            }
            builder.up()
            let velocity = Simulator.simulate(builder.trace, under: .with {
                $0.velocityEstimator = .impulse
                $0.touchSlop = 0
            }).velocity
            #expect(abs(velocity - speed) <= 1e-6 * magnitude, "\(velocity) vs \(speed)")
        }
    }
}

import PropertyBased
import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.5 `uikit`: segments between consecutive touch moves (never the
/// lift), `Δq/dt` (0 under a millisecond), `0.2 × newest + 0.8 × previous`.
///
/// Every trace is a pull-to-dismiss on 400 × 800 with the default slop (10 pt),
/// begun by its first or second move, so the lift decides and reports the
/// velocity. The expected numbers are worked by hand in the comments.
@Suite struct UIKitVelocityTests {
    static let uikit = Config.with { $0.velocityEstimator = .uikit }

    static func velocity(_ builder: TraceBuilder, _ config: Config = uikit) -> Double {
        Simulator.simulate(builder.trace, under: config).velocity
    }

    /// The same with a lift at once and after a 0.5 s rest: the lift's time is never read.
    @Test(arguments: [0.0, 0.5])
    func blendsTheNewestSegmentWithThePrevious(restBeforeLift: Double) {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 110)  // segment 10 / 0.01 = 1000
        builder.move(t: 0.02, y: 130)  // segment 20 / 0.01 = 2000 (previous)
        builder.move(t: 0.03, y: 160)  // segment 30 / 0.01 = 3000 (newest)
        builder.up(after: restBeforeLift)
        // 0.2 × 3000 + 0.8 × 2000 = 600 + 1600 = 2200; the 1000 segment plays no part.
        #expect(abs(Self.velocity(builder) - 2200) < 1e-9)
    }

    @Test func aSubMillisecondMoveIsASegmentOfZero() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 120)  // 20 / 0.01 = 2000 (previous)
        builder.move(t: 0.0105, y: 125)  // dt = 0.5 ms < 1 ms: a segment of velocity 0 (newest)
        builder.up()
        // 0.2 × 0 + 0.8 × 2000 = 1600
        #expect(abs(Self.velocity(builder) - 1600) < 1e-9)
    }

    @Test func aMoveAtTheSameTimeMakesNoSegmentButMovesTheLastPlace() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 120)  // 2000
        builder.move(t: 0.02, y: 140)  // 2000 (previous)
        builder.move(t: 0.02, y: 150)  // dt = 0: no segment, but q_last ← 150
        builder.move(t: 0.03, y: 155)  // (155 − 150) / 0.01 = 500 (newest)
        builder.up()
        // 0.2 × 500 + 0.8 × 2000 = 100 + 1600 = 1700. Reading q_last as 140 would
        // give 1500 → 1900; counting the dt = 0 move as a segment of 0 would give 100.
        #expect(abs(Self.velocity(builder) - 1700) < 1e-9)
    }

    @Test func neverReadsALiftThatMoved() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 120)  // 2000 (previous)
        builder.move(t: 0.02, y: 150)  // 3000 (newest)
        builder.up(after: 0.01, y: 200)  // moved 50 pt: a position sample for the percent only
        let outcome = Simulator.simulate(builder.trace, under: Self.uikit)
        // 0.2 × 3000 + 0.8 × 2000 = 2200, not the lift's 50 / 0.01 = 5000.
        #expect(abs(outcome.velocity - 2200) < 1e-9)
        // The pan began at y = 120 (distance 20 ≥ 10); the lift still moves the percent: 80 / 800.
        #expect(abs(outcome.percent - 0.1) < 1e-12)
        // lastSegment reads that lift: (200 − 150) / 0.01.
        let last = Self.velocity(builder, .with { $0.velocityEstimator = .lastSegment })
        #expect(abs(last - 5000) < 1e-9)
    }

    @Test func aLiftThatMovedWithoutAnyMoveGivesZero() {
        // docs/model.md §4.1: the moved lift begins the pan; uikit has the down alone, no segment.
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.up(after: 0.05, y: 140)
        let outcome = Simulator.simulate(builder.trace, under: Self.uikit)
        #expect(outcome.startSeq == 1)
        #expect(outcome.velocity == 0)
        // lastSegment: 40 / 0.05 = 800.
        #expect(abs(Self.velocity(builder, .with { $0.velocityEstimator = .lastSegment }) - 800) < 1e-9)
    }

    @Test func oneMoveIsTheNewestSegmentAlone() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.02, y: 140)  // 40 / 0.02 = 2000, no previous segment
        builder.up()
        #expect(abs(Self.velocity(builder) - 2000) < 1e-9)
    }

    @Test func aFirstMoveAtTheDownsTimeLeavesOneSegment() {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0, y: 120)  // dt = 0: no segment, q_last ← 120 (the pan begins here)
        builder.move(t: 0.01, y: 130)  // (130 − 120) / 0.01 = 1000, the only segment
        builder.up()
        #expect(abs(Self.velocity(builder) - 1000) < 1e-9)
    }

    @Test func followsTheInteractionsDirection() {
        // pull-up-present: q = −y. Moving up 20 then 30 pt every 10 ms: segments 2000, 3000.
        var builder = TraceBuilder()
        builder.down(t: 0, y: 500)
        builder.move(t: 0.01, y: 480)
        builder.move(t: 0.02, y: 450)
        builder.up()
        let config = Config.with {
            $0.velocityEstimator = .uikit
            $0.interaction = .pullUpPresent
        }
        #expect(abs(Self.velocity(builder, config) - 2200) < 1e-9)
    }

    /// A stroke at constant velocity in equal steps of at least a millisecond:
    /// every segment is that velocity, so 0.2 v + 0.8 v = v.
    @Test func constantVelocityInEqualStepsIsThatVelocity() async {
        await propertyCheck(
            input: Gen.double(in: 200...6000), Gen.int(in: 1...40), Gen.double(in: 0.0011...0.05)
        ) { speed, steps, interval in
            var builder = TraceBuilder(height: 1_000_000)
            builder.down(t: 0, y: 100)
            for step in 1...steps {
                let t = Double(step) * interval
                builder.move(t: t, y: 100 + speed * t)
            }
            builder.up(after: 0.3)
            let velocity = Simulator.simulate(builder.trace, under: .with {
                $0.velocityEstimator = .uikit
                $0.touchSlop = 0
            }).velocity
            #expect(abs(velocity - speed) <= 1e-6 * speed, "\(velocity) vs \(speed)")
        }
    }
}

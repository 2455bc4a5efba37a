import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.1 and §4.2: position samples, slop, touches, lifts before recognition.
@Suite struct RecognitionTests {
    @Test func beginsAtTheFirstMoveReachingTheSlopExactly() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.01, x: 200, y: 105)
        builder.move(t: 0.02, x: 206, y: 108)  // distance exactly 10 (6, 8)
        builder.move(t: 0.03, x: 206, y: 200)
        builder.up()
        let outcome = Simulator.simulate(builder.trace, under: Config())
        #expect(outcome.beganSeq == 2)
        #expect(outcome.startSeq == 2)
        #expect(abs(outcome.percent - 92.0 / 800) < 1e-12)
    }

    @Test func justUnderTheSlopNeverBegins() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.01, y: 109.999)
        builder.up()
        let outcome = Simulator.simulate(builder.trace, under: Config())
        #expect(outcome == Outcome(decision: .none, reason: .neverBegan))
    }

    @Test func zeroSlopBeginsAtTheFirstMoveEvenInPlace() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.01, y: 100)
        builder.move(t: 0.02, y: 500)
        builder.up()
        let outcome = Simulator.simulate(builder.trace, under: .with { $0.touchSlop = 0 })
        #expect(outcome.beganSeq == 1)
        #expect(outcome.percent == 0.5)
    }

    @Test func tooManyTouchesOnTheDownFails() {
        var builder = TraceBuilder()
        builder.down(y: 100, touches: 2)
        builder.moves(toY: 600, steps: 10, interval: 0.01)
        builder.up()
        #expect(Simulator.simulate(builder.trace, under: Config()) == Outcome(decision: .none, reason: .tooManyTouches))
        let twoFingers = Simulator.simulate(builder.trace, under: .with { $0.maximumNumberOfTouches = 2 })
        #expect(twoFingers.decision == .finish)
    }

    @Test func aSecondFingerWhilePossibleFailsButAfterBeganIsIgnored() {
        var early = TraceBuilder()
        early.down(y: 100)
        early.move(t: 0.01, y: 105, touches: 2)
        early.moves(toY: 600, steps: 10, interval: 0.01)
        early.up()
        #expect(Simulator.simulate(early.trace, under: Config()).reason == .tooManyTouches)

        var late = TraceBuilder()
        late.down(y: 100)
        late.move(t: 0.01, y: 120)
        late.move(t: 0.02, y: 130, touches: 3)
        late.moves(toY: 600, steps: 10, interval: 0.01)
        late.up()
        let outcome = Simulator.simulate(late.trace, under: Config())
        #expect(outcome.decision == .finish)
        #expect(outcome.beganSeq == 1)
    }

    @Test func aCancelBeforeRecognitionNeverBegan() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.01, y: 102)
        builder.cancel(after: 0.01)
        #expect(Simulator.simulate(builder.trace, under: Config()) == Outcome(decision: .none, reason: .neverBegan))
    }

    /// docs/model.md §4.1: an up away from the last place is a move first, and can begin the pan.
    @Test func anUpThatMovedBeginsThePanAndCounts() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.01, y: 105)
        builder.up(after: 0.01, y: 500)
        var frames: [Frame] = []
        let outcome = Simulator.simulate(builder.trace, under: Config(), frames: &frames)
        #expect(outcome.beganSeq == 2)
        #expect(outcome.startSeq == 2)
        #expect(outcome.percent == 0)  // the origin is the beginning sample itself
        #expect(frames.count == 3)
        #expect(frames.map(\.state) == [.possible, .possible, .began])
        // lsq2 over (0, 100), (0.01, 105), (0.02, 500).
        #expect(outcome.velocity > 0)
    }

    /// docs/model.md §4.1: an up at the previous place is only the lift; its time plays no part.
    @Test func aRestingUpKeepsTheLastMovementsVelocity() {
        var quick = TraceBuilder()
        quick.down(y: 100)
        quick.moves(toY: 200, steps: 10, interval: 0.008)
        var rested = quick
        quick.up()
        rested.up(after: 0.5)
        let a = Simulator.simulate(quick.trace, under: Config())
        let b = Simulator.simulate(rested.trace, under: Config())
        #expect(a.velocity == b.velocity)
        #expect(abs(a.velocity - 1250) < 1e-6)
        let c = Simulator.simulate(rested.trace, under: .with { $0.velocityEstimator = .lastSegment })
        #expect(abs(c.velocity - 1250) < 1e-6)
    }

    @Test func framesOnePerPositionSample() {
        var frames: [Frame] = []
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 200, steps: 10, interval: 0.01)
        builder.cancel(after: 0.01)
        _ = Simulator.simulate(builder.trace, under: Config(), frames: &frames)
        #expect(frames.map(\.seq) == Array(0...10))
        #expect(frames[0].state == .possible && frames[0].owner == Owner.none)
        #expect(frames[1].state == .began && frames[1].owner == .transition)
        #expect(frames[2].state == .changed)
        #expect(frames.last?.percent == 90.0 / 800)
        _ = Simulator.simulate(builder.trace, under: Config(), frames: &frames, recordingFrames: false)
        #expect(frames.isEmpty)
    }
}

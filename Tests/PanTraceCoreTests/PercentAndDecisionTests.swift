import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.4 to 4.8: percent and its reset, velocity, decisions, guard, settling, curves.
@Suite struct PercentAndDecisionTests {
    /// Down at 100, begins at 110, goes to `peak`, comes back to `end`, lifts.
    static func there(andBack peak: Double, to end: Double, step: Double = 10) -> Trace {
        var builder = TraceBuilder()
        builder.down(y: 100)
        var y = 100.0
        var t = 0.0
        while y < peak { y = min(peak, y + step); t += 0.01; builder.move(t: t, y: y) }
        while y > end { y = max(end, y - step); t += 0.01; builder.move(t: t, y: y) }
        builder.up()
        return builder.trace
    }

    @Test func movingBackLowersThePercent() {
        let outcome = Simulator.simulate(Self.there(andBack: 500, to: 300), under: Config())
        #expect(abs(outcome.percent - 190.0 / 800) < 1e-12)
        #expect(abs(outcome.peakPercent - 390.0 / 800) < 1e-12)
        #expect(outcome.decision == .cancel)
        #expect(outcome.velocity < 0)
    }

    /// docs/model.md §4.4: above the origin the seed resets the translation and keeps the percent.
    @Test func goingAboveTheOriginResetsItAndKeepsThePercent() {
        var builder = TraceBuilder()
        builder.down(y: 300)
        builder.move(t: 0.01, y: 320)  // begins: O = 320
        builder.move(t: 0.02, y: 360)  // 40/800
        builder.move(t: 0.03, y: 310)  // T = −10: O = 310, percent stays 0.05
        builder.move(t: 0.04, y: 300)  // T = −10: O = 300
        builder.move(t: 0.05, y: 380)  // T = 80: 0.1
        builder.up()
        var frames: [Frame] = []
        let outcome = Simulator.simulate(builder.trace, under: Config(), frames: &frames)
        #expect(frames.map(\.percent) == [0, 0, 0.05, 0.05, 0.05, 0.1])
        #expect(outcome.percent == 0.1)
        #expect(outcome.peakPercent == 0.1)
    }

    @Test func percentIsCappedAtOne() {
        var builder = TraceBuilder()
        builder.down(y: 0)
        builder.moves(toY: 1000, steps: 20, interval: 0.01)
        builder.up()
        let outcome = Simulator.simulate(builder.trace, under: Config())
        #expect(outcome.percent == 1)
        #expect(outcome.settle == 0)
    }

    @Test func extentOverridesTheContainer() {
        let outcome = Simulator.simulate(WorkedExamples.example2, under: .with { $0.extent = 300 })
        #expect(abs(outcome.percent - 0.3) < 1e-12)
    }

    @Test func swipeBackFollowsXWithTheWidth() {
        var builder = TraceBuilder()
        builder.down(x: 10, y: 300)
        for step in 1...20 { builder.move(t: Double(step) * 0.01, x: 10 + Double(step) * 10, y: 300) }
        builder.up()
        let dismiss = Simulator.simulate(builder.trace, under: Config())
        // Sideways past the slop begins the pan, but a pull-to-dismiss sees no vertical travel.
        #expect(dismiss.decision == .cancel && dismiss.percent == 0 && dismiss.beganSeq == 1)
        let back = Simulator.simulate(builder.trace, under: .with { $0.interaction = .swipeBack })
        #expect(abs(back.percent - 190.0 / 400) < 1e-12)
        #expect(back.decision == .finish)
        #expect(abs(back.velocity - 1000) < 1e-6)
    }

    @Test func pullUpPresentFollowsNegativeY() {
        var builder = TraceBuilder()
        builder.down(y: 700)
        builder.moves(toY: 300, steps: 40, interval: 0.01)
        builder.up()
        let outcome = Simulator.simulate(builder.trace, under: .with { $0.interaction = .pullUpPresent })
        #expect(abs(outcome.percent - 390.0 / 800) < 1e-12)
        #expect(abs(outcome.velocity - 1000) < 1e-6)
        #expect(outcome.decision == .finish)
    }

    @Test func reverseFlickCancelsAboveThreshold() {
        let trace = Self.there(andBack: 700, to: 500, step: 20)
        let outcome = Simulator.simulate(trace, under: .with { $0.decision = .velocity })
        #expect(outcome.percent >= 0.4)
        #expect(outcome.velocity <= -1000)
        #expect(outcome.reason == .reverseFlick)
        #expect(outcome.decision == .cancel)
        let threshold = Simulator.simulate(trace, under: Config())
        #expect(threshold.reason == .threshold)
    }

    @Test func projectionIsNotClampedAndCanCancel() throws {
        let outcome = Simulator.simulate(Self.there(andBack: 500, to: 300), under: .with { $0.decision = .projection })
        let projected = try #require(outcome.projected)
        let expected = outcome.percent + (outcome.velocity / 1000 * 0.998 / 0.002) / 800
        #expect(abs(projected - expected) < 1e-12)
        #expect(projected < 0)
        #expect(outcome.reason == .belowThreshold)
    }

    @Test func guardedRefusesAFinishAndSettlesAsACancel() {
        let outcome = Simulator.simulate(WorkedExamples.example1, under: .with { $0.guarded = true })
        #expect(outcome.decision == .cancel)
        #expect(outcome.reason == .guarded)
        #expect(outcome.attempted)
        #expect(abs(outcome.settle - outcome.percent * 0.4) < 1e-12)
        let cancel = Simulator.simulate(WorkedExamples.example2, under: .with { $0.guarded = true })
        #expect(!cancel.attempted && cancel.reason == .belowThreshold)
    }

    @Test func guardedKeepsTheProjection() {
        let outcome = Simulator.simulate(
            WorkedExamples.example2, under: .with { $0.guarded = true; $0.decision = .projection })
        #expect(outcome.reason == .guarded)
        #expect(outcome.projected != nil)
    }

    @Test func settleScalesWithDurationAndSpeed() {
        let outcome = Simulator.simulate(
            WorkedExamples.example1, under: .with { $0.duration = 0.6; $0.completionSpeed = 2 })
        #expect(abs(outcome.settle - (1 - outcome.percent) * 0.3) < 1e-12)
    }

    @Test func aSystemCancelAfterTheStartCancels() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 500, steps: 20, interval: 0.01)
        builder.cancel(after: 0.01)
        let outcome = Simulator.simulate(builder.trace, under: .with { $0.curve = .easeIn })
        #expect(outcome.decision == .cancel && outcome.reason == .cancelled)
        #expect(outcome.velocity == 0 && outcome.projected == nil)
        #expect(abs(outcome.percent - 380.0 / 800) < 1e-12)  // begins at 120
        #expect(abs(outcome.settle - 380.0 / 800 * 0.4) < 1e-12)
        #expect(outcome.trackingError > 0)
    }

    @Test func lastSegmentUsesTheNewestDistinctTime() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.01, y: 150)
        builder.move(t: 0.02, y: 170)
        builder.move(t: 0.02, y: 175)  // same time as the previous sample
        builder.up()
        let outcome = Simulator.simulate(builder.trace, under: .with { $0.velocityEstimator = .lastSegment })
        #expect(abs(outcome.velocity - (175 - 150) / 0.01) < 1e-9)
    }

    @Test func lsq2NeedsThreeDistinctTimes() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.2, y: 150)  // gap > 40 ms: the fit starts here
        builder.move(t: 0.21, y: 170)
        builder.up()
        #expect(Simulator.simulate(builder.trace, under: .with { $0.velocityEstimator = .lsq2 }).velocity == 0)
        #expect(abs(Simulator.simulate(builder.trace, under: .with { $0.velocityEstimator = .lastSegment }).velocity - 2000) < 1e-9)
    }

    @Test func lsq2KeepsAtMostTwentySamples() {
        // A quadratic path: the fit is exact whatever the window, so only the
        // window's end matters; a kink 21 samples back must be outside it.
        var builder = TraceBuilder()
        builder.down(y: 0)
        builder.move(t: 0.001, y: 400)  // far off the curve: would spoil a 22-sample fit
        for i in 2...22 {
            let t = Double(i) * 0.002
            builder.move(t: t, y: 100 + 3000 * t + 20000 * t * t)
        }
        builder.up()
        let outcome = Simulator.simulate(builder.trace, under: .with { $0.touchSlop = 0; $0.velocityEstimator = .lsq2 })
        let tn = 0.044
        #expect(abs(outcome.velocity - (3000 + 2 * 20000 * tn)) < 1e-6)
    }

    @Test(arguments: [Curve.easeIn, .easeOut, .easeInOut])
    func curvesTrackingErrorMatchesTheBezier(curve: Curve) {
        // Percents 0, 0.05, …, 0.5: the error is the largest |curve(p) − p| · E among them.
        var builder = TraceBuilder()
        builder.down(y: 0)
        for step in 1...11 { builder.move(t: Double(step) * 0.01, y: 10 + Double(step - 1) * 40) }
        builder.up()
        let outcome = Simulator.simulate(builder.trace, under: .with { $0.curve = curve })
        let expected = (0...10).map { abs(Self.bezierY(curve, atX: Double($0) * 0.05) - Double($0) * 0.05) * 800 }.max() ?? 0
        #expect(abs(outcome.trackingError - expected) < 1e-6)
        #expect(outcome.trackingError > 1)
        #expect(Simulator.simulate(builder.trace, under: Config()).trackingError == 0)
    }

    /// An independent inversion of the Bézier by plain bisection.
    static func bezierY(_ curve: Curve, atX x: Double) -> Double {
        let (x1, y1, x2, y2) = curve.controlPoints
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 { let mid = (low + high) / 2; if b(mid, x1, x2) < x { low = mid } else { high = mid } }
        return b((low + high) / 2, y1, y2)
    }

    @Test func easeInOutKnownMidpoint() {
        #expect(abs(Curve.easeInOut.progress(0.5) - 0.5) < 1e-12)
        #expect(Curve.easeIn.progress(0) == 0 && abs(Curve.easeIn.progress(1) - 1) < 1e-12)
    }
}

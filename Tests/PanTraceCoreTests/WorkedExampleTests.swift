import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.9's worked examples, every number pinned (container 400 × 800).
@Suite struct WorkedExampleTests {
    @Test func example1FinishesAtThreshold() {
        let outcome = Simulator.simulate(WorkedExamples.example1, under: Config())
        #expect(outcome.beganSeq == 2)  // 2nd move: distance 13.3 ≥ 10
        #expect(outcome.startSeq == 2)
        #expect(abs(outcome.percent - (500 - (100 + 2 * 400.0 / 60)) / 800) < 1e-12)
        #expect(abs(outcome.percent - 0.48333) < 5e-6)
        #expect(outcome.decision == .finish)
        #expect(outcome.reason == .threshold)
        #expect(abs(outcome.settle - 0.20667) < 5e-6)
        #expect(abs(outcome.velocity - 400) < 1e-6)
        #expect(outcome.projected == nil)
    }

    /// docs/model.md §4.9: examples 1 and 2 are straight lines, so every
    /// estimator gives their one velocity (400 and 1250 pt/s).
    @Test(arguments: VelocityEstimator.allCases)
    func straightExamplesHaveOneVelocityWhateverTheEstimator(estimator: VelocityEstimator) {
        let config = Config.with { $0.velocityEstimator = estimator }
        #expect(abs(Simulator.simulate(WorkedExamples.example1, under: config).velocity - 400) < 1e-6)
        #expect(abs(Simulator.simulate(WorkedExamples.example2, under: config).velocity - 1250) < 1e-6)
    }

    /// docs/model.md §4.5, "One trace, four estimators": segments 2000, 3000 and
    /// a lift that moved at 5000 pt/s; each number is worked there by hand
    /// (impulse: W = 2e6, then 5e6, then 5e6 + (5000 − √1e7)·5000; K = √(2W)).
    static let fourEstimators: [(VelocityEstimator, Double)] = {
        let impulse: Double = 5e6 + (5000 - Double(1e7).squareRoot()) * 5000
        return [(.lastSegment, 5000), (.uikit, 2200), (.impulse, (2 * impulse).squareRoot()), (.lsq2, 5550)]
    }()

    @Test(arguments: fourEstimators)
    func oneTraceFourEstimators(estimator: VelocityEstimator, expected: Double) {
        var builder = TraceBuilder()
        builder.down(t: 0, y: 100)
        builder.move(t: 0.01, y: 120)
        builder.move(t: 0.02, y: 150)
        builder.up(after: 0.01, y: 200)
        let velocity = Simulator.simulate(builder.trace, under: .with { $0.velocityEstimator = estimator }).velocity
        #expect(abs(velocity - expected) < 1e-6, "\(velocity)")
    }

    @Test func example2CancelsBelowThreshold() {
        let outcome = Simulator.simulate(WorkedExamples.example2, under: Config())
        #expect(abs(outcome.percent - 0.1125) < 1e-12)
        #expect(outcome.decision == .cancel)
        #expect(outcome.reason == .belowThreshold)
        #expect(abs(outcome.velocity - 1250) < 1e-6)
    }

    @Test func example2FlicksWithVelocityDecision() {
        let outcome = Simulator.simulate(WorkedExamples.example2, under: .with { $0.decision = .velocity })
        #expect(outcome.decision == .finish)
        #expect(outcome.reason == .flick)
        #expect(outcome.projected == nil)
    }

    @Test func example2ProjectsPastThreshold() throws {
        let outcome = Simulator.simulate(WorkedExamples.example2, under: .with { $0.decision = .projection })
        let projected = try #require(outcome.projected)
        #expect(abs(projected - 0.89219) < 5e-6)
        #expect(outcome.decision == .finish)
        #expect(outcome.reason == .projection)
    }

    @Test func example3OffsetAtBeginLeavesItToTheScrollView() {
        let outcome = Simulator.simulate(WorkedExamples.example3(scrollOffset: 50), under: Config())
        #expect(outcome.decision == Decision.none)
        #expect(outcome.reason == .scrollOwned)
        #expect(outcome.beganSeq == 2)
        #expect(outcome.startSeq == nil)
        #expect(outcome.percent == 0 && outcome.overscroll == 0 && outcome.velocity == 0)
    }

    @Test func example3HandoffStartsWhereTheEdgeWasReached() {
        var frames: [Frame] = []
        let outcome = Simulator.simulate(
            WorkedExamples.example3(scrollOffset: 50), under: .with { $0.scrollGating = .handoff }, frames: &frames)
        #expect(outcome.startSeq == 13)  // y = 165
        #expect(abs(outcome.percent - 0.3) < 1e-12)  // (400 − 160) / 800
        #expect(outcome.decision == .cancel)
        #expect(outcome.reason == .belowThreshold)
        // At y = 160 the offset is exactly 0 and the scroll view still owns the gesture.
        #expect(frames[12].owner == .scroll && frames[12].scrollOffset == 0)
        #expect(frames[13].owner == .transition && abs(frames[13].percent - 5.0 / 800) < 1e-15)
    }

    @Test func example3AtTheTopOverscrolls() {
        let outcome = Simulator.simulate(WorkedExamples.example3(scrollOffset: 0), under: Config())
        #expect(abs(outcome.percent - 0.3625) < 1e-12)
        #expect(abs(outcome.overscroll - 290) < 1e-9)
        #expect(outcome.trackingError == 0)
    }

    @Test func example3EaseOutTrackingError() {
        let outcome = Simulator.simulate(WorkedExamples.example3(scrollOffset: 0), under: .with { $0.curve = .easeOut })
        #expect(abs(outcome.trackingError - 130.07) < 0.005)
    }

    /// docs/model.md §4.9 example 4: example 2 under the new mechanisms.
    @Test func example4NewMechanisms() {
        let lookahead = Simulator.simulate(WorkedExamples.example2, under: .with { $0.decision = .lookahead })
        #expect(abs(lookahead.velocity - 1250) < 1e-6)
        #expect(abs((lookahead.projected ?? 0) - 0.58125) < 1e-9)  // 0.1125 + 1250 · 0.3 / 800
        #expect(lookahead.decision == .finish)
        #expect(lookahead.reason == .projection)
        let points = Simulator.simulate(WorkedExamples.example2, under: .with { $0.threshold = 56; $0.thresholdUnit = .points })
        #expect(points.decision == .finish)  // T = 0.07
        #expect(points.reason == .threshold)
        #expect(points.projected == nil)
        let extents = Simulator.simulate(WorkedExamples.example2, under: .with {
            $0.decision = .velocity; $0.flickVelocity = 2; $0.flickVelocityUnit = .extents
        })
        #expect(extents.decision == .cancel)  // F = 1600
        #expect(extents.reason == .belowThreshold)
        let remaining = Simulator.simulate(WorkedExamples.example2, under: .with {
            $0.decision = .velocity; $0.flickVelocity = 5.5; $0.flickVelocityUnit = .remaining
        })
        #expect(remaining.decision == .cancel)  // F = 5.5 · 0.8875 · 800 = 3905
        #expect(remaining.reason == .belowThreshold)
    }

    /// docs/model.md §4.9 example 5: example 2 with the up 0.2 s after the last move.
    @Test func example5RestAndStale() {
        var trace = WorkedExamples.example2
        let last = trace.samples.count - 1
        trace.samples[last].t += 0.2
        let velocity = Simulator.simulate(trace, under: .with { $0.decision = .velocity })
        #expect(abs(velocity.rest - 0.2) < 1e-12)
        #expect(velocity.decision == .finish)
        #expect(velocity.reason == .flick)
        #expect(velocity.stale)
        let threshold = Simulator.simulate(trace, under: Config())
        #expect(abs(threshold.rest - 0.2) < 1e-12)
        #expect(threshold.decision == .cancel)
        #expect(!threshold.stale)
        // Without the rest: nothing is stale, and rest is 0.
        let fresh = Simulator.simulate(WorkedExamples.example2, under: .with { $0.decision = .velocity })
        #expect(fresh.rest == 0)
        #expect(!fresh.stale)
        // guarded does not change staleness (it is judged before guarded applies).
        let guarded = Simulator.simulate(trace, under: .with { $0.decision = .velocity; $0.guarded = true })
        #expect(guarded.reason == .guarded)
        #expect(guarded.stale)
    }
}

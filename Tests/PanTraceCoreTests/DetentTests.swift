import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.10: sheets with detents, worked example 6 with every number
/// and the rules it does not reach (step, maxSteps, guarded, stale, notApplicable).
@Suite struct DetentTests {
    /// A straight drag from y=100 at 1100 pt/s (11 pt every 10 ms) to y=540: it
    /// begins at y=111, so `T` = 429 and `h` = 1 − 429/800 = 0.46375, on a sheet at `large`.
    static var fastToBelowMedium: Trace {
        var builder = TraceBuilder()
        builder.down(y: 100)
        for step in 1...40 { builder.move(t: Double(step) * 0.01, y: 100 + Double(step) * 11) }
        builder.up()
        var trace = builder.trace
        trace.detents = WorkedExamples.sheet
        trace.startDetent = "large"
        return trace
    }

    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 5e-6) -> Bool {
        guard let a else { return false }
        return abs(a - b) < tolerance
    }

    @Test func example6Threshold() {
        var frames: [Frame] = []
        let outcome = Simulator.simulate(WorkedExamples.example6, under: Config(), frames: &frames)
        #expect(outcome.beganSeq == 1)
        #expect(Self.close(outcome.percent, 0.1125, 1e-12))
        #expect(Self.close(frames.last?.height, 0.8875, 1e-12))
        // Segment [0.5, 1.0] from 1.0, progress 0.225 < 0.4: stays at large.
        #expect(outcome.decision == .cancel)
        #expect(outcome.reason == .belowThreshold)
        #expect(outcome.detent == "large")
        #expect(outcome.projected == nil)
        #expect(Self.close(outcome.velocity, 1250, 1e-9))
        // |0.8875 − 1| / 1 · 0.4 / 1
        #expect(Self.close(outcome.settle, 0.045, 1e-12))
    }

    @Test func example6Velocity() {
        let outcome = Simulator.simulate(WorkedExamples.example6, under: .with { $0.decision = .velocity })
        #expect(outcome.decision == .cancel)
        #expect(outcome.reason == .flick)
        #expect(outcome.detent == "medium")
        #expect(Self.close(outcome.settle, 0.3875 * 0.4, 1e-12))
    }

    @Test func example6Projection() {
        let outcome = Simulator.simulate(WorkedExamples.example6, under: .with { $0.decision = .projection })
        // x = 0.8875 − 623.75/800 = 0.10781, in [0, 0.5] from 0.5, progress 0.78438 ≥ 0.4.
        #expect(outcome.decision == .finish)
        #expect(outcome.reason == .projection)
        #expect(outcome.detent == nil)
        #expect(Self.close(outcome.projected, 0.89219))
        #expect(Self.close(outcome.settle, 0.8875 * 0.4, 1e-12))

        let oneStep = Simulator.simulate(WorkedExamples.example6, under: .with { $0.decision = .projection; $0.maxSteps = 1 })
        #expect(oneStep.decision == .cancel)
        #expect(oneStep.reason == .projection)
        #expect(oneStep.detent == "medium")
        #expect(Self.close(oneStep.projected, 0.89219))
    }

    @Test func example6UIKitSheet() throws {
        let outcome = Simulator.simulate(WorkedExamples.example6, under: try Preset.named("uikit-sheet").config)
        // x = 0.8875 − 123.75/800 = 0.73281, in [0.5, 1.0] from 1.0, progress 0.53438 ≥ 0.5;
        // nearest(h) is 1.0, not the target, so no step.
        #expect(outcome.decision == .cancel)
        #expect(outcome.reason == .projection)
        #expect(outcome.detent == "medium")
        #expect(Self.close(outcome.projected, 1 - 0.73281))
    }

    @Test func stepMovesOneAnchorFurther() throws {
        let uikit = try Preset.named("uikit-sheet").config
        // x = 0.46375 − 1.1 · 99/800 = 0.327625 → medium by position (progress 0.34475);
        // nearest(0.46375) is medium and the finger is below it moving down at ≥ 1000 pt/s: one further.
        let stepped = Simulator.simulate(Self.fastToBelowMedium, under: uikit)
        #expect(Self.close(stepped.velocity, 1100, 1e-6))
        #expect(Self.close(stepped.projected, 1 - 0.327625))
        #expect(stepped.decision == .finish)
        #expect(stepped.reason == .step)
        #expect(stepped.detent == nil)
        var off = uikit
        off.stepVelocity = 0
        let unstepped = Simulator.simulate(Self.fastToBelowMedium, under: off)
        #expect(unstepped.decision == .cancel)
        #expect(unstepped.reason == .projection)
        #expect(unstepped.detent == "medium")
        var guarded = uikit
        guarded.guarded = true
        let refused = Simulator.simulate(Self.fastToBelowMedium, under: guarded)
        #expect(refused.decision == .cancel)
        #expect(refused.reason == .guarded)
        #expect(refused.attempted)
        #expect(refused.detent == "medium")
    }

    @Test func staleWhenTheFingerRested() {
        var trace = WorkedExamples.example6
        let last = trace.samples.removeLast()
        trace.samples.append(Sample(t: last.t + 0.2, x: last.x, y: last.y, phase: .up))
        // With v = 1250 the flick drops it to medium; with v = 0 it stays at large.
        let outcome = Simulator.simulate(trace, under: .with { $0.decision = .velocity })
        #expect(Self.close(outcome.rest, 0.2, 1e-12))
        #expect(outcome.detent == "medium")
        #expect(outcome.stale)
        #expect(!Simulator.simulate(trace, under: Config()).stale)
    }

    @Test func cancelledAndNoneRestAtTheStart() {
        var trace = WorkedExamples.example6
        let last = trace.samples.removeLast()
        trace.samples.append(Sample(t: last.t, x: last.x, y: last.y, phase: .cancel))
        let cancelled = Simulator.simulate(trace, under: Config())
        #expect(cancelled.decision == .cancel)
        #expect(cancelled.reason == .cancelled)
        #expect(cancelled.detent == "large")
        #expect(Self.close(cancelled.settle, 0.045, 1e-12))
        var tap = WorkedExamples.example6
        tap.samples = [tap.samples[0], Sample(t: 0.1, x: 200, y: 100, phase: .up)]
        let none = Simulator.simulate(tap, under: Config())
        #expect(none.decision == .none)
        #expect(none.reason == .neverBegan)
        #expect(none.detent == "large")
    }

    @Test(arguments: [Interaction.swipeBack, .pullUpPresent])
    func notApplicableUnderAnotherInteraction(_ interaction: Interaction) {
        var trace = WorkedExamples.example6
        trace.samples[0].touches = 3
        let outcome = Simulator.simulate(trace, under: .with { $0.interaction = interaction })
        // Before every rule of recognition: not tooManyTouches.
        #expect(outcome == Outcome(decision: .none, reason: .notApplicable, detent: "large"))
    }

    @Test func helpers() throws {
        let rule = try #require(DetentRule(WorkedExamples.example6, config: Config()))
        #expect(rule.heights == [0, 0.5, 1])
        #expect(rule.start == 2)
        #expect(rule.below(0.5) == 0 && rule.below(0.51) == 1 && rule.below(-1) == 0)
        #expect(rule.above(0.5) == 2 && rule.above(1) == 2 && rule.above(-0.1) == 0)
        // A tie goes to the taller.
        #expect(rule.nearest(0.25) == 1 && rule.nearest(0.75) == 2 && rule.nearest(1.4) == 2)
        // threshold 0.5: the nearest, an exact midpoint going away from the start.
        let half = try #require(DetentRule(WorkedExamples.example6, config: .with { $0.threshold = 0.5 }))
        #expect(half.positional(0.75, extent: 800) == 1)
        #expect(half.positional(0.7501, extent: 800) == 2)
        #expect(half.positional(0.25, extent: 800) == 0)
        #expect(half.positional(1.2, extent: 800) == 2 && half.positional(-0.1, extent: 800) == 0)
        // Points: the progress is the distance in points.
        let points = try #require(DetentRule(WorkedExamples.example6, config: .with { $0.thresholdUnit = .points; $0.threshold = 56 }))
        #expect(points.positional(1 - 56.0 / 800, extent: 800) == 1)
        #expect(points.positional(1 - 55.0 / 800, extent: 800) == 2)
    }

    @Test func maxStepsLimitsAnExpandFromTheBottom() {
        // Three detents, starting at the lowest, dragged all the way up fast.
        var builder = TraceBuilder()
        builder.down(y: 700)
        for step in 1...40 { builder.move(t: Double(step) * 0.01, y: 700 - Double(step) * 15) }
        builder.up()
        var trace = builder.trace
        trace.detents = [Detent(name: "tip", height: 0.2), Detent(name: "half", height: 0.5), Detent(name: "full", height: 1)]
        trace.startDetent = "tip"
        let free = Simulator.simulate(trace, under: .with { $0.decision = .projection })
        #expect(free.detent == "full")
        #expect(free.percent == 0)
        let limited = Simulator.simulate(trace, under: .with { $0.decision = .projection; $0.maxSteps = 1 })
        #expect(limited.detent == "half")
        #expect(limited.reason == .projection)
    }
}

/// docs/model.md §4.2: a screen-edge pan whose `down` is outside the edge fails.
@Suite struct OutsideEdgeTests {
    static func drag(fromX x: Double, y: Double, dx: Double, dy: Double, touches: Int = 1) -> Trace {
        var builder = TraceBuilder()
        builder.down(x: x, y: y, touches: touches)
        for step in 1...20 {
            builder.move(t: Double(step) / 60, x: x + dx * Double(step) / 20, y: y + dy * Double(step) / 20)
        }
        builder.up()
        return builder.trace
    }

    @Test func swipeBackFromTheLeftEdgeOnly() throws {
        let back = try Preset.named("cupertino-back").config
        #expect(back.edgeWidth == 20)
        let outside = Simulator.simulate(Self.drag(fromX: 21, y: 400, dx: 300, dy: 0), under: back)
        #expect(outside == Outcome(decision: .none, reason: .outsideEdge))
        let inside = Simulator.simulate(Self.drag(fromX: 20, y: 400, dx: 300, dy: 0), under: back)
        #expect(inside.decision == .finish)
        #expect(try Preset.named("react-navigation").config.edgeWidth == 50)
    }

    @Test func pullUpFromTheBottomEdge() {
        let config = Config.with { $0.interaction = .pullUpPresent; $0.edgeWidth = 20 }
        let outside = Simulator.simulate(Self.drag(fromX: 200, y: 779, dx: 0, dy: -500), under: config)
        #expect(outside.reason == .outsideEdge)
        let inside = Simulator.simulate(Self.drag(fromX: 200, y: 780, dx: 0, dy: -500), under: config)
        #expect(inside.decision == .finish)
    }

    @Test func tooManyTouchesFirstAndPullToDismissIgnoresIt() {
        let config = Config.with { $0.interaction = .swipeBack; $0.edgeWidth = 20 }
        let twoFingers = Simulator.simulate(Self.drag(fromX: 100, y: 400, dx: 300, dy: 0, touches: 2), under: config)
        #expect(twoFingers.reason == .tooManyTouches)
        let dismiss = Config.with { $0.edgeWidth = 20 }
        #expect(Simulator.simulate(Self.drag(fromX: 200, y: 100, dx: 0, dy: 500), under: dismiss).decision == .finish)
    }
}

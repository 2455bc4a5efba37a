import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.10's "From the release" (`stepOrigin`), `dismissible`,
/// "Settling" over the whole extent and worked example 7; §4.3's
/// `scrollExpands`.
@Suite struct DetentReleaseTests {
    /// tip 0.25, medium 0.5, large 1.0 (example 7's sheet).
    static let threeDetents = [
        Detent(name: "tip", height: 0.25), Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1),
    ]

    /// Example 7: container 400 × 800, start `large`, released at `T` 600 (`h`
    /// 0.25, on `tip`) moving up at `v = −100`: down at y 100, a move to y 110
    /// (the pan begins there, `O` = 110), a drag to y 735, then two moves of
    /// −12.5 pt every 0.125 s to y 710 (`uikit`: both segments −100 pt/s), up there.
    static var example7: Trace {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.0625, y: 110)
        builder.move(t: 0.5, y: 735)
        builder.move(t: 0.625, y: 722.5)
        builder.move(t: 0.75, y: 710)
        builder.up()
        var trace = builder.trace
        trace.detents = threeDetents
        trace.startDetent = "large"
        return trace
    }

    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
        guard let a else { return false }
        return abs(a - b) < tolerance
    }

    @Test func example7FromTheRelease() throws {
        let config = try Preset.named("floatingpanel-states").config
        var frames: [Frame] = []
        let outcome = Simulator.simulate(Self.example7, under: config, frames: &frames)
        #expect(Self.close(frames.last?.height, 0.25))
        #expect(Self.close(outcome.velocity, -100, 1e-9))
        // x = 0.25 + 49.9/800 = 0.312375, projected (1 − 0.312375) / 1 = 0.687625.
        #expect(Self.close(outcome.projected, 0.687625))
        // Up, from 0.25 to 0.5: progress 0.062375 / 0.25 = 0.2495, not > 0.5: tip.
        #expect(outcome.decision == .cancel)
        #expect(outcome.reason == .projection)
        #expect(outcome.detent == "tip")
        // docs/model.md §4.10 "Settling": |0.25 − 0.25| · 0.4.
        #expect(outcome.settle == 0)
        let rule = try #require(DetentRule(Self.example7, config: config))
        #expect(rule.heights[rule.bottom...] == [0.25, 0.5, 1.0])
        #expect(rule.fromRelease(height: 0.25, velocity: -100, projectedHeight: 0.312375, extent: 800) == 1)
    }

    @Test func example7FromTheStartWithOneStep() throws {
        var config = try Preset.named("floatingpanel-states").config
        config.stepOrigin = .start
        config.maxSteps = 1
        let outcome = Simulator.simulate(Self.example7, under: config)
        // positional(0.312375) is 0.25 (from 0.5, progress 0.7505), two anchors from large: medium.
        let rule = try #require(DetentRule(Self.example7, config: config))
        #expect(rule.positional(0.312375, extent: 800) == 1)
        #expect(outcome.decision == .cancel)
        #expect(outcome.reason == .projection)
        #expect(outcome.detent == "medium")
        #expect(Self.close(outcome.projected, 0.687625))
    }

    /// The step is strict: a progress of exactly the threshold stays.
    @Test func fromTheReleaseIsStrict() throws {
        var config = Config.with { $0.decision = .projection; $0.stepOrigin = .release; $0.threshold = 0.5 }
        config.dismissible = false
        let rule = try #require(DetentRule(detents: Self.threeDetents, start: "large", config: config))
        // Down from 1.0 (h 0.9, below large): to medium, the gain 0.25 is half of 0.5.
        #expect(rule.fromRelease(height: 0.9, velocity: 10, projectedHeight: 0.75, extent: 800) == 3)
        #expect(rule.fromRelease(height: 0.9, velocity: 10, projectedHeight: 0.7499, extent: 800) == 2)
        // Projected past two anchors: still one.
        #expect(rule.fromRelease(height: 0.9, velocity: 10, projectedHeight: -3, extent: 800) == 2)
        // v = 0 below the start: down; a projection on the other side gains nothing.
        #expect(rule.fromRelease(height: 0.9, velocity: 0, projectedHeight: 1.05, extent: 800) == 3)
        // Up from the lowest detent; below it (not dismissible) it is the from.
        #expect(rule.fromRelease(height: 0.1, velocity: -10, projectedHeight: 0.5, extent: 800) == 2)
        // Down at the lowest detent of a sheet that is not dismissible: nowhere further.
        #expect(rule.fromRelease(height: 0.2, velocity: 10, projectedHeight: -1, extent: 800) == 1)
        // Points: the gain times the extent, > threshold.
        var points = config
        points.thresholdUnit = .points
        points.threshold = 40
        let pointRule = rule.under(points)
        #expect(pointRule.fromRelease(height: 0.9, velocity: 10, projectedHeight: 0.96, extent: 800) == 3)
        #expect(pointRule.fromRelease(height: 0.9, velocity: 10, projectedHeight: 0.94, extent: 800) == 2)
    }

    /// With `stepOrigin: release` `stepVelocity` and `maxSteps` are not read.
    @Test func fromTheReleaseReplacesStepAndAtMost() throws {
        let base = Config.with { $0.decision = .projection; $0.stepOrigin = .release }
        let plain = Simulator.simulate(WorkedExamples.example6, under: base)
        for change in [{ (c: inout Config) in c.maxSteps = 1 }, { $0.stepVelocity = 100 }] {
            var config = base
            change(&config)
            #expect(Simulator.simulate(WorkedExamples.example6, under: config) == plain)
        }
        // Example 6 from the release: down from large (h 0.8875 → from 1.0, to 0.5),
        // x 0.10781: gain 0.89219 / 0.5 > 0.4 → medium, one anchor, not dismissed.
        #expect(plain.detent == "medium")
        #expect(plain.decision == .cancel)
        #expect(plain.reason == .projection)
        #expect(Self.close(plain.projected, 0.89219, 5e-6))
    }

    /// `dismissible: false`: the anchors are the detents alone.
    @Test func notDismissibleStopsAtTheLowestDetent() {
        var config = Config.with { $0.decision = .projection }
        config.dismissible = false
        // Example 6's projection dismisses a dismissible sheet (x 0.10781); here
        // x ≤ a_0 = 0.5: medium.
        let outcome = Simulator.simulate(WorkedExamples.example6, under: config)
        #expect(outcome.decision == .cancel)
        #expect(outcome.detent == "medium")
        #expect(outcome.reason == .projection)
        // guarded acts only on a dismissal: nothing to refuse.
        config.guarded = true
        let guarded = Simulator.simulate(WorkedExamples.example6, under: config)
        #expect(guarded.reason == .projection)
        #expect(!guarded.attempted)
        // A flick down from medium (a_0): below(a_0) is a_0 itself.
        var velocity = Config.with { $0.decision = .velocity }
        velocity.dismissible = false
        var trace = WorkedExamples.example6
        trace.startDetent = "medium"
        let flick = Simulator.simulate(trace, under: velocity)
        #expect(flick.decision == .cancel)
        #expect(flick.reason == .flick)
        #expect(flick.detent == "medium")
        // The same flick dismisses a dismissible sheet.
        #expect(Simulator.simulate(trace, under: .with { $0.decision = .velocity }).decision == .finish)
    }

    /// A single detent that is not dismissible: every target is it.
    @Test func oneAnchor() throws {
        var config = Config.with { $0.decision = .velocity }
        config.dismissible = false
        let rule = try #require(
            DetentRule(detents: [Detent(name: "only", height: 0.6)], start: "only", config: config))
        for (h, v) in [(0.1, 5000.0), (0.9, -5000.0), (0.6, 0.0), (-1.0, 0.0)] {
            #expect(rule.decide(height: h, velocity: v, extent: 800).anchor == 1)
        }
    }

    /// docs/model.md §4.10 "Settling": the whole extent in `duration`, not
    /// the start height: a flick up from a low detent does not crawl.
    @Test func settlingCrossesTheExtentInTheDuration() throws {
        // From tip (0.25): the pan begins at y 610, the finger lifts at 580 (T −30,
        // h 0.2875) moving up at 1000 pt/s: a reverse flick to medium, |0.2875 − 0.5| · 0.4.
        var builder = TraceBuilder()
        builder.down(y: 620)
        for step in 1...4 { builder.move(t: Double(step) * 0.01, y: 620 - Double(step) * 10) }
        builder.up()
        var trace = builder.trace
        trace.detents = Self.threeDetents
        trace.startDetent = "tip"
        var config = Config.with { $0.decision = .velocity }
        config.flickVelocity = 500
        var frames: [Frame] = []
        let outcome = Simulator.simulate(trace, under: config, frames: &frames)
        let h = try #require(frames.last?.height)
        #expect(Self.close(h, 0.25 + 30.0 / 800))
        #expect(outcome.reason == .reverseFlick)
        #expect(outcome.detent == "medium")
        #expect(Self.close(outcome.settle, (0.5 - h) * 0.4))
        config.completionSpeed = 2
        #expect(Self.close(Simulator.simulate(trace, under: config).settle, (0.5 - h) * 0.2))
    }

    /// docs/model.md §4.10 "Stale" through "From the release": the steps with `v = 0`.
    @Test func staleFromTheRelease() {
        var trace = Self.example7
        let last = trace.samples.removeLast()
        trace.samples.append(Sample(t: last.t + 0.2, x: last.x, y: last.y, phase: .up))
        // At tip moving up fast enough to reach medium; with v = 0, h (0.25) < H_s: down, from tip,
        // nowhere below (not dismissible): tip.
        var config = Config.with { $0.decision = .projection; $0.threshold = 0.1 }
        config.stepOrigin = .release
        config.dismissible = false
        let outcome = Simulator.simulate(trace, under: config)
        #expect(outcome.detent == "medium")
        #expect(outcome.stale)
        config.threshold = 0.5
        let stays = Simulator.simulate(trace, under: config)
        #expect(stays.detent == "tip")
        #expect(!stays.stale)
    }
}

/// docs/model.md §4.3 `scrollExpands`: a sheet below its tallest detent
/// pulled up on its list expands first.
@Suite struct ScrollExpandsTests {
    /// A sheet at `medium` over a list scrolled 200 pt of 2000: down at y 600,
    /// ten moves of `dy` every 10 ms, up there.
    static func sheet(dy: Double, start: String = "medium", offset: Double = 200) -> Trace {
        var builder = TraceBuilder(scrollOffset: offset, scrollContent: 2000)
        builder.down(y: 600)
        for step in 1...10 { builder.move(t: Double(step) * 0.01, y: 600 + Double(step) * dy) }
        builder.up()
        var trace = builder.trace
        trace.detents = WorkedExamples.sheet
        trace.startDetent = start
        return trace
    }

    @Test(arguments: ScrollGating.allCases) func aPullUpExpandsTheSheet(_ gating: ScrollGating) throws {
        var config = Config.with { $0.scrollGating = gating }
        config.scrollExpands = true
        var frames: [Frame] = []
        let outcome = Simulator.simulate(Self.sheet(dy: -20), under: config, frames: &frames)
        // Begins at the first move (20 ≥ 10) pointing up: the transition starts there, the list held.
        #expect(outcome.startSeq == 1)
        #expect(frames.allSatisfy { $0.scrollOffset == 200 })
        #expect(outcome.overscroll == 0)
        // T = 400 − 580 = −180: h = 0.5 + 180/800 = 0.725, progress 0.225/0.5 = 0.45 ≥ 0.4: large.
        #expect(abs((frames.last?.height ?? 0) - 0.725) < 1e-12)
        #expect(outcome.detent == "large")
        // Without it the list owns the pull (offset 200 > 0), or (none) the sheet moves anyway.
        config.scrollExpands = false
        let without = Simulator.simulate(Self.sheet(dy: -20), under: config)
        #expect(without.decision == (gating == .none ? .cancel : .none))
    }

    @Test func aPullDownKeepsTheArbitration() {
        var config = Config()
        config.scrollExpands = true
        // Pointing down on a scrolled list: offsetAtBegin gives it to the list.
        #expect(Simulator.simulate(Self.sheet(dy: 20), under: config).reason == .scrollOwned)
        // At the tallest detent there is nothing to expand: the list scrolls.
        #expect(Simulator.simulate(Self.sheet(dy: -20, start: "large"), under: config).reason == .scrollOwned)
        // Without a scroll view or without detents the key changes nothing.
        var plain = Self.sheet(dy: -20)
        plain.detents = nil
        plain.startDetent = nil
        #expect(Simulator.simulate(plain, under: config) == Simulator.simulate(plain, under: Config()))
        var noList = Self.sheet(dy: -20)
        noList.scrollContent = 0
        #expect(Simulator.simulate(noList, under: config) == Simulator.simulate(noList, under: Config()))
    }

    /// With the list at its top and `offsetAtBegin`, a pull up expands
    /// without the list moving or overscrolling.
    @Test func heldEvenAtTheTop() {
        var config = Config()
        config.scrollExpands = true
        var frames: [Frame] = []
        let outcome = Simulator.simulate(Self.sheet(dy: -20, offset: 0), under: config, frames: &frames)
        #expect(frames.allSatisfy { $0.scrollOffset == 0 })
        #expect(outcome.overscroll == 0)
        var simultaneous: [Frame] = []
        _ = Simulator.simulate(Self.sheet(dy: -20, offset: 0), under: Config(), frames: &simultaneous)
        #expect(simultaneous.last?.scrollOffset == 180)
    }
}

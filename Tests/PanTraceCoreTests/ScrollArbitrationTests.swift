import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/model.md §4.3: who owns the gesture when a scroll view is embedded.
@Suite struct ScrollArbitrationTests {
    /// Down at y=100, 5 pt every 1/60 s to `to`, then back to `back` if given, up.
    static func drag(offset: Double, content: Double = 2000, to: Double = 400, back: Double? = nil) -> Trace {
        var builder = TraceBuilder(scrollOffset: offset, scrollContent: content)
        builder.down(y: 100)
        var t = 0.0
        var y = 100.0
        while y < to { y += 5; t += 1.0 / 60; builder.move(t: t, y: y) }
        if let back { while y > back { y -= 5; t += 1.0 / 60; builder.move(t: t, y: y) } }
        builder.up()
        return builder.trace
    }

    @Test func noScrollViewMeansNoGating() {
        let trace = Self.drag(offset: 50, content: 0)
        let outcome = Simulator.simulate(trace, under: Config())
        #expect(outcome.startSeq == 2 && outcome.overscroll == 0)
        #expect(abs(outcome.percent - 0.3625) < 1e-12)
    }

    @Test func gatingNoneIgnoresTheOffset() {
        var frames: [Frame] = []
        let outcome = Simulator.simulate(
            Self.drag(offset: 50), under: .with { $0.scrollGating = .none }, frames: &frames)
        #expect(abs(outcome.percent - 0.3625) < 1e-12)
        #expect(outcome.overscroll == 0)
        #expect(frames.allSatisfy { $0.scrollOffset == 50 })
    }

    @Test func lockScrollKeepsTheOffsetAndNoOverscroll() {
        var frames: [Frame] = []
        let outcome = Simulator.simulate(
            Self.drag(offset: -20), under: .with { $0.lockScroll = true }, frames: &frames)
        #expect(outcome.overscroll == 0)
        #expect(frames.allSatisfy { $0.scrollOffset == -20 })
        #expect(abs(outcome.percent - 0.3625) < 1e-12)
    }

    @Test func overscrollStartsAtANegativeOffset() {
        let outcome = Simulator.simulate(Self.drag(offset: -20), under: Config())
        #expect(abs(outcome.overscroll - 310) < 1e-9)
    }

    /// Dragging back scrolls the content again, at most to its maximum offset.
    @Test func simultaneousScrollIsCappedAtTheMaximumOffset() {
        var frames: [Frame] = []
        // content 900 on a viewport of 800: m = 100
        let outcome = Simulator.simulate(
            Self.drag(offset: 0, content: 900, to: 200, back: -100), under: Config(), frames: &frames)
        #expect(frames.last?.scrollOffset == 100)
        #expect(abs(outcome.overscroll - 90) < 1e-9)
    }

    @Test func scrollOwnerClampsBetweenZeroAndMaximum() {
        var frames: [Frame] = []
        let outcome = Simulator.simulate(Self.drag(offset: 50), under: Config(), frames: &frames)
        #expect(outcome.reason == .scrollOwned)
        #expect(frames.last?.scrollOffset == 0)
        #expect(frames.last?.owner == .scroll)
        var back: [Frame] = []
        _ = Simulator.simulate(Self.drag(offset: 50, content: 900, to: 110, back: -200), under: Config(), frames: &back)
        #expect(back.last?.scrollOffset == 100)
    }

    @Test func handoffAtTheTopStartsAtOnceWithoutOverscroll() {
        let outcome = Simulator.simulate(Self.drag(offset: 0), under: .with { $0.scrollGating = .handoff })
        #expect(outcome.startSeq == 2 && outcome.overscroll == 0)
        #expect(abs(outcome.percent - 0.3625) < 1e-12)
    }

    @Test func handoffNeverReachingTheTopIsScrollOwned() {
        let outcome = Simulator.simulate(Self.drag(offset: 500), under: .with { $0.scrollGating = .handoff })
        #expect(outcome == Outcome(decision: .none, reason: .scrollOwned, beganSeq: 2))
    }

    /// A jump past the edge starts with the part beyond it: min(1, −o'/E).
    @Test func handoffOriginWhereTheEdgeWasReached() {
        var builder = TraceBuilder(scrollOffset: 30, scrollContent: 2000)
        builder.down(y: 100)
        builder.move(t: 0.01, y: 120)  // begins; the scroll view owns
        builder.move(t: 0.02, y: 140)  // o = 10
        builder.move(t: 0.03, y: 240)  // o' = −90: starts, O = 150, percent 90/800
        builder.up()
        var frames: [Frame] = []
        let outcome = Simulator.simulate(builder.trace, under: .with { $0.scrollGating = .handoff }, frames: &frames)
        #expect(outcome.startSeq == 3)
        #expect(abs(outcome.percent - 90.0 / 800) < 1e-12)
        #expect(abs(outcome.peakPercent - 90.0 / 800) < 1e-12)
        #expect(frames.map(\.scrollOffset) == [30, 30, 10, 0])
        #expect(frames.map(\.owner) == [Owner.none, .scroll, .scroll, .transition])
    }
}

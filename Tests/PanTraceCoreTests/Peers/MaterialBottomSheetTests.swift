import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// Material Components' own instrumented tests of `BottomSheetBehavior`
/// (material-components-android,
/// `tests/javatests/com/google/android/material/bottomsheet/BottomSheetBehaviorTest.java`)
/// whose swipes end in a state, translated into pantrace traces under the
/// `mdc-states` preset (docs/presets.md). Their assertions are restated here;
/// none of their code is used.
///
/// Their harness: Espresso's `GeneralSwipeAction` on the bottom sheet view,
/// `Swipe.FAST` (100 ms) or `Swipe.SLOW` (1500 ms): a down at the start, ten
/// moves at `i/12` of the way (`i` = 1…10) one tenth of the duration apart,
/// and the up one interval later at the end point (a jump of the last 2/12).
/// The sheet fills a full-screen `CoordinatorLayout`, is hideable, and rests
/// with its top at `height − peekHeight` (collapsed), at 0 (expanded) or, with
/// `setFitToContents(false)`, at half the height (`halfExpandedRatio` 0.5).
///
/// Geometry and units: a 1080 × 1920 px screen with 1 px taken as 1 pt; the
/// test app's peek height was not read, so every case runs at 160, 336 and
/// 600 px — each outcome holds for any of them (the swipes are thousands of
/// px/s against the preset's 50). Heights are fractions of the screen up
/// from its bottom: expanded 1, half-expanded 0.5, collapsed `peek/1920`;
/// hidden is dismissal (the sheet is hideable: `dismissible` keeps its default).
///
/// Not translated: `testSkipCollapsed` (hidden: `skipCollapsed`, which the
/// preset leaves out, turns a swipe that would collapse into a hide),
/// `testNestedScroll`'s second assertion (the list goes on scrolling once the
/// sheet is expanded: with `scrollExpands` pantrace holds the list for the
/// whole gesture, docs/model.md §4.3; its first, expanded, is checked), and
/// the swipes that start off the sheet (`testDragOutside`,
/// `testInvisible`): a pantrace trace is a pan on the sheet.
@Suite struct MaterialBottomSheetTests {
    static let (width, height) = (1080.0, 1920.0)
    static let peekHeights = [160.0, 336.0, 600.0]

    /// Espresso's linear swipe from `start` to `end` (y) over `duration` seconds, at x 540.
    static func swipe(from start: Double, to end: Double, duration: Double) -> [Sample] {
        let interval = duration / 10
        var samples = [Sample(t: 0, x: 540, y: start, phase: .down)]
        for i in 1...10 {
            samples.append(Sample(t: Double(i) * interval, x: 540, y: start + (end - start) * Double(i) / 12, phase: .move))
        }
        samples.append(Sample(t: 11 * interval, x: 540, y: end, phase: .up))
        return samples
    }

    /// The sheet's states as detents: collapsed and expanded, and half-expanded without `fitToContents`.
    static func detents(peek: Double, fitToContents: Bool) -> [Detent] {
        var detents = [Detent(name: "collapsed", height: peek / height)]
        if !fitToContents { detents.append(Detent(name: "halfExpanded", height: 0.5)) }
        detents.append(Detent(name: "expanded", height: 1))
        return detents
    }

    static func outcome(
        peek: Double, fitToContents: Bool = true, start: String, samples: [Sample], scrollContent: Double = 0
    ) throws -> Outcome {
        let trace = Trace(
            name: "mdc", width: width, height: height, scrollContent: scrollContent,
            detents: detents(peek: peek, fitToContents: fitToContents), startDetent: start, samples: samples)
        return Simulator.simulate(trace, under: try Preset.named("mdc-states").config)
    }

    /// Where the sheet's top is in a state.
    static func top(_ state: String, peek: Double) -> Double {
        switch state {
        case "expanded": 0
        case "halfExpanded": height / 2
        default: height - peek
        }
    }

    /// `testSwipeDownToCollapse` and `…FullyExpanded`: from expanded, fast from
    /// the sheet's top (+1) to just above the peek height: collapsed, not hidden.
    @Test(arguments: peekHeights, [true, false]) func swipeDownToCollapse(peek: Double, fitToContents: Bool) throws {
        let samples = Self.swipe(from: 1, to: Self.height - peek, duration: 0.1)
        let outcome = try Self.outcome(peek: peek, fitToContents: fitToContents, start: "expanded", samples: samples)
        #expect(outcome.decision == .cancel)
        #expect(outcome.detent == "collapsed")
        #expect(outcome.reason == .flick)
    }

    /// `testSwipeDownToHide` and `…FullyExpanded`: `ViewActions.swipeDown()` on
    /// the collapsed sheet — fast from its top (+8.3 % of the view's height,
    /// Espresso's edge fuzz) to the view's bottom, below the screen: hidden.
    @Test(arguments: peekHeights, [true, false]) func swipeDownToHide(peek: Double, fitToContents: Bool) throws {
        let top = Self.top("collapsed", peek: peek)
        let samples = Self.swipe(from: min(top + 0.083 * Self.height, Self.height - 1), to: top + Self.height, duration: 0.1)
        let outcome = try Self.outcome(peek: peek, fitToContents: fitToContents, start: "collapsed", samples: samples)
        #expect(outcome.decision == .finish)
        #expect(outcome.detent == nil)
    }

    /// `testSwipeUpToExpand` (collapsed, `fitToContents`), `testCollapsedToExpanded`
    /// and `testHalfExpandedToExpanded` (without it): fast from the visible
    /// part's centre to the top of the screen: expanded.
    @Test(arguments: peekHeights, [("collapsed", true), ("collapsed", false), ("halfExpanded", false)])
    func swipeUpToExpand(peek: Double, from: (start: String, fitToContents: Bool)) throws {
        let top = Self.top(from.start, peek: peek)
        let samples = Self.swipe(from: (top + Self.height) / 2, to: 0, duration: 0.1)
        let outcome = try Self.outcome(peek: peek, fitToContents: from.fitToContents, start: from.start, samples: samples)
        #expect(outcome.decision == .cancel)
        #expect(outcome.detent == "expanded")
    }

    /// `testNestedScroll`: a slow swipe (1500 ms) from the screen's bottom edge
    /// to its top over the collapsed sheet's scrolling child, at offset 0:
    /// expanded — the sheet moves first (`scrollExpands`).
    @Test(arguments: peekHeights) func nestedScrollExpands(peek: Double) throws {
        let samples = Self.swipe(from: Self.height - 1, to: 1, duration: 1.5)
        var frames: [Frame] = []
        let trace = Trace(
            name: "mdc", width: Self.width, height: Self.height, scrollContent: Self.height + 1000,
            detents: Self.detents(peek: peek, fitToContents: true), startDetent: "collapsed", samples: samples)
        let outcome = Simulator.simulate(trace, under: try Preset.named("mdc-states").config, frames: &frames)
        #expect(outcome.detent == "expanded")
        #expect(frames.allSatisfy { $0.scrollOffset == 0 }, "the list is held while the sheet expands")
    }
}

import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// Compose Material 3's own instrumented test of `ModalBottomSheet`
/// (androidx, `compose/material3/material3/src/androidInstrumentedTest/kotlin/androidx/compose/material3/ModalBottomSheetTest.kt`,
/// the nested-scroll test that swipes an expanded full-height sheet down
/// twice), translated into pantrace traces under the `material3` preset
/// (docs/presets.md). Its assertions are restated here; none of its code is used.
///
/// Its geometry: a sheet that fills the screen (its content `fillMaxSize`,
/// `skipPartiallyExpanded = false`), so its anchors are expanded (the
/// screen's top), partially expanded (half the height) and hidden; the test
/// reads `top` and `bottom` of the sheet's node. Its harness:
/// `performTouchInput { swipeDown(startY, endY) }`, a straight swipe over the
/// default 200 ms — a down, moves at an even pace (taken every 10 ms here;
/// the outcome does not depend on it: the swipe is about 2000 dp/s against the
/// preset's 125) and the up at the end. Units: a 400 × 800 dp screen, 1 dp
/// taken as 1 pt. Not translated: the assertion that the scrolling content
/// stays at 0 (pantrace's list overscrolls with the sheet under
/// `offsetAtBegin`; the sheet's resting state, asserted too, is checked).
@Suite struct ComposeModalBottomSheetTests {
    static let height = 800.0

    static func swipeDown(from start: Double, to end: Double, startDetent: String) throws -> Outcome {
        var samples = [Sample(t: 0, x: 200, y: start, phase: .down)]
        for i in 1...20 { samples.append(Sample(t: Double(i) * 0.01, x: 200, y: start + (end - start) * Double(i) / 20, phase: .move)) }
        samples.append(Sample(t: 0.2, x: 200, y: end, phase: .up))
        let detents = [Detent(name: "PartiallyExpanded", height: 0.5), Detent(name: "Expanded", height: 1)]
        let trace = Trace(
            name: "compose", width: 400, height: height, scrollContent: 3 * height, detents: detents,
            startDetent: startDetent, samples: samples)
        return Simulator.simulate(trace, under: try Preset.named("material3").config)
    }

    @Test func twoSwipesDownGoPartiallyExpandedThenHidden() throws {
        // From expanded, top to half the height: released just below half, flung down: partially expanded.
        let first = try Self.swipeDown(from: 0, to: Self.height / 2, startDetent: "Expanded")
        #expect(first.decision == .cancel)
        #expect(first.detent == "PartiallyExpanded")
        // From partially expanded, half the height to the bottom: hidden.
        let second = try Self.swipeDown(from: Self.height / 2, to: Self.height, startDetent: "PartiallyExpanded")
        #expect(second.decision == .finish)
        #expect(second.detent == nil)
    }
}

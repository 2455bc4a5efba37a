import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// Flutter's own widget tests of the Material `BottomSheet`
/// (flutter/flutter, `packages/flutter/test/material/bottom_sheet_test.dart`:
/// "Swiping down a BottomSheet should dismiss it by default" and "Verify that
/// a downward fling dismisses a persistent BottomSheet"), translated into
/// pantrace traces under the `flutter-bottomsheet` preset (docs/presets.md).
/// Their assertions are restated here; none of their code is used.
///
/// Their geometry: the 800 × 600 logical px test surface (1 px taken as
/// 1 pt); the swiped sheet is a `SizedBox` 200 px tall, and its drag is
/// measured against that height (`_childHeight`), so the traces set
/// `extent: 200` (docs/presets.md, "A share of what"). Their harness
/// (`WidgetController`, as in ``FlutterSnapTests``): `drag` sends its events
/// at time 0 (velocity 0), the first move being the 20 px touch slop;
/// `fling(offset, speed)` sends 51 moves `distance/(50·speed)` s apart and the
/// up one interval later at the last place. Not translated: the tests of
/// taps, `enableDrag: false` (no pan) and of the animation's curve.
@Suite struct FlutterBottomSheetTests {
    static func config() throws -> Config {
        var config = try Preset.named("flutter-bottomsheet").config
        config.extent = 200
        return config
    }

    @Test func aSwipeDownOfThreeQuartersDismisses() throws {
        // Down on the sheet's text, 20 px of slop, then the rest of 150 px, all at time 0.
        let samples = [
            Sample(t: 0, x: 400, y: 500, phase: .down), Sample(t: 0, x: 400, y: 520, phase: .move),
            Sample(t: 0, x: 400, y: 650, phase: .move), Sample(t: 0, x: 400, y: 650, phase: .up),
        ]
        let trace = Trace(name: "swipe", width: 800, height: 600, samples: samples)
        let outcome = Simulator.simulate(trace, under: try Self.config())
        // Begins at the slop (18 ≤ 20): 130 of 200 px, 0.65 ≥ 0.5; no velocity.
        #expect(abs(outcome.percent - 0.65) < 1e-12)
        #expect(outcome.velocity == 0)
        #expect((outcome.decision, outcome.reason) == (.finish, .threshold))
        // Measured against the whole surface (extent auto, 600) it would stay: why the extent is the sheet's.
        #expect(Simulator.simulate(trace, under: try Preset.named("flutter-bottomsheet").config).decision == .cancel)
    }

    @Test func aDownwardFlingDismisses() throws {
        // 50 px at 2000 px/s: 51 moves 1 px and 0.5 ms apart.
        var samples = [Sample(t: 0, x: 400, y: 500, phase: .down)]
        for i in 0...50 { samples.append(Sample(t: Double(i) * 0.0005, x: 400, y: 500 + Double(i), phase: .move)) }
        samples.append(Sample(t: 51 * 0.0005, x: 400, y: 550, phase: .up))
        let outcome = Simulator.simulate(Trace(name: "fling", width: 800, height: 600, samples: samples), under: try Self.config())
        #expect(abs(outcome.velocity - 2000) < 1e-6)
        #expect((outcome.decision, outcome.reason) == (.finish, .flick))
    }
}

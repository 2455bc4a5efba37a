import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// Flutter's own widget tests of `DraggableScrollableSheet` with `snap: true`
/// (flutter/flutter, `packages/flutter/test/widgets/draggable_scrollable_sheet_test.dart`:
/// "Zero velocity drag snaps to nearest snap target", "Fling snaps in
/// direction of momentum", "Min and max are implicitly added to snapSizes",
/// "Setting snapSizes to … resolves to min and max"), translated into pantrace
/// traces under the `flutter-snap` preset (docs/presets.md). Their assertions
/// are restated here; none of their code is used.
///
/// Their geometry: the test surface is 800 × 600 logical px (1 px taken as
/// 1 pt); the sheet fills a `Stack` of that size, `minChildSize` 0.25,
/// `maxChildSize` 1, `initialChildSize` 0.5, its child a `ListView` of 100
/// items at offset 0. The snap sizes (min, `snapSizes`, max) are the
/// detents, as fractions of the 600 pt height; a sheet outside a modal bottom
/// sheet never closes: `dismissible: false`.
///
/// Their harness (`WidgetController`): `drag(finder, offset)` sends, all at
/// time 0, a down on the list item, a move of the touch slop (20 px) along
/// the drag, a move of the rest, and an up there — no time passes, so the
/// velocity is 0. `fling(finder, offset, speed)` sends a down, 51 moves from
/// the start to the end (`i/50` of the way, `i` = 0…50) each
/// `distance/(50·speed)` s apart, and an up one interval after the last, at
/// its place. Each step of a test starts from the size the step before left.
/// Flutter's drag starts where the slop was passed (`DragStartBehavior.start`),
/// as pantrace's origin does.
///
/// Not translated: the first drag of "Setting snapSizes to …" starts at the
/// initial size 0.5, which is not a snap size there; a pantrace sheet starts
/// at a detent (its second drag, from 1.0, is checked).
@Suite struct FlutterSnapTests {
    static let height = 600.0

    static func config() throws -> Config {
        var config = try Preset.named("flutter-snap").config
        config.dismissible = false
        return config
    }

    /// `tester.drag` by `dy` from the sheet at `size`: the finger 40 pt below the sheet's top.
    static func drag(_ dy: Double, from size: Double) -> [Sample] {
        let y = (1 - size) * height + 40
        let slop = dy < 0 ? -20.0 : 20.0
        return [
            Sample(t: 0, x: 400, y: y, phase: .down), Sample(t: 0, x: 400, y: y + slop, phase: .move),
            Sample(t: 0, x: 400, y: y + dy, phase: .move), Sample(t: 0, x: 400, y: y + dy, phase: .up),
        ]
    }

    /// `tester.fling` by `dy` at `speed` px/s from the sheet at `size`.
    static func fling(_ dy: Double, speed: Double, from size: Double) -> [Sample] {
        let y = (1 - size) * height + 40
        let interval = abs(dy) / (50 * speed)
        var samples = [Sample(t: 0, x: 400, y: y, phase: .down)]
        for i in 0...50 { samples.append(Sample(t: Double(i) * interval, x: 400, y: y + dy * Double(i) / 50, phase: .move)) }
        samples.append(Sample(t: 51 * interval, x: 400, y: y + dy, phase: .up))
        return samples
    }

    /// Where a gesture leaves a sheet with snap sizes `sizes` resting at `start`.
    static func rest(sizes: [Double], start: Double, samples: [Sample]) throws -> Double? {
        let detents = sizes.map { Detent(name: "\($0)", height: $0) }
        let trace = Trace(
            name: "snap", width: 800, height: height, scrollContent: 2000, detents: detents, startDetent: "\(start)",
            samples: samples)
        let outcome = Simulator.simulate(trace, under: try config())
        return outcome.detent.flatMap(Double.init)
    }

    @Test func zeroVelocityDragSnapsToNearest() throws {
        let sizes = [0.25, 0.5, 0.75, 1.0]
        // Dragging up, but closer to .75 than 1 (h 0.5 + 190/600).
        #expect(try Self.rest(sizes: sizes, start: 0.5, samples: Self.drag(-0.35 * Self.height, from: 0.5)) == 0.75)
        // Drag up and snap up (h 0.75 + 100/600).
        #expect(try Self.rest(sizes: sizes, start: 0.75, samples: Self.drag(-0.2 * Self.height, from: 0.75)) == 1.0)
        // Drag down and snap up (h 1 − 40/600).
        #expect(try Self.rest(sizes: sizes, start: 1.0, samples: Self.drag(0.1 * Self.height, from: 1.0)) == 1.0)
        // Drag down and snap down (h 1 − 250/600).
        #expect(try Self.rest(sizes: sizes, start: 1.0, samples: Self.drag(0.45 * Self.height, from: 1.0)) == 0.5)
        // A fling at 1 px/s: no fling (the velocity is 0 over samples 1.2 s apart); nearest.
        #expect(try Self.rest(sizes: sizes, start: 0.5, samples: Self.fling(0.1 * Self.height, speed: 1, from: 0.5)) == 0.5)
    }

    @Test func flingSnapsInTheDirectionOfMomentum() throws {
        let sizes = [0.25, 0.5, 0.75, 1.0]
        // Up 60 px at 1000 px/s from .5: released at 0.57, on to .75.
        #expect(try Self.rest(sizes: sizes, start: 0.5, samples: Self.fling(-0.1 * Self.height, speed: 1000, from: 0.5)) == 0.75)
        // Down 180 px at 1000 px/s from .75: released at 0.48, on to .25.
        #expect(try Self.rest(sizes: sizes, start: 0.75, samples: Self.fling(0.3 * Self.height, speed: 1000, from: 0.75)) == 0.25)
    }

    @Test func minAndMaxAreSnapSizes() throws {
        // snapSizes [.5]: .25, .5, 1.
        let sizes = [0.25, 0.5, 1.0]
        #expect(try Self.rest(sizes: sizes, start: 0.5, samples: Self.drag(-0.4 * Self.height, from: 0.5)) == 1.0)
        #expect(try Self.rest(sizes: sizes, start: 1.0, samples: Self.drag(0.7 * Self.height, from: 1.0)) == 0.25)
        // snapSizes null or empty: min and max alone; the drag down from max.
        #expect(try Self.rest(sizes: [0.25, 1.0], start: 1.0, samples: Self.drag(0.7 * Self.height, from: 1.0)) == 0.25)
    }
}

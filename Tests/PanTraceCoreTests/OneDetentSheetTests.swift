import PropertyBased
import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// The classic transition against the sheet rule of docs/model.md §4.10
/// with one detent at 1.0 (anchors dismissed and shown): where the two
/// sections give the same result, and the places where docs/model.md makes
/// them differ (docs/spec-readings.md "The transition is not quite a
/// one-detent sheet").
///
/// The geometry: a 400 × 800 container, `pull-to-dismiss` (axis y, +1), no
/// scroll view; the sheet is the same trace with `detents: [shown: 1.0]`,
/// starting at `shown`, so `H_s = 1`, `h = 1 − T/E` and the sheet's percent
/// is the transition's `T/E` as long as the finger never goes back above
/// the origin (§4.4 resets the origin there, §4.10 does not).
@Suite struct OneDetentSheetTests {
    static let shown = [Detent(name: "shown", height: 1.0)]

    /// `trace` as a sheet with the one detent `shown`, starting there.
    static func asSheet(_ trace: Trace) -> Trace {
        var sheet = trace
        sheet.detents = shown
        sheet.startDetent = "shown"
        return sheet
    }

    /// An arbitrary config under which docs/model.md reads the same keys for
    /// a transition and a one-detent sheet: pull-to-dismiss, dismissible,
    /// no step, steps counted from the start, and a threshold `0 < T ≤ 1`.
    /// `remaining` with a reverse flick is left to ``reverseFlickDistance()``.
    static func config(_ bits: UInt64) -> Config {
        var random = SeededRandom(seed: bits)
        var config = Config()
        config.touchSlop = random.chance(0.2) ? 0 : random.uniform(1...30)
        config.extent = random.chance(0.3) ? random.uniform(50...900) : nil
        config.decision = DecisionRule.allCases[random.int(0...(DecisionRule.allCases.count - 1))]
        config.thresholdUnit = random.chance(0.3) ? .points : .fraction
        config.threshold = config.thresholdUnit == .fraction ? random.uniform(0.05...1) : random.uniform(5...50)
        config.flickVelocity = random.uniform(100...3000)
        config.flickVelocityUnit = FlickVelocityUnit.allCases[random.int(0...(FlickVelocityUnit.allCases.count - 1))]
        if config.flickVelocityUnit != .points { config.flickVelocity = random.uniform(0.2...4) }
        config.reverseFlick = config.flickVelocityUnit != .remaining && random.chance(0.5)
        config.decelerationRate = random.uniform(0.9...0.999)
        config.lookahead = random.uniform(0.05...0.5)
        config.maxSteps = random.int(0...2)
        config.velocityEstimator = VelocityEstimator.allCases[random.int(0...(VelocityEstimator.allCases.count - 1))]
        config.guarded = random.chance(0.2)
        config.duration = random.uniform(0.1...1)
        config.completionSpeed = random.uniform(0.5...3)
        config.curve = Curve.allCases[random.int(0...3)]
        return config
    }

    /// True when the finger went back above the transition's origin after it
    /// started, where §4.4 resets the origin and §4.10 does not.
    static func goesAboveOrigin(_ trace: Trace, start: Int) -> Bool {
        let origin = trace.samples[start].y
        return trace.samples[start...].contains { $0.phase != .cancel && $0.y < origin }
    }

    /// Outside the places docs/model.md makes them differ, the transition and
    /// the one-detent sheet give the same decision, reason, numbers and
    /// staleness, for every rule and estimator.
    @Test func aTransitionDecidesAsAOneDetentSheet() async {
        await propertyCheck(count: 600, input: Gen<UInt64>.uint64(), Gen.int(in: 0...5_000), Gen<UInt64>.uint64()) {
            seed, index, configBits in
            var trace = SyntheticCorpus(seed: seed).trace(at: index)
            (trace.width, trace.height, trace.scrollContent, trace.scrollOffset) = (400, 800, 0, 0)
            let config = Self.config(configBits)
            let plain = Simulator.simulate(trace, under: config)
            var frames: [Frame] = []
            let sheet = Simulator.simulate(Self.asSheet(trace), under: config, frames: &frames)
            if let start = plain.startSeq, Self.goesAboveOrigin(trace, start: start) { return }
            // Released past dismissal: §4.4 clamps the percent the rule reads to 1, §4.10 does not.
            if let height = frames.last?.height, height < 0 { return }
            #expect(sheet.decision == plain.decision)
            #expect(sheet.reason == plain.reason)
            #expect(sheet.attempted == plain.attempted)
            #expect(sheet.stale == plain.stale)
            #expect(sheet.startSeq == plain.startSeq && sheet.beganSeq == plain.beganSeq)
            #expect(sheet.velocity == plain.velocity && sheet.rest == plain.rest)
            #expect(abs(sheet.percent - plain.percent) < 1e-12)
            #expect(abs(sheet.peakPercent - plain.peakPercent) < 1e-12)
            #expect(abs(sheet.settle - plain.settle) < 1e-9)
            #expect(abs(sheet.trackingError - plain.trackingError) < 1e-6)
            #expect((sheet.projected == nil) == (plain.projected == nil))
            if let a = sheet.projected, let b = plain.projected { #expect(abs(a - b) < 1e-9) }
            // Where the sheet rests names the one detent unless it was dismissed.
            #expect(sheet.detent == (sheet.decision == .finish ? nil : "shown"))
        }
    }

    // MARK: Where docs/model.md makes them differ

    /// Example 2's samples (docs/model.md §4.9): a drag of 90 pt in ten
    /// moves of 10 pt every 8 ms from y = 100, up at the last place;
    /// `T = 90`, `p = 0.1125`, velocity 1250 pt/s.
    static var example2: Trace { WorkedExamples.example2 }

    /// §4.4 resets the origin when the finger goes back above it; §4.10 does
    /// not (the sheet is dragged up past its detent). Down 40, up 60, down
    /// 30 from the origin: the transition's percent is 30/800, the sheet's 0.
    @Test func theOriginResetsOnlyForTheTransition() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.05, y: 120)  // begins: 20 ≥ 10, origin 120
        builder.move(t: 0.10, y: 160)
        builder.move(t: 0.20, y: 100)  // 20 above the origin: §4.4's origin becomes 100
        builder.move(t: 0.30, y: 130)
        builder.up(after: 0.2)
        let plain = Simulator.simulate(builder.trace, under: Config())
        let sheet = Simulator.simulate(Self.asSheet(builder.trace), under: Config())
        #expect(abs(plain.percent - 30.0 / 800) < 1e-12)
        #expect(abs(sheet.percent - 10.0 / 800) < 1e-12)
    }

    /// `remaining` with a reverse flick: §4.6's flick speed is the distance
    /// to dismissal in both directions; §4.10's is the distance to the next
    /// anchor the velocity heads for. Down from y = 100 to 290 and back to
    /// 190 in steps of 10 pt every 8 ms (origin 110): released at `p` 0.1
    /// moving up, with `flickVelocity: 5.5`: §4.6's `F` is 5.5 · 0.9 · 800
    /// = 3960 (no reverse flick, `cancel`/`belowThreshold`), §4.10's is
    /// 5.5 · 0.1 · 800 = 440 (`cancel`/`reverseFlick`).
    @Test func reverseFlickDistance() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 290, steps: 19, interval: 0.008)
        builder.moves(toY: 190, steps: 10, interval: 0.008)
        builder.up()
        let config = Config.with {
            $0.decision = .velocity
            $0.flickVelocity = 5.5
            $0.flickVelocityUnit = .remaining
            $0.reverseFlick = true
        }
        let plain = Simulator.simulate(builder.trace, under: config)
        let sheet = Simulator.simulate(Self.asSheet(builder.trace), under: config)
        #expect(plain.velocity < -440 && plain.velocity > -3960)
        #expect((plain.decision, plain.reason) == (.cancel, .belowThreshold))
        #expect((sheet.decision, sheet.reason) == (.cancel, .reverseFlick))
    }

    /// A threshold in points beyond the extent (`T > 1`): §4.6 compares
    /// the projection with `T`; §4.10 takes a projection past dismissal
    /// (`x ≤ a_0`) to dismissal whatever the threshold. Example 2 under
    /// `lookahead` 1.5 s projects to `0.1125 + 1250 · 1.5 / 800 = 2.45625`.
    @Test func aThresholdBeyondTheExtent() {
        let config = Config.with {
            $0.decision = .lookahead
            $0.lookahead = 1.5
            $0.threshold = 1000
            $0.thresholdUnit = .points
        }
        let plain = Simulator.simulate(Self.example2, under: config)
        let sheet = Simulator.simulate(Self.asSheet(Self.example2), under: config)
        // 0.1125 + 1250 · 1.5 / 800 = 2.45625 ≥ 1.25: both finish here …
        #expect(plain.decision == .finish && sheet.decision == .finish)
        // … and with 2,000 points (`T` 2.5) only the sheet does.
        var far = config
        far.threshold = 2000
        #expect(Simulator.simulate(Self.example2, under: far).decision == .cancel)
        #expect(Simulator.simulate(Self.asSheet(Self.example2), under: far).decision == .finish)
    }

    /// Released past dismissal (`T > E`): §4.6 decides on the percent,
    /// clamped to 1; §4.10 on the raw height, below 0. With `extent: 500`,
    /// down from y = 100 to 800 and back up to 700 in steps of 10 pt every
    /// 8 ms (origin 110, `T` 590 at the lift, so `h = −0.18`), `lastSegment`
    /// velocity −1250 pt/s, `lookahead` 0.3 s (travel −0.75): the transition
    /// projects `1 − 0.75 = 0.25`, the sheet `x = −0.18 + 0.75 = 0.57`,
    /// projected 0.43; at threshold 0.4 only the sheet finishes.
    @Test func releasedPastDismissal() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 800, steps: 70, interval: 0.008)
        builder.moves(toY: 700, steps: 10, interval: 0.008)
        builder.up()
        let config = Config.with {
            $0.extent = 500
            $0.decision = .lookahead
            $0.velocityEstimator = .lastSegment
        }
        let plain = Simulator.simulate(builder.trace, under: config)
        let sheet = Simulator.simulate(Self.asSheet(builder.trace), under: config)
        #expect(plain.percent == 1 && sheet.percent == 1)
        #expect(abs(plain.velocity + 1250) < 1e-6)
        #expect(abs(plain.projected! - 0.25) < 1e-9 && abs(sheet.projected! - 0.43) < 1e-9)
        #expect((plain.decision, sheet.decision) == (.cancel, .finish))
    }

    /// A threshold of 0: §4.6 finishes every lift (`p ≥ 0`); §4.10 keeps a
    /// sheet released at or above its detent where it is (`h ≥ a_n`).
    @Test func aThresholdOfZero() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.move(t: 0.05, y: 120)
        builder.up(after: 0.1)
        let config = Config.with { $0.threshold = 0 }
        #expect(Simulator.simulate(builder.trace, under: config).decision == .finish)
        #expect(Simulator.simulate(Self.asSheet(builder.trace), under: config).decision == .cancel)
    }

    /// `stepVelocity` and `stepOrigin: release` are read for a sheet and
    /// inert for a transition (docs/configs.md: "detents only"): example 2
    /// under `uikit-sheet`'s projection (0.99, threshold 0.5) projects to 0.26719
    /// (`cancel`); with `stepVelocity: 1000` the sheet's nearest anchor is
    /// its detent, the finger is below it moving down, so it steps to dismissal.
    @Test func stepsAreTheSheetsAlone() {
        let config = Config.with {
            $0.decision = .projection
            $0.decelerationRate = 0.99
            $0.threshold = 0.5
            $0.stepVelocity = 1000
        }
        let plain = Simulator.simulate(Self.example2, under: config)
        let sheet = Simulator.simulate(Self.asSheet(Self.example2), under: config)
        #expect((plain.decision, plain.reason) == (.cancel, .belowThreshold))
        #expect((sheet.decision, sheet.reason) == (.finish, .step))
    }
}

import PanTraceModel

/// Everything a family decides about one trace before it is sampled: the
/// finger's path, the screen, the scroll view, the touch clock and the noise.
struct SyntheticGesture: Sendable {
    var device: SyntheticDevice
    var path: FingerPath
    var intent: Intent?
    /// The sheet's detents (docs/model.md §4.10), for the sheet families.
    var detents: [Detent]? = nil
    /// The detent the sheet starts at, with ``detents``.
    var startDetent: String? = nil
    /// Touch events per second: 60 or 120.
    var hz: Int
    var scrollOffset: Double = 0
    var scrollContent: Double = 0
    /// Standard deviation of the finger's positional noise, in points.
    var tremor: Double = 0.15
    /// Standard deviation of the timestamp jitter, in microseconds.
    var jitterMicros: Double = 300
    /// Probability that a frame's touch event is missing (coalesced or dropped).
    var dropChance: Double = 0.02
    /// `.up` (a lift) or `.cancel` (the system took the touch).
    var ending: Phase = .up
    /// True when the finger moves on the way up: the lift is a position sample (docs/model.md §4.1).
    var liftMoves: Bool = false
    /// A second finger: touches 2 from sample `from` (0 = the `down`) for `count` samples.
    var secondFinger: (from: Int, count: Int)? = nil

    /// A gesture with no movement yet on `device`, at a freshly picked rate and noise.
    init(device: SyntheticDevice, random: inout SeededRandom) {
        self.device = device
        path = FingerPath(x: device.width / 2, y: device.height / 2)
        hz = device.pickRate(&random)
        tremor = random.uniform(0.08...0.3)
        jitterMicros = random.uniform(150...600)
    }

    /// Puts the finger down at (`x`, `y`), forgetting any strokes.
    mutating func touchDown(x: Double, y: Double) {
        path = FingerPath(x: x, y: y)
    }

    /// Adds the brief press most gestures start with: the finger lands and
    /// settles before moving.
    mutating func press(_ random: inout SeededRandom, seconds: ClosedRange<Double> = 0.02...0.12) {
        path.append(.rest(random.uniform(seconds)))
    }

    /// The container length along the pull-to-dismiss axis.
    var height: Double { device.height }
    var width: Double { device.width }

    /// Gives the gesture a scroll view at the top (offset 0) with content
    /// 1.5–8 screens long.
    mutating func attachScrollViewAtTop(_ random: inout SeededRandom) {
        scrollOffset = 0
        scrollContent = (height * random.uniform(1.5...8)).rounded()
    }

    /// For the families that are not about scrolling: no scroll view (65 %)
    /// or one scrolled to the top (35 %), which the default gating lets through.
    mutating func attachOptionalScrollView(_ random: inout SeededRandom) {
        if random.chance(0.35) { attachScrollViewAtTop(&random) }
    }

    /// A start height that leaves room for a downward travel of `travel` points,
    /// between 6 % of the height and 4 % above the bottom.
    func startY(forTravel travel: Double, _ random: inout SeededRandom) -> Double {
        let low = height * 0.06
        let high = max(low, height * 0.96 - travel)
        return random.uniform(low...high)
    }
}

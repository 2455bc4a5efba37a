import PanTraceModel

/// A trace as one straight drag at a constant speed, as XCUITest's
/// `press(forDuration:thenDragTo:withVelocity:thenHoldForDuration:)` performs
/// it (docs/device.md): pressed at the `down` place for 0.05 s, dragged to the
/// release place at `speed`, held there for `hold`, then lifted.
///
/// ```swift
/// let outcome = Simulator.simulate(trace, under: config)
/// let drag = StraightDrag(trace, velocity: outcome.velocity, interaction: config.interaction)
/// drag.speed        // S = max(1, |v| · L / |Δq|), points per second
/// drag.performed    // the trace as the drag performs it, for the re-simulation
/// ```
public struct StraightDrag: Sendable {
    /// How long the finger presses before it drags, in seconds.
    public static let pressDuration = 0.05
    /// The re-simulation's touch rate: a move every 1/120 s along the line.
    public static let movesPerSecond = 120.0
    /// The most moves of the re-simulation's grid: a drag of more than 2.3 hours
    /// (a slow speed over a huge screen) jumps from the last of them to its end.
    public static let maximumGridMoves = 1_000_000.0

    /// The `down` place, in points.
    public var start: (x: Double, y: Double)
    /// The release place (the last position sample's), in points.
    public var end: (x: Double, y: Double)
    /// The drag's length `L`, in points.
    public var length: Double
    /// The speed `S`, in points per second (at least 1).
    public var speed: Double
    /// The time held still at the end before the lift, in seconds: the
    /// trace's rest when its `up` did not move, else 0; 0 for a `cancel`.
    public var hold: Double
    /// True when the trace ends with a `cancel` rather than a lift.
    public var cancels: Bool
    /// The `down` sample's `touches`.
    public var touches: Int

    /// The drag of `trace`, whose release velocity under the export's config is
    /// `velocity` (points per second along `interaction`'s axis).
    ///
    /// `S = max(1, |v| · L / |Δq|)` so that the speed along the axis is `|v|`;
    /// when `v`, `Δq` or `L` is 0, `S = max(1, L / max(t_release − t_down, 0.001))`.
    public init(_ trace: Trace, velocity: Double, interaction: Interaction) {
        let samples = trace.samples
        let first = samples.first ?? Sample(t: 0, x: 0, y: 0, phase: .down)
        var release = first
        var lastMoveTime = first.t
        var hold = 0.0
        var cancels = false
        for index in samples.indices.dropFirst() {
            let sample = samples[index]
            let previous = samples[index - 1]
            switch sample.phase {
            case .down, .move:
                release = sample
                lastMoveTime = sample.t
            case .up:
                // docs/model.md §4.1: an up that moved is the last position sample.
                if sample.x != previous.x || sample.y != previous.y {
                    release = sample
                } else {
                    hold = sample.t - lastMoveTime
                }
            case .cancel:
                cancels = true
            }
        }
        start = (first.x, first.y)
        end = (release.x, release.y)
        let dx = release.x - first.x
        let dy = release.y - first.y
        length = (dx * dx + dy * dy).squareRoot()
        let alongAxis = abs(interaction.isHorizontal ? dx : dy)
        if velocity != 0, alongAxis != 0, length != 0 {
            speed = max(1, abs(velocity) * length / alongAxis)
        } else {
            speed = max(1, length / max(release.t - first.t, 0.001))
        }
        if !speed.isFinite { speed = Double.greatestFiniteMagnitude }
        self.hold = cancels ? 0 : max(0, hold)
        self.cancels = cancels
        touches = first.touches
    }

    /// The time the drag reaches the release place: `0.05 + L / S`.
    public var endTime: Double { Self.pressDuration + length / speed }

    /// The trace as the drag performs it, with `trace`'s screen (docs/device.md
    /// "Faithful or not"): the `down` at t = 0 with one finger (`touches` 1:
    /// a second finger is something a drag cannot replay),
    /// moves along the line at t = 0.05 + k/120 while before the end, one at
    /// the end, then the `up` (or the `cancel`) after the hold; a drag of
    /// length 0 is the `down` and the lift.
    public func performed(from trace: Trace) -> Trace {
        var performed = trace
        performed.samples.removeAll(keepingCapacity: true)
        performed.samples.append(Sample(t: 0, x: start.x, y: start.y, phase: .down, touches: 1))
        let end = endTime
        if length > 0 {
            let dx = self.end.x - start.x
            let dy = self.end.y - start.y
            var k = 1.0
            while true {
                let t = Self.pressDuration + k / Self.movesPerSecond
                guard t < end - 1e-6, k <= Self.maximumGridMoves else { break }
                let along = speed * (t - Self.pressDuration) / length
                performed.samples.append(Sample(t: t, x: start.x + dx * along, y: start.y + dy * along, phase: .move))
                k += 1
            }
            performed.samples.append(Sample(t: end, x: self.end.x, y: self.end.y, phase: .move))
        }
        performed.samples.append(Sample(t: end + hold, x: self.end.x, y: self.end.y, phase: cancels ? .cancel : .up))
        return performed
    }
}

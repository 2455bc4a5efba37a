import PanTraceCore

/// One touch event as an app sees it, before it becomes a trace sample (SPEC 9).
///
/// `t` is in seconds on any monotonic clock (for example `UITouch.timestamp`,
/// seconds since boot); the recorder makes it relative to the gesture's
/// `down`. `x` and `y` are in the container view's coordinates, in points.
/// `touches` is the number of fingers down, counting one that lifts in an
/// `up`.
public struct TouchEvent: Equatable, Sendable {
    /// Seconds on the caller's monotonic clock.
    public var t: Double
    /// Points in the container's coordinate space.
    public var x: Double
    /// Points in the container's coordinate space.
    public var y: Double
    /// `down`, `move`, `up` or `cancel`.
    public var phase: Phase
    /// Fingers down; a value below 1 is recorded as 1.
    public var touches: Int

    /// An event at time `t` and place (`x`, `y`).
    public init(t: Double, x: Double, y: Double, phase: Phase, touches: Int = 1) {
        self.t = t
        self.x = x
        self.y = y
        self.phase = phase
        self.touches = touches
    }
}

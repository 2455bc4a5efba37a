/// The phase of one touch event (docs/model.md §3).
///
/// The raw values are the words of the trace format and of the `sample.phase`
/// column, one spelling everywhere.
public enum Phase: String, Sendable, CaseIterable, Hashable {
    case down, move, up, cancel
}

/// One touch event of a trace: time, location, phase and number of fingers down.
public struct Sample: Equatable, Hashable, Sendable {
    /// Seconds; never decreasing within a trace.
    public var t: Double
    /// Points in the container's coordinate space.
    public var x: Double
    /// Points in the container's coordinate space.
    public var y: Double
    public var phase: Phase
    /// Fingers down; at least 1.
    public var touches: Int

    public init(t: Double, x: Double, y: Double, phase: Phase, touches: Int = 1) {
        self.t = t
        self.x = x
        self.y = y
        self.phase = phase
        self.touches = touches
    }
}

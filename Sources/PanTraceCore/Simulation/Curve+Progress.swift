import PanTraceModel

extension Curve {
    /// The cubic Bézier's control points (x1, y1, x2, y2), from (0,0) to (1,1) (docs/model.md §4.8).
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
        switch self {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInOut: (0.42, 0, 0.58, 1)
        }
    }

    /// How far the view has moved, as a fraction, when the animation is
    /// `progress` of the way through its time: `y(s)` where `x(s) = progress`.
    public func progress(_ progress: Double) -> Double {
        if self == .linear { return progress }
        let p = min(1, max(0, progress))
        let c = controlPoints
        // Solve x(s) = p by Newton's method, safeguarded by bisection: x is
        // monotonic on [0, 1] for control x values in [0, 1].
        var low = 0.0
        var high = 1.0
        var s = p
        for _ in 0..<64 {
            let x = Self.bezier(s, c.x1, c.x2) - p
            if abs(x) < 1e-15 { break }
            if x > 0 { high = s } else { low = s }
            let slope = Self.bezierSlope(s, c.x1, c.x2)
            var next = slope > 1e-12 ? s - x / slope : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == s { break }
            s = next
        }
        return Self.bezier(s, c.y1, c.y2)
    }

    /// One coordinate of the Bézier with end points 0 and 1.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    static func bezierSlope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}

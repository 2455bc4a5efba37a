import PanTraceModel

/// One continuous movement of a finger: a displacement over a duration with a
/// velocity profile.
///
/// The profile is the cubic Hermite curve from 0 to 1 with end slopes
/// `startSpeed` and `endSpeed`, in units of the stroke's mean speed:
/// (0, 0) is a smooth ease-in-out (smoothstep), (0, 2) a constant
/// acceleration (a flick: s²), (1, 1) a uniform glide. It is monotonic for
/// slopes in [0, 3], so the finger never overshoots. A `bend` bows the path
/// sideways (parabolically, most at the middle) like a real thumb's arc.
struct FingerStroke: Sendable {
    var duration: Double
    var dx: Double
    var dy: Double
    var startSpeed: Double = 0
    var endSpeed: Double = 0
    var bendX: Double = 0
    var bendY: Double = 0

    /// A finger resting in place for `duration` seconds.
    static func rest(_ duration: Double) -> FingerStroke {
        FingerStroke(duration: duration, dx: 0, dy: 0)
    }

    /// The offset from the stroke's start at `fraction` ∈ [0, 1] of its duration.
    func offset(at fraction: Double) -> (x: Double, y: Double) {
        let s = fraction
        let s2 = s * s
        let s3 = s2 * s
        // Hermite basis: h01 for the end point, h10/h11 for the end slopes.
        let progress = (3 * s2 - 2 * s3) + startSpeed * (s3 - 2 * s2 + s) + endSpeed * (s3 - s2)
        let bow = 4 * s * (1 - s)
        return (dx * progress + bendX * bow, dy * progress + bendY * bow)
    }

    /// The velocity (points per second) at the stroke's end.
    var endVelocity: (x: Double, y: Double) {
        guard duration > 0 else { return (0, 0) }
        // d/ds of the bow at s = 1 is −4.
        return ((dx * endSpeed - 4 * bendX) / duration, (dy * endSpeed - 4 * bendY) / duration)
    }
}

/// The finger's planned trajectory: a start point and consecutive strokes.
///
/// `position(at:)` is pure `Double` polynomial arithmetic, so sampling it is
/// reproducible bit for bit on every machine.
struct FingerPath: Sendable {
    var startX: Double
    var startY: Double
    private(set) var strokes: [FingerStroke] = []
    private(set) var duration: Double = 0
    private var endX: Double
    private var endY: Double

    init(x: Double, y: Double) {
        startX = x
        startY = y
        endX = x
        endY = y
    }

    /// Where the finger is after all the strokes so far.
    var end: (x: Double, y: Double) { (endX, endY) }

    /// Appends `stroke` after the previous ones.
    mutating func append(_ stroke: FingerStroke) {
        strokes.append(stroke)
        duration += stroke.duration
        endX += stroke.dx
        endY += stroke.dy
    }

    /// The finger's location `time` seconds after touch-down.
    ///
    /// Past the end, the finger keeps its final velocity (a finger that lifts
    /// while moving has travelled a little further when it leaves the glass).
    func position(at time: Double) -> (x: Double, y: Double) {
        var x = startX
        var y = startY
        var elapsed = 0.0
        for stroke in strokes {
            if time < elapsed + stroke.duration, stroke.duration > 0 {
                let offset = stroke.offset(at: max(0, time - elapsed) / stroke.duration)
                return (x + offset.x, y + offset.y)
            }
            elapsed += stroke.duration
            x += stroke.dx
            y += stroke.dy
        }
        guard let last = strokes.last, time > elapsed else { return (x, y) }
        let velocity = last.endVelocity
        return (x + velocity.x * (time - elapsed), y + velocity.y * (time - elapsed))
    }
}

import PanTraceModel

/// One touch event as an app sees it: a `Sample` whose time is still on
/// the app's clock (docs/capture.md).
///
/// `t` is in seconds on any monotonic clock (for example `UITouch.timestamp`,
/// seconds since boot); the recorder makes it relative to the gesture's
/// `down`. `x` and `y` are in the container view's coordinates, in points.
/// `touches` is the number of fingers down, counting one that lifts in an
/// `up`; the recorder writes a value below 1 as 1.
public typealias TouchEvent = Sample

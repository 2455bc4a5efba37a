import PanTraceModel

/// A trace as one finger's W3C WebDriver actions (docs/device.md): what
/// Appium's XCUITest and UiAutomator2 drivers perform, with every time rounded
/// to the millisecond.
///
/// ```swift
/// let exported = PointerActions(trace)
/// exported.actions      // [.move(x: 200, y: 300, duration: 0), .down, .move(…), …, .up]
/// exported.performed    // the trace as the device gets it: rounded times, one finger
/// ```
public struct PointerActions: Sendable {
    /// The actions in order: the move to the `down` place, `pointerDown`, a
    /// move per later position sample, then the lift or the cancel.
    public private(set) var actions: [PointerAction] = []
    /// The trace as the actions perform it (docs/device.md "Faithful or not"):
    /// the same samples with their times rounded to the millisecond and one
    /// finger (`touches` 1) throughout.
    public private(set) var performed: Trace

    /// The actions of `trace`.
    public init(_ trace: Trace) {
        performed = trace
        performed.name = trace.name
        actions.reserveCapacity(trace.samples.count + 3)
        var previous: (ms: Int, x: Double, y: Double)?
        for index in trace.samples.indices {
            let sample = trace.samples[index]
            let ms = Self.milliseconds(sample.t)
            performed.samples[index].t = Double(ms) / 1000
            performed.samples[index].touches = 1
            guard let before = previous else {
                actions.append(.move(x: sample.x, y: sample.y, duration: 0))
                actions.append(.down)
                previous = (ms, sample.x, sample.y)
                continue
            }
            let duration = ms &- before.ms
            switch sample.phase {
            case .down, .move:
                actions.append(.move(x: sample.x, y: sample.y, duration: duration))
            case .up:
                // docs/model.md §4.1: an up that moved is a position sample; one at the place before is only the lift.
                if sample.x != before.x || sample.y != before.y {
                    actions.append(.move(x: sample.x, y: sample.y, duration: duration))
                } else if duration != 0 {
                    actions.append(.pause(duration: duration))
                }
                actions.append(.up)
            case .cancel:
                actions.append(.pause(duration: duration))
                actions.append(.cancel)
            }
            previous = (ms, sample.x, sample.y)
        }
    }

    /// `round(t · 1000)`, half away from zero, in whole milliseconds.
    ///
    /// Each time is rounded on its own and a duration is the difference of
    /// two rounded times, so no rounding error accumulates along a trace. A
    /// time past ±2⁵³ ms (some 285,000 years) is held there.
    public static func milliseconds(_ t: Double) -> Int {
        let rounded = (t * 1000).rounded(.toNearestOrAwayFromZero)
        let limit = 9_007_199_254_740_992.0
        guard rounded.isFinite else { return rounded > 0 ? Int(limit) : -Int(limit) }
        return Int(min(max(rounded, -limit), limit))
    }
}

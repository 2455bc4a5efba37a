import PanTraceModel

/// Turns the per-touch callbacks of a gesture recognizer into one
/// ``TouchEvent`` per callback: the centroid of the touches down, as
/// `UIPanGestureRecognizer` reports `location(in:)` (docs/capture.md).
///
/// This is the UIKit adapter's logic, kept free of UIKit so it is tested on
/// every platform. `Key` identifies a touch across callbacks
/// (`ObjectIdentifier` of a `UITouch`). For each callback:
/// - `began` with no touch down: `down` at the new touches' centroid; with
///   touches already down (a second finger): `move` at the centroid of all.
/// - `moved`: `move` at the centroid of all touches down.
/// - `ended` / `cancelled` of the last touches down: `up` / `cancel` at
///   their centroid, counting them; of only some: `move` at the centroid of
///   those that stay, counting those.
///
/// Touches the tracker does not know (in `moved`, `ended`) are ignored, and a
/// callback that leaves nothing to report gives `nil`. Only each callback's
/// touches are read, never coalesced ones: one sample per touch event.
public struct TouchTracker<Key: Hashable> {
    /// What a recognizer callback reports (`touchesBegan`, `touchesMoved` …).
    public enum Change: Sendable {
        /// `touchesBegan`: touches came down.
        case began
        /// `touchesMoved`: touches moved.
        case moved
        /// `touchesEnded`: touches lifted.
        case ended
        /// `touchesCancelled`: the system took the touches away.
        case cancelled
    }

    /// One touch in a callback: its identity and its place in the container, in points.
    public struct Touch {
        /// The touch's identity across callbacks.
        public var key: Key
        /// Points in the container's coordinate space.
        public var x: Double
        /// Points in the container's coordinate space.
        public var y: Double

        /// A touch at (`x`, `y`).
        public init(key: Key, x: Double, y: Double) {
            self.key = key
            self.x = x
            self.y = y
        }
    }

    /// The touches down, in the order they came down (a fixed order keeps
    /// the centroid's rounding the same every time).
    private var down: [Touch] = []

    /// No touch down.
    public init() {}

    /// True when no touch is down: the recognizer may fail and reset.
    public var isEmpty: Bool { down.isEmpty }

    /// The number of touches down.
    public var count: Int { down.count }

    /// Applies one callback at time `t` and returns the event to record, if any.
    public mutating func update(_ change: Change, touches: [Touch], t: Double) -> TouchEvent? {
        switch change {
        case .began:
            let wasEmpty = down.isEmpty
            for touch in touches where !down.contains(where: { $0.key == touch.key }) { down.append(touch) }
            guard !down.isEmpty else { return nil }
            return event(at: t, phase: wasEmpty ? .down : .move, of: down)
        case .moved:
            guard moveKnown(touches) else { return nil }
            return event(at: t, phase: .move, of: down)
        case .ended, .cancelled:
            guard moveKnown(touches) else { return nil }
            let lifting = down.filter { touch in touches.contains { $0.key == touch.key } }
            down.removeAll { touch in touches.contains { $0.key == touch.key } }
            if down.isEmpty {
                return event(at: t, phase: change == .ended ? .up : .cancel, of: lifting)
            }
            return event(at: t, phase: .move, of: down)
        }
    }

    /// Forgets every touch (the recognizer's `reset()`).
    public mutating func reset() { down.removeAll() }

    /// Updates the places of the known touches among `touches`; false when none is known.
    private mutating func moveKnown(_ touches: [Touch]) -> Bool {
        var known = false
        for touch in touches {
            guard let index = down.firstIndex(where: { $0.key == touch.key }) else { continue }
            down[index] = touch
            known = true
        }
        return known
    }

    private func event(at t: Double, phase: Phase, of touches: [Touch]) -> TouchEvent {
        let count = Double(touches.count)
        let x = touches.reduce(0) { $0 + $1.x } / count
        let y = touches.reduce(0) { $0 + $1.y } / count
        return TouchEvent(t: t, x: x, y: y, phase: phase, touches: touches.count)
    }
}

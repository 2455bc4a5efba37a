import PanTraceModel

/// One action of a W3C WebDriver pointer input source, as `export actions`
/// writes it (docs/device.md).
public enum PointerAction: Equatable, Hashable, Sendable {
    /// `pointerMove` to (`x`, `y`) in points of the viewport, over `duration` milliseconds.
    case move(x: Double, y: Double, duration: Int)
    /// `pointerDown`, button 0.
    case down
    /// `pointerUp`, button 0.
    case up
    /// `pause` of `duration` milliseconds.
    case pause(duration: Int)
    /// `pointerCancel`.
    case cancel
}

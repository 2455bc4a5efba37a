/// The screen a gesture happened on, read once at its `down` (docs/model.md §3, docs/capture.md).
///
/// `width` and `height` are the container view's size in points.
/// `scroll` is the embedded scroll view's state along the interaction's axis,
/// ``ScrollState/none`` when the container has no scroll view.
public struct CaptureScreen: Equatable, Sendable {
    /// The container's width in points.
    public var width: Double
    /// The container's height in points.
    public var height: Double
    /// The scroll view's offset and content length along the interaction's axis.
    public var scroll: ScrollState

    /// A container of `width` × `height` points holding a scroll view in state `scroll`.
    public init(width: Double, height: Double, scroll: ScrollState = .none) {
        self.width = width
        self.height = height
        self.scroll = scroll
    }

    /// True when the trace format accepts these values: a finite size above 0,
    /// a finite offset (any sign) and a finite content length ≥ 0 (docs/model.md §3).
    var isValid: Bool {
        width.isFinite && width > 0 && height.isFinite && height > 0
            && scroll.offset.isFinite && scroll.content.isFinite && scroll.content >= 0
    }
}

import PanTraceModel

/// The screen a gesture happened on, read once at its `down` (docs/model.md §3, docs/capture.md).
///
/// `width` and `height` are the container view's size in points.
/// `scroll` is the embedded scroll view's state along the interaction's axis,
/// ``ScrollState/none`` when the container has no scroll view. `sheet` is,
/// for a sheet that rests at detents, their heights and the one it rests at
/// (docs/model.md §4.10), ``SheetState/none`` otherwise.
public struct CaptureScreen: Equatable, Sendable {
    /// The container's width in points.
    public var width: Double
    /// The container's height in points.
    public var height: Double
    /// The scroll view's offset and content length along the interaction's axis.
    public var scroll: ScrollState
    /// The sheet's detents and the one it rests at; ``SheetState/none`` without detents.
    public var sheet: SheetState

    /// A container of `width` × `height` points holding a scroll view in
    /// state `scroll`, a sheet resting at `sheet`'s start detent.
    public init(width: Double, height: Double, scroll: ScrollState = .none, sheet: SheetState = .none) {
        self.width = width
        self.height = height
        self.scroll = scroll
        self.sheet = sheet
    }

    /// The detents, as the trace's `detents` (`nil` without).
    public var detents: [Detent]? { sheet.detents.isEmpty ? nil : sheet.detents }
    /// The start detent's name, as the trace's `detent` (`nil` without detents).
    public var startDetent: String? { sheet.startName }

    /// True when the trace format accepts these values: a finite size above 0,
    /// a finite offset (any sign), a finite content length ≥ 0, and detents
    /// that keep docs/model.md §3's rules with a start among them.
    var isValid: Bool {
        width.isFinite && width > 0 && height.isFinite && height > 0
            && scroll.offset.isFinite && scroll.content.isFinite && scroll.content >= 0
            && sheet.isValid
    }
}

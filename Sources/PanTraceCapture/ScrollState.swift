import PanTraceModel

/// An embedded scroll view's state along the interaction's axis: the trace's
/// `scrollOffset` and `scrollContent` (docs/model.md §3).
///
/// `offset` is measured from the edge the interaction pulls away from: for
/// `pull-to-dismiss` 0 means scrolled to the top, positive means content is
/// scrolled up under the top edge, negative means the content is pulled past
/// the top (rubber-banding). `content` is the scrollable length; 0 means no
/// scroll view.
public struct ScrollState: Equatable, Sendable {
    /// The offset from the edge the interaction pulls away from, in points.
    public var offset: Double
    /// The content length along the axis, in points; 0 = no scroll view.
    public var content: Double

    /// A scroll view at `offset` with `content` points of content.
    public init(offset: Double, content: Double) {
        self.offset = offset
        self.content = content
    }

    /// No scroll view: offset 0, content 0.
    public static let none = ScrollState(offset: 0, content: 0)

    /// The state of a scroll view from the numbers `UIScrollView` reports.
    ///
    /// The offset is counted from the resting position at the edge the
    /// interaction pulls away from, so that content insets (a navigation bar,
    /// the safe area) do not read as scrolled content:
    /// - `pull-to-dismiss`: `contentOffset.y + adjustedContentInset.top`;
    /// - `swipe-back`: `contentOffset.x + adjustedContentInset.left`;
    /// - `pull-up-present` (pulls away from the bottom): the distance still
    ///   scrollable downwards, `contentSize.height + adjustedContentInset.bottom
    ///   − contentOffset.y − bounds.height`.
    ///
    /// The content length is the content size plus both insets on the axis:
    /// the length that scrolls past the viewport.
    public init(_ geometry: ScrollGeometry, along interaction: Interaction) {
        switch interaction {
        case .pullToDismiss:
            offset = geometry.offsetY + geometry.insetTop
            content = geometry.contentHeight + geometry.insetTop + geometry.insetBottom
        case .swipeBack:
            offset = geometry.offsetX + geometry.insetLeft
            content = geometry.contentWidth + geometry.insetLeft + geometry.insetRight
        case .pullUpPresent:
            offset = geometry.contentHeight + geometry.insetBottom - geometry.offsetY - geometry.boundsHeight
            content = geometry.contentHeight + geometry.insetTop + geometry.insetBottom
        }
    }
}

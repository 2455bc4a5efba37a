/// The numbers a `UIScrollView` reports, as plain values so that the
/// conversion to a ``ScrollState`` is tested on every platform.
///
/// The UIKit adapter fills one from `contentOffset`, `contentSize`,
/// `adjustedContentInset` and `bounds`.
public struct ScrollGeometry: Equatable, Sendable {
    /// `contentOffset.x`.
    public var offsetX: Double
    /// `contentOffset.y`.
    public var offsetY: Double
    /// `contentSize.width`.
    public var contentWidth: Double
    /// `contentSize.height`.
    public var contentHeight: Double
    /// `adjustedContentInset.top`.
    public var insetTop: Double
    /// `adjustedContentInset.left`.
    public var insetLeft: Double
    /// `adjustedContentInset.bottom`.
    public var insetBottom: Double
    /// `adjustedContentInset.right`.
    public var insetRight: Double
    /// `bounds.width`.
    public var boundsWidth: Double
    /// `bounds.height`.
    public var boundsHeight: Double

    /// A scroll view's numbers; insets default to 0.
    public init(
        offsetX: Double = 0, offsetY: Double = 0, contentWidth: Double, contentHeight: Double,
        insetTop: Double = 0, insetLeft: Double = 0, insetBottom: Double = 0, insetRight: Double = 0,
        boundsWidth: Double, boundsHeight: Double
    ) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
        self.insetTop = insetTop
        self.insetLeft = insetLeft
        self.insetBottom = insetBottom
        self.insetRight = insetRight
        self.boundsWidth = boundsWidth
        self.boundsHeight = boundsHeight
    }
}

/// The numbers a `UISheetPresentationController` reports about its detents,
/// as plain values so that the conversion to a ``SheetState`` is tested on
/// every platform.
///
/// The UIKit adapter fills one from `detents` (each detent's `identifier`
/// and its height resolved against the container), `selectedDetentIdentifier`
/// and the container's height.
public struct SheetGeometry: Equatable, Sendable {
    /// One detent: its identifier's raw value and its resolved height in
    /// points (`nil` when it does not resolve, an inactive detent).
    public struct Resolved: Equatable, Sendable {
        /// `UISheetPresentationController.Detent.Identifier.rawValue`
        /// (`com.apple.UIKit.medium`, `com.apple.UIKit.large`, or the app's own).
        public var identifier: String
        /// The sheet's height at this detent, in points, from the bottom of the container.
        public var height: Double?

        public init(identifier: String, height: Double?) {
            self.identifier = identifier
            self.height = height
        }
    }

    /// The sheet's detents, in the order the controller lists them.
    public var detents: [Resolved]
    /// `selectedDetentIdentifier?.rawValue`; `nil` means the smallest detent, as UIKit shows it.
    public var selectedIdentifier: String?
    /// The height the detents are measured against, in points: the
    /// container's (the trace's `height`), which is the extent with `extent: auto`.
    public var containerHeight: Double

    public init(detents: [Resolved], selectedIdentifier: String?, containerHeight: Double) {
        self.detents = detents
        self.selectedIdentifier = selectedIdentifier
        self.containerHeight = containerHeight
    }
}

/// The pan recognizer's state after a sample, in `UIGestureRecognizer.State` words.
public enum GestureState: String, Sendable, CaseIterable, Hashable {
    case possible, began, changed, failed
}

/// Who moves with the finger after a sample.
public enum Owner: String, Sendable, CaseIterable, Hashable {
    /// Nobody yet (the pan is possible) or nobody any more (it failed).
    case none
    /// The interactive transition (with `offsetAtBegin`, the scroll view may move too).
    case transition
    /// The embedded scroll view.
    case scroll
}

/// The simulated state after one position sample of one result (docs/model.md §2).
public struct Frame: Equatable, Hashable, Sendable {
    /// 0-based index of the sample in its trace.
    public var seq: Int
    public var state: GestureState
    public var owner: Owner
    /// Percent complete after the sample (0 before the transition starts).
    public var percent: Double
    /// The scroll view's content offset after the sample (0 without a scroll view).
    public var scrollOffset: Double
    /// For a sheet with detents, its height after the sample as a fraction
    /// of the extent (docs/model.md §4.10); `nil` without detents.
    public var height: Double?

    public init(seq: Int, state: GestureState, owner: Owner, percent: Double, scrollOffset: Double, height: Double? = nil) {
        self.height = height
        self.seq = seq
        self.state = state
        self.owner = owner
        self.percent = percent
        self.scrollOffset = scrollOffset
    }
}

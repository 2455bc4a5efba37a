/// How many traces an export found faithful (docs/device.md "Faithful or not").
public struct GestureExportCounts: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Traces whose exported form decides as the original does.
    public var faithful = 0
    /// Traces whose exported form decides otherwise.
    public var unfaithful = 0

    /// Counts of zero.
    public init(faithful: Int = 0, unfaithful: Int = 0) {
        self.faithful = faithful
        self.unfaithful = unfaithful
    }

    /// `12 faithful, 2 unfaithful`: the last line on standard error.
    public var description: String { "\(faithful) faithful, \(unfaithful) unfaithful" }
}

extension Config {
    /// A value that breaks a rule naming two keys (docs/configs.md).
    public struct CrossKeyIssue: Equatable, Sendable {
        /// The key whose value is refused (`threshold`).
        public var key: String
        /// The key it was checked against (`thresholdUnit`).
        public var other: String
        /// What is wrong, naming both keys.
        public var reason: String
    }

    /// The first value that another key's value makes out of range, or `nil`.
    ///
    /// Checked once every key is known (a file read to its end, every
    /// override applied), so that the overrides `threshold=56` and `thresholdUnit=points`
    /// are accepted in either order: `threshold` as a fraction of the extent
    /// is at most 1 (docs/model.md §4.6).
    public func crossKeyIssue() -> CrossKeyIssue? {
        if thresholdUnit == .fraction, threshold > 1 {
            return CrossKeyIssue(
                key: "threshold", other: "thresholdUnit",
                reason: "must be > 0 and ≤ 1, found \(JSONWriter.number(threshold)): with thresholdUnit: fraction "
                    + "it is a fraction of the extent; with thresholdUnit: points it is a distance")
        }
        return nil
    }
}

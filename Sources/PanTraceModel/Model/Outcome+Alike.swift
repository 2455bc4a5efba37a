extension Outcome {
    /// True when `other` decides as this outcome does: the same decision (and,
    /// for a sheet with detents, the same detent).
    ///
    /// The one comparison behind "faithful" (`export actions`, `export
    /// xcuitest`: docs/device.md) and the selection of changed traces: an exported
    /// gesture is faithful when its simulation decides alike with the
    /// original's, under the same config. It is ``ResultChange``'s definition.
    public func decidesAlike(_ other: Outcome) -> Bool {
        ResultChange(from: self, to: other) == nil
    }
}

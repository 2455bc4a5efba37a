import PanTraceModel

/// An outcome as one line of text: what `print(outcome)` shows.
extension Outcome: CustomStringConvertible {
    /// The decision and reason as `show` prints them, then percent and
    /// velocity: `finish/threshold percent 0.52 velocity 120.0 pt/s`.
    public var description: String {
        var text = "\(decision)/\(reason) percent \(TextFormat.fixed(percent, digits: 3))"
        text += " velocity \(TextFormat.fixed(velocity, digits: 1)) pt/s"
        if let projected { text += " projected \(TextFormat.fixed(projected, digits: 3))" }
        if attempted { text += " attempted" }
        // docs/model.md §4.6: decided by a movement that had already ended.
        if stale { text += " stale (rested \(TextFormat.fixed(rest, digits: 3)) s)" }
        return text
    }
}

import PanTraceModel

extension Trace {
    /// True when `scrollExpands` can change where this trace goes
    /// (docs/model.md §4.3): a sheet with detents, a scroll view, and a start
    /// detent below its tallest. For every other trace the key changes no
    /// trajectory, so `tune` and `compare` share one simulation across its values.
    package var mayExpandBeforeScrolling: Bool {
        guard scrollContent > 0, let detents, let start = startingDetent else { return false }
        return detents.contains { $0.height > start.height }
    }
}

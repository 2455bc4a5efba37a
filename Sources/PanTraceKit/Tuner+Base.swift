import PanTraceCore
import PanTraceModel
import PanTraceStore

extension Tuner {
    /// Tunes ``sweeps`` on top of a typed `base` config, instead of ``config``
    /// (a file and `key=value` overrides): the config a Swift caller built and changed.
    ///
    /// ```swift
    /// var base = try ConfigSource(overrides: ["decision=velocity"]).resolve()
    /// base.flickVelocity = 800
    /// let tuning = try Tuner(sweeps: ["threshold=0.3:0.5:0.05"]).tune(base: base, in: store)
    /// ```
    ///
    /// - Throws: `InvalidConfigError` for a value of `base` that docs/configs.md
    ///   does not allow; `SweepError` for a sweep; then what
    ///   ``tune(_:origin:in:progress:)`` throws.
    public func tune(base: Config, in store: Store, progress: ((Int) -> Void)? = nil) throws -> Tuning {
        try base.validate()
        return try tune(try TuningGrid(base: base, sweeping: sweeps), in: store, progress: progress)
    }
}

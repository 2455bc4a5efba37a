extension Double {
    /// The value kept within the finite doubles (docs/model.md §4.5, "Finite
    /// numbers"): +∞ is the largest double, −∞ its negative, and NaN (an
    /// undefined result such as ∞ − ∞) is 0; every finite value is itself.
    ///
    /// Every number a simulation reports passes through it, so that a valid
    /// trace (finite places and times, however close) never gives a result
    /// that the store, the JSON reports or a comparison cannot hold.
    @inline(__always)
    public var saturated: Double {
        if isFinite { return self }
        if isNaN { return 0 }
        return self > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
    }
}

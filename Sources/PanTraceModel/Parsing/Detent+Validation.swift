extension Detent {
    /// The first rule of docs/model.md §3 that `detents` breaks, as the key
    /// path of the offending value (`detents`, `detents.NAME`) and the
    /// reason; `nil` when they keep every rule.
    ///
    /// The rules: 1–``maximumCount`` detents; each name 1–``maximumNameLength``
    /// characters without NUL, never `finish` or `cancel`, named once; each
    /// height finite, > 0 and ≤ 1; no two heights equal. A trace's checks
    /// and every other reader of detents (the lab's detent sets, its task
    /// files, the capture library) use this one list.
    public static func issue(in detents: [Detent]) -> (keyPath: String, reason: String)? {
        guard (1...maximumCount).contains(detents.count) else {
            return ("detents", "must have 1–\(maximumCount) detents, found \(detents.count)")
        }
        for (index, detent) in detents.enumerated() {
            let path = "detents." + detent.name
            if let issue = ExactName.issue(in: detent.name, maximumLength: maximumNameLength) {
                return (path, "a detent's name " + issue)
            }
            if Intent(rawValue: detent.name) != nil {
                return (path, "`\(detent.name)` cannot name a detent: it is an intent word (dismissed or stay)")
            }
            guard detent.height.isFinite, detent.height > 0, detent.height <= 1 else {
                return (
                    path, "a height must be a finite number > 0 and ≤ 1 (a fraction of the extent), "
                        + "found \(Trace.show(detent.height))"
                )
            }
            for earlier in detents[..<index] {
                if earlier.name.isScalarEqual(to: detent.name) {
                    return (path, "the detent is named twice")
                }
                if earlier.height == detent.height {
                    return (path, "has the height \(Trace.show(detent.height)) of `\(earlier.name)`: no two heights may be equal")
                }
            }
        }
        return nil
    }
}

/// Finds the known key a misspelt one was probably meant to be.
package enum KeySuggestion {
    /// The closest of `candidates` to `key` when it is close enough to be a
    /// typo: the same letters in another case, or at most a third of the
    /// candidate's length (and at most 3) edits away.
    package static func closest(to key: String, among candidates: [String]) -> String? {
        let lowered = Array(key.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = min(3, best.candidate.count / 3)
        return best.distance <= allowed ? best.candidate : nil
    }

    /// `unknown key` plus ` (did you mean `threshold`?)` when there is a close key.
    package static func unknownKeyReason(_ key: String, among candidates: [String]) -> String {
        if candidates.contains("decision"), isDetentsKey(key) { return detentsReason }
        guard let suggestion = closest(to: key, among: candidates) else {
            return "unknown key (allowed: \(candidates.joined(separator: ", ")))"
        }
        return "unknown key (did you mean `\(suggestion)`?)"
    }

    /// Whether `key` names a sheet's detents (`detents`, `detent`,
    /// `startDetent`), which are not a config key but a trace's.
    package static func isDetentsKey(_ key: String) -> Bool {
        ["detents", "detent", "startdetent"].contains(key.lowercased())
    }

    /// Where detents go, for a config that names them: they are the
    /// screen's, not the interaction's tunables.
    package static let detentsReason =
        "not a config key: a sheet's detents belong to each trace (its `detents` and start `detent`, docs/model.md §3), "
        + "so record traces that carry them; the lab gives every task of a session detents (docs/lab.md \"A sheet with detents\")"

    /// Levenshtein distance with transpositions counted as one edit.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

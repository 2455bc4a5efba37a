extension Trace {
    /// The longest allowed `name`, in Unicode scalars (docs/model.md §3: 1–200 characters).
    public static let maximumNameLength = 200

    /// Checks every value rule of docs/model.md §3 and throws the first violation.
    ///
    /// The rules: `name` has 1–200 characters, counted as Unicode scalars (as
    /// SQLite's `length()` counts them, and independent of the Unicode
    /// version's grapheme rules), none of them NUL
    /// (``ExactName/issue(in:maximumLength:)``); `width` and `height` are
    /// finite and > 0; `intentSource` only with an `intent`; `observed` a word the trace allows and `observedSource` only with it; `scrollOffset` is finite (any sign); `scrollContent` is finite and ≥ 0;
    /// `meta`, when present, is the text of one JSON object; there are at least
    /// 2 samples; every `t`, `x`, `y` is finite, `t` never decreases, `touches`
    /// is ≥ 1; the first phase is `down`, the last `up` or `cancel`, all
    /// others `move`.
    ///
    /// The JSON Lines reader only returns traces that pass. `family` is not
    /// checked: the reader derives it from `meta`. The error has no line or
    /// file; its key path names the offending value (`samples[2].t`).
    public func validate() throws(TraceError) {
        do {
            try checkRules(checkingMeta: true)
        } catch {
            throw error.at(line: nil, file: nil)
        }
    }

    /// The rules of ``validate()``; the reader skips re-parsing `meta`, which it
    /// has just taken verbatim from a parsed object.
    func checkRules(checkingMeta: Bool) throws(TraceIssue) {
        if let issue = ExactName.issue(in: name, maximumLength: Self.maximumNameLength) {
            throw TraceIssue(keyPath: "name", reason: issue)
        }
        try requirePositive(width, "width")
        try requirePositive(height, "height")
        guard scrollOffset.isFinite else {
            throw TraceIssue(keyPath: "scrollOffset", reason: "must be a finite number, found \(scrollOffset)")
        }
        guard scrollContent.isFinite, scrollContent >= 0 else {
            throw TraceIssue(keyPath: "scrollContent", reason: "must be a finite number ≥ 0, found \(Self.show(scrollContent))")
        }
        if intentSource != nil && intent == nil {
            throw TraceIssue(
                keyPath: "intentSource",
                reason: "allowed only with `intent`: it says where the intent came from (add \"intent\" or remove it)")
        }
        try checkDetents()
        try checkObserved()
        if checkingMeta, let meta {
            let node: JSONNode
            do {
                node = try JSONParser.parse(meta)
            } catch {
                throw TraceIssue(keyPath: "meta", reason: "must be the text of a JSON object: \(error)")
            }
            guard node.members != nil else {
                throw TraceIssue(keyPath: "meta", reason: "must be a JSON object, found \(node.value.kindDescription)")
            }
        }
        try checkSamples()
    }

    /// docs/model.md §3 and §4.10: `detents`, `detent` and an intent that names a detent.
    private func checkDetents() throws(TraceIssue) {
        guard let detents else {
            if startDetent != nil {
                throw TraceIssue(keyPath: "detent", reason: "allowed only with `detents`: it names the detent the sheet starts at")
            }
            if let intent, intent.detentName != nil {
                throw TraceIssue(
                    keyPath: "intent",
                    reason: "expected `finish` or `cancel`, found \(JSONWriter.string(intent.rawValue)) "
                        + "(a detent's name is an intent only for a trace with `detents`)")
            }
            return
        }
        if let issue = Detent.issue(in: detents) { throw TraceIssue(keyPath: issue.keyPath, reason: issue.reason) }
        if let startDetent, !detents.contains(where: { $0.name.isScalarEqual(to: startDetent) }) {
            throw TraceIssue(
                keyPath: "detent",
                reason: "\(JSONWriter.string(startDetent)) is not one of the detents ("
                    + detents.map { "`\($0.name)`" }.joined(separator: ", ") + ")")
        }
        if let intent, let name = intent.detentName, !detents.contains(where: { $0.name.isScalarEqual(to: name) }) {
            throw TraceIssue(
                keyPath: "intent",
                reason: "expected `finish`, `cancel` or a detent's name ("
                    + detents.map { "`\($0.name)`" }.joined(separator: ", ") + "), found \(JSONWriter.string(name))")
        }
    }

    /// docs/model.md "What the app did": `observed` is a word the trace
    /// allows, exactly as written, and `observedSource` comes only with it.
    private func checkObserved() throws(TraceIssue) {
        if observedSource != nil && observed == nil {
            throw TraceIssue(
                keyPath: "observedSource",
                reason: "allowed only with `observed`: it says who reported what the app did (add \"observed\" or remove it)")
        }
        guard let observed else { return }
        guard let detents else {
            if Observed(rawValue: observed.rawValue) == nil {
                throw TraceIssue(
                    keyPath: "observed",
                    reason: "expected `finish`, `cancel` or `none`, found \(JSONWriter.string(observed.rawValue))"
                        + (observed.rawValue.lowercased() != observed.rawValue ? " (the words are lower case)" : ""))
            }
            return
        }
        let names = detents.map { "`\($0.name)`" }.joined(separator: ", ")
        if observed == .finish { return }
        if observed == .cancel || observed == .none {
            throw TraceIssue(
                keyPath: "observed",
                reason: "expected `finish` or a detent's name (\(names)), found \(JSONWriter.string(observed.rawValue)): "
                    + "a sheet with detents reports where it came to rest, not `cancel` or `none`")
        }
        if !detents.contains(where: { $0.name.isScalarEqual(to: observed.rawValue) }) {
            throw TraceIssue(
                keyPath: "observed",
                reason: "expected `finish` or a detent's name (\(names)), found \(JSONWriter.string(observed.rawValue))")
        }
    }

    private func checkSamples() throws(TraceIssue) {
        guard samples.count >= 2 else {
            throw TraceIssue(keyPath: "samples", reason: "needs at least 2 samples, found \(samples.count)")
        }
        let lastIndex = samples.count - 1
        var previousTime = -Double.infinity
        for (index, sample) in samples.enumerated() {
            func path(_ key: String) -> String { "samples[\(index)].\(key)" }
            for (key, value) in [("t", sample.t), ("x", sample.x), ("y", sample.y)] where !value.isFinite {
                throw TraceIssue(keyPath: path(key), reason: "must be a finite number, found \(value)")
            }
            if index == 0 {
                guard sample.phase == .down else {
                    throw TraceIssue(keyPath: path("phase"), reason: "the first sample must be `down`, found `\(sample.phase.rawValue)`")
                }
            } else if index == lastIndex {
                guard sample.phase == .up || sample.phase == .cancel else {
                    throw TraceIssue(
                        keyPath: path("phase"), reason: "the last sample must be `up` or `cancel`, found `\(sample.phase.rawValue)`")
                }
            } else if sample.phase != .move {
                throw TraceIssue(
                    keyPath: path("phase"),
                    reason: "must be `move` (only the first sample is `down`, only the last `up` or `cancel`), found `\(sample.phase.rawValue)`")
            }
            // The reader's limit too: a JSON number is an exact integer up to 2^53 only.
            guard sample.touches >= 1 else {
                throw TraceIssue(keyPath: path("touches"), reason: "must be an integer ≥ 1, found \(sample.touches)")
            }
            guard sample.touches <= JSONNumber.exactIntegerLimit else {
                throw TraceIssue(
                    keyPath: path("touches"),
                    reason: "must be at most 2^53 (\(JSONNumber.exactIntegerLimit)), found \(sample.touches)")
            }
            guard sample.t >= previousTime else {
                throw TraceIssue(
                    keyPath: path("t"), reason: "time goes backwards (\(Self.show(sample.t)) after \(Self.show(previousTime)))")
            }
            previousTime = sample.t
        }
    }

    private func requirePositive(_ value: Double, _ key: String) throws(TraceIssue) {
        guard value.isFinite, value > 0 else {
            throw TraceIssue(keyPath: key, reason: "must be a finite number > 0, found \(Self.show(value))")
        }
    }

    /// Numbers in messages as the trace format writes them (`0.016`, not `0.016000`).
    static func show(_ value: Double) -> String {
        value.isFinite ? JSONWriter.number(value) : "\(value)"
    }
}

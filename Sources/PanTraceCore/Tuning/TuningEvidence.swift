import PanTraceModel

/// The labelled traces of a tune, counted by where their intent came from
/// (docs/tune.md "Evidence"), and which sources it admits (``TuningEvidence/sources``).
///
/// ```swift
/// var evidence = TuningEvidence(admitting: [.person, .inferred])
/// for trace in traces { engine.add(evidence.admit(trace)) }
/// evidence.count(of: .synthetic)   // 0: left out, counted in leftOut
/// ```
public struct TuningEvidence: Equatable, Sendable {
    /// The sources whose labels count; nil for every source.
    public let sources: Set<IntentSource>?
    /// Labelled traces that count, by source.
    public private(set) var counts: [IntentSource: Int] = [:]
    /// Labelled traces whose source ``sources`` leaves out (counted as unlabelled).
    public private(set) var leftOut = 0

    /// Evidence admitting `sources` (every source when nil).
    public init(admitting sources: Set<IntentSource>? = nil) {
        self.sources = sources
    }

    /// Evidence with these counts (for reports made elsewhere, and tests).
    public init(counts: [IntentSource: Int], leftOut: Int = 0, sources: Set<IntentSource>? = nil) {
        self.sources = sources
        self.counts = counts
        self.leftOut = leftOut
    }

    /// Counts `trace` and returns it as the tune should see it: without its
    /// intent when its source is not admitted.
    public mutating func admit(_ trace: Trace) -> Trace {
        guard let source = trace.labelSource else { return trace }
        if let sources, !sources.contains(source) {
            leftOut += 1
            var unlabelled = trace
            unlabelled.intent = nil
            unlabelled.intentSource = nil
            return unlabelled
        }
        counts[source, default: 0] += 1
        return trace
    }

    /// The labelled traces that count with intent source `source`.
    public func count(of source: IntentSource) -> Int { counts[source] ?? 0 }

    /// Every labelled trace that counts.
    public var labelled: Int { counts.values.reduce(0, +) }

    /// True when some label that counts is a person's or an app's.
    public var hasPeople: Bool { count(of: .person) + count(of: .inferred) > 0 }

    /// True when `person` and `inferred` labels count but fewer than the
    /// `synthetic` ones: most of the evidence is the generator's guess.
    public var syntheticOutnumbersPeople: Bool {
        hasPeople && count(of: .person) + count(of: .inferred) < count(of: .synthetic)
    }

    /// The admitted sources' raw values joined by commas (`person,inferred`);
    /// every source when ``sources`` is nil.
    public var sourcesText: String {
        IntentSource.allCases.filter { sources?.contains($0) ?? true }.map(\.rawValue).joined(separator: ",")
    }

    /// The warning the text report prints before the best when the labels
    /// that count are all the generator's, or mostly (``syntheticOutnumbersPeople``:
    /// the report then adds how the best changes over people's labels alone);
    /// nil otherwise (or with no label).
    public var warning: String? {
        if syntheticOutnumbersPeople {
            let people = count(of: .person) + count(of: .inferred)
            return "most of the evidence is the generator's guess: \(count(of: .synthetic)) synthetic labels against "
                + "\(people) from people (person, inferred), so the best follows the generator more than people."
        }
        guard labelled > 0, !hasPeople else { return nil }
        return "every intent here is the generator's guess (intentSource synthetic): a value chosen from them is a "
            + "guess about fingers, not about people. Label real gestures with `pantrace lab` or PanTraceCapture."
    }
}

/// Where a trace's intent came from (docs/model.md "Evidence"): who said what
/// the person meant.
///
/// Stored as these words in `trace.intent_source` (docs/sqlite.md), written
/// as the trace's `intentSource` key, and counted by `tune` as its evidence.
public enum IntentSource: String, Sendable, CaseIterable, Hashable {
    /// The person, or someone watching, said what was meant: a lab task, a
    /// tester's label, an app that asked. The default for a trace with an
    /// `intent` and no `intentSource`.
    case person
    /// An app inferred it from what happened next (the screen reopened
    /// within seconds after a dismissal, the close button after a cancelled pull).
    case inferred
    /// The synthetic generator's label: what the generator believes a finger
    /// meant, not what a person did (docs/synthetic.md).
    case synthetic
}

import PanTraceCore

/// A synthetic corpus to record (docs/synthetic.md): how many traces, from which seed and families.
///
/// The same seed, count and families give the same traces on every machine.
public struct SyntheticTraces: Sendable, Hashable {
    /// The traces `record` generates when given no file and no count.
    public static let defaultCount = 200

    /// How many traces to generate.
    public var count: Int
    /// The generator's seed.
    public var seed: UInt64
    /// The families to draw from; empty means all of them.
    public var families: [SyntheticFamily]

    /// `count` traces from `seed`, drawn from `families` (empty: all).
    public init(count: Int = SyntheticTraces.defaultCount, seed: UInt64 = 1, families: [SyntheticFamily] = []) {
        self.count = max(0, count)
        self.seed = seed
        self.families = families
    }

    /// The corpus these traces come from.
    public var corpus: SyntheticCorpus {
        SyntheticCorpus(seed: seed, families: families.isEmpty ? SyntheticFamily.all : families)
    }
}

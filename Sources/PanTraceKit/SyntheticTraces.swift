import PanTraceCore
import PanTraceModel

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
    /// The stand-in app each trace's `observed` comes from, with its noise
    /// (docs/synthetic.md "A stand-in app"); `nil`: no trace carries `observed`.
    public var observer: SyntheticObserver?

    /// `count` traces from `seed`, drawn from `families` (empty: all), observed by `observer` when given.
    public init(
        count: Int = SyntheticTraces.defaultCount, seed: UInt64 = 1, families: [SyntheticFamily] = [],
        observer: SyntheticObserver? = nil
    ) {
        self.count = max(0, count)
        self.seed = seed
        self.families = families
        self.observer = observer
    }

    /// Trace `index` of the corpus, with `observed` when ``observer`` is set.
    public func trace(at index: Int, of corpus: SyntheticCorpus) -> Trace {
        let trace = corpus.trace(at: index)
        return observer.map { $0.observe(trace, index: index) } ?? trace
    }

    /// The corpus these traces come from.
    public var corpus: SyntheticCorpus {
        SyntheticCorpus(seed: seed, families: families.isEmpty ? SyntheticFamily.all : families)
    }
}

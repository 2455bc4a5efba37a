import PanTraceModel

/// An endless, index-addressable corpus of synthetic traces (docs/synthetic.md).
///
/// Trace `i` depends only on the seed, the family list and `i`: its family
/// is `families[i % families.count]` (round-robin, so every family is
/// equally represented in any window), and its random stream is derived from
/// (seed, i, family name). Traces can therefore be generated lazily, in any
/// order, or in parallel shards, and the same seed gives byte-identical
/// traces on every machine.
///
/// ```swift
/// let corpus = SyntheticCorpus(seed: 7, families: [.flick, .peek])
/// corpus.trace(at: 3).name            // "peek-s7-0003"
/// for trace in corpus.traces(count: 80_000) { … }   // one trace in memory at a time
/// ```
///
/// Each trace carries its `intent` (with `intentSource` `synthetic`: the
/// generator's guess, docs/synthetic.md), `family`, and a compact `meta` object:
/// `{"family":"flick","seed":7,"index":0,"device":"393x852","hz":120}`.
/// Names are `<family>-s<seed>-<index>`, the index zero-padded to four
/// digits, so they are unique within a corpus and across seeds.
public struct SyntheticCorpus: Sendable, Hashable {
    /// The seed every trace's random stream derives from.
    public let seed: UInt64
    /// The families assigned round-robin by index; never empty.
    public let families: [SyntheticFamily]

    /// A corpus of `families` (every family when empty; a repeated family
    /// gets a larger share) generated from `seed`.
    public init(seed: UInt64, families: [SyntheticFamily] = SyntheticFamily.all) {
        self.seed = seed
        self.families = families.isEmpty ? SyntheticFamily.all : families
    }

    /// The family of trace `index` (≥ 0).
    public func family(at index: Int) -> SyntheticFamily {
        precondition(index >= 0, "a synthetic trace index is never negative")
        return families[index % families.count]
    }

    /// The name of trace `index` (≥ 0), e.g. `flick-s7-0003`, without generating it.
    public func name(at index: Int) -> String {
        let digits = String(index)
        let padding = String(repeating: "0", count: max(0, 4 - digits.count))
        return "\(family(at: index).name)-s\(seed)-\(padding)\(digits)"
    }

    /// Generates trace `index` (≥ 0).
    public func trace(at index: Int) -> Trace {
        let family = family(at: index)
        var stream = SeededRandom.mix(seed)
        stream = SeededRandom.mix(stream ^ UInt64(index))
        stream = SeededRandom.mix(stream ^ family.streamCode)
        var random = SeededRandom(seed: stream)

        let device = SyntheticDevice.pick(&random)
        var gesture = SyntheticGesture(device: device, random: &random)
        family.shape(&gesture, &random)
        let samples = GestureSampler.samples(of: gesture, random: &random)
        let meta =
            "{\"family\":\"\(family.name)\",\"seed\":\(seed),\"index\":\(index),"
            + "\"device\":\"\(device.name)\",\"hz\":\(gesture.hz)}"
        return Trace(
            name: name(at: index), width: device.width, height: device.height,
            scrollOffset: gesture.scrollOffset, scrollContent: gesture.scrollContent,
            intent: gesture.intent, intentSource: gesture.intent == nil ? nil : .synthetic, meta: meta, family: family.name,
            detents: gesture.detents, startDetent: gesture.startDetent, samples: samples)
    }

    /// The first `count` traces, generated lazily on access (a negative
    /// count is empty): iterating 80,000 of them keeps one in memory at a time.
    public func traces(count: Int) -> some RandomAccessCollection<Trace> {
        traces(in: 0..<max(0, count))
    }

    /// The traces whose indexes are in `range` (≥ 0), generated lazily on
    /// access: a shard of a corpus for parallel generation.
    ///
    /// The result is deliberately not declared `Sendable`: with Swift 6.3 an
    /// opaque `some RandomAccessCollection<Trace> & Sendable` over a lazy map
    /// kept every generated trace alive while iterating (80,000 traces grew
    /// to 200 MB). To generate in parallel, send the corpus and call
    /// ``trace(at:)`` in each task.
    public func traces(in range: Range<Int>) -> some RandomAccessCollection<Trace> {
        let corpus = self
        return range.lazy.map { index in corpus.trace(at: index) }
    }
}

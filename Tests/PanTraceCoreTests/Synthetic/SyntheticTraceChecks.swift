@testable import PanTraceCore
@testable import PanTraceModel

/// Test helpers for synthetic traces: an independent docs/model.md §3 validator and a
/// digest of a trace's exact bits.
///
/// The validator is written here rather than borrowed from the parsing code
/// so that the generator is checked against the spec's words, not against
/// another implementation of them.
enum SyntheticTraceChecks {
    /// Every docs/model.md §3 rule `trace` breaks, in words; empty when it is valid.
    static func brokenRules(_ trace: Trace) -> [String] {
        var broken: [String] = []
        if trace.name.isEmpty || trace.name.count > 200 { broken.append("name length \(trace.name.count)") }
        if !(trace.width.isFinite && trace.width > 0) { broken.append("width \(trace.width)") }
        if !(trace.height.isFinite && trace.height > 0) { broken.append("height \(trace.height)") }
        if !trace.scrollOffset.isFinite { broken.append("scrollOffset \(trace.scrollOffset)") }
        if !(trace.scrollContent.isFinite && trace.scrollContent >= 0) {
            broken.append("scrollContent \(trace.scrollContent)")
        }
        let samples = trace.samples
        guard samples.count >= 2 else { return broken + ["\(samples.count) samples"] }
        for (index, sample) in samples.enumerated() {
            let expected: Set<Phase> =
                index == 0 ? [.down] : index == samples.count - 1 ? [.up, .cancel] : [.move]
            if !expected.contains(sample.phase) { broken.append("sample \(index) phase \(sample.phase)") }
            if !(sample.t.isFinite && sample.x.isFinite && sample.y.isFinite) {
                broken.append("sample \(index) not finite")
            }
            if sample.touches < 1 { broken.append("sample \(index) touches \(sample.touches)") }
            if index > 0, sample.t < samples[index - 1].t { broken.append("sample \(index) time decreases") }
        }
        return broken
    }

    /// FNV-1a over every bit of `traces`: names, sizes, scroll view, intent,
    /// meta, family and each sample's t, x, y, phase and touches.
    static func digest(_ traces: some Sequence<Trace>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ word: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((word >> UInt64(shift)) & 0xFF)) &* 0x0000_0100_0000_01B3
            }
        }
        func add(_ text: String) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            add(UInt64(0xFF))
        }
        for trace in traces {
            add(trace.name)
            add(trace.width.bitPattern)
            add(trace.height.bitPattern)
            add(trace.scrollOffset.bitPattern)
            add(trace.scrollContent.bitPattern)
            add(trace.intent?.rawValue ?? "-")
            add(trace.meta ?? "-")
            add(trace.family ?? "-")
            for sample in trace.samples {
                add(sample.t.bitPattern)
                add(sample.x.bitPattern)
                add(sample.y.bitPattern)
                add(sample.phase.rawValue)
                add(UInt64(sample.touches))
            }
        }
        return hash
    }

    /// The index of every trace of `family` among the first `perFamily`
    /// rounds of an all-families corpus.
    static func indexes(of family: SyntheticFamily, perFamily: Int) -> [Int] {
        let all = SyntheticFamily.all
        guard let offset = all.firstIndex(of: family) else { return [] }
        return (0..<perFamily).map { $0 * all.count + offset }
    }
}

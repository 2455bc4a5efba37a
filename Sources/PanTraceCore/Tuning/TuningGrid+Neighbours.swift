import PanTraceModel

extension Sweep {
    /// True for a `FROM:TO:STEP` sweep, whose values are steps apart: its
    /// values have neighbours (docs/tune.md "The robust best"). A
    /// `V1,V2,…` list has none, even of numbers.
    public var isRange: Bool {
        guard let equals = text.firstIndex(of: "=") else { return false }
        return text[text.index(after: equals)...].contains(":")
    }
}

extension TuningGrid {
    /// How far apart, in candidate indexes, candidates differing by one value of each sweep are.
    var strides: [Int] {
        var strides = [Int](repeating: 1, count: sweeps.count)
        for position in sweeps.indices.dropLast().reversed() {
            strides[position] = strides[position + 1] * sweeps[position + 1].values.count
        }
        return strides
    }

    /// The candidates that differ from candidate `index` in one
    /// `FROM:TO:STEP` sweep only, by one step (docs/tune.md "The robust
    /// best"), in candidate order.
    public func neighbours(of index: Int) -> [Int] {
        var found: [Int] = []
        forEachNeighbour(of: index, strides: strides) { found.append($0) }
        return found.sorted()
    }

    @inline(__always)
    func forEachNeighbour(of index: Int, strides: [Int], _ body: (Int) -> Void) {
        for position in sweeps.indices where sweeps[position].isRange {
            let stride = strides[position]
            let digit = (index / stride) % sweeps[position].values.count
            if digit > 0 { body(index - stride) }
            if digit + 1 < sweeps[position].values.count { body(index + stride) }
        }
    }

    /// The index of the candidate whose settings are the base config's own
    /// values of the swept keys, if the sweeps include them all.
    public var baseIndex: Int? {
        var index = 0
        for (position, sweep) in sweeps.enumerated() {
            guard let digit = sweep.settings.firstIndex(of: sweep.configKey.value(in: base)) else { return nil }
            index += digit * strides[position]
        }
        return index
    }
}

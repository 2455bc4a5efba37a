import PanTraceModel

extension TuningGrid {
    /// The swept keys that candidate `index`'s decision rule never reads,
    /// in sweep order: candidates that differ only in them decide every
    /// trace alike (docs/tune.md "Keys a rule never reads"). Which rules
    /// read a key is the key's own `ConfigKey/readBy` (and
    /// `ConfigKey/detentsOnly` when no trace has detents, and
    /// `ConfigKey/unreadUnder` for the candidate's other settings).
    public func inertKeys(at index: Int) -> [String] {
        let digits = digits(of: index)
        let inert = inertPositions(digits: digits)
        return sweeps.indices.compactMap { inert[$0] ? sweeps[$0].key : nil }
    }

    /// Which sweeps are inert for candidate `digits` (one flag per sweep).
    func inertPositions(digits: [Int]) -> [Bool] {
        var config = base
        for (sweep, digit) in zip(sweeps, digits) { sweep.assign(digit, to: &config) }
        return sweeps.map { !$0.configKey.isRead(in: config, withDetents: withDetents) }
    }

    /// True when some candidate has an inert swept key.
    var mayHaveInertKeys: Bool {
        sweeps.contains { sweep in
            let key = sweep.configKey
            return key.readBy != nil || (key.detentsOnly && !withDetents) || key.unreadUnder != nil
        }
    }
}

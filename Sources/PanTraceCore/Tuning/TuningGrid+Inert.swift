import PanTraceModel

extension TuningGrid {
    /// The swept keys that candidate `index`'s decision rule never reads,
    /// in sweep order: candidates that differ only in them decide every
    /// trace alike (docs/tune.md "Keys a rule never reads"). Which rules
    /// read a key is the key's own `ConfigKey/readBy` (and
    /// `ConfigKey/detentsOnly` when no trace has detents).
    public func inertKeys(at index: Int) -> [String] {
        let digits = digits(of: index)
        let inert = inertPositions(digits: digits)
        return sweeps.indices.compactMap { inert[$0] ? sweeps[$0].key : nil }
    }

    /// Which sweeps are inert for candidate `digits` (one flag per sweep).
    func inertPositions(digits: [Int]) -> [Bool] {
        let rule = decisionRule(digits: digits)
        return sweeps.map { !$0.configKey.isRead(by: rule, withDetents: withDetents) }
    }

    /// True when some candidate has an inert swept key.
    var mayHaveInertKeys: Bool {
        sweeps.contains { sweep in
            let key = sweep.configKey
            return key.readBy != nil || (key.detentsOnly && !withDetents)
        }
    }

    /// The `decision` rule of the candidate with `digits`: swept, or the base's.
    private func decisionRule(digits: [Int]) -> DecisionRule {
        guard let position = sweeps.firstIndex(where: { $0.key == "decision" }) else { return base.decision }
        var config = base
        sweeps[position].assign(digits[position], to: &config)
        return config.decision
    }
}

import PanTraceModel

extension TuningGrid {
    /// The keys that only some decision rules read, by key name, and the
    /// rules that read them (docs/tune.md "Keys a rule never reads").
    /// A key not listed here is read by every rule. Names of keys or rules
    /// this build does not have yet simply never match.
    static let readingRules: [String: ReadBy] = [
        "flickVelocity": .only("velocity"),
        "flickVelocityUnit": .only("velocity"),
        "reverseFlick": .only("velocity"),
        "decelerationRate": .only("projection"),
        "lookahead": .only("lookahead"),
        "velocityEstimator": .allBut("threshold"),
    ]

    /// Which decision rules read a key, by the rules' words.
    enum ReadBy: Sendable {
        case only(String)
        case allBut(String)

        func callAsFunction(_ rule: String) -> Bool {
            switch self {
            case .only(let reader): rule == reader
            case .allBut(let other): rule != other
            }
        }
    }

    /// The swept keys that candidate `index`'s decision rule never reads,
    /// in sweep order: candidates that differ only in them decide every
    /// trace alike (docs/tune.md "Keys a rule never reads").
    public func inertKeys(at index: Int) -> [String] {
        let digits = digits(of: index)
        let rule = decisionRule(digits: digits)
        return sweeps.compactMap { sweep in
            guard let reads = Self.readingRules[sweep.key], !reads(rule) else { return nil }
            return sweep.key
        }
    }

    /// Which sweeps are inert for candidate `digits` (one flag per sweep).
    func inertPositions(digits: [Int]) -> [Bool] {
        let rule = decisionRule(digits: digits)
        return sweeps.map { sweep in Self.readingRules[sweep.key].map { !$0(rule) } ?? false }
    }

    /// True when some candidate has an inert swept key.
    var mayHaveInertKeys: Bool {
        sweeps.contains { Self.readingRules[$0.key] != nil }
    }

    /// The `decision` word of the candidate with `digits`: swept, or the base's.
    private func decisionRule(digits: [Int]) -> String {
        if let position = sweeps.firstIndex(where: { $0.key == "decision" }) {
            return sweeps[position].values[digits[position]]
        }
        return base.setting("decision") ?? base.decision.rawValue
    }
}

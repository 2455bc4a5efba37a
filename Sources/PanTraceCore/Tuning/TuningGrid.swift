import PanTraceModel

/// The candidates of a tune: every combination of one to three sweeps on top
/// of a base config (docs/commands.md §7.5).
///
/// Candidate `i` takes one value from each sweep, the first sweep varying
/// slowest (`threshold=0.3,0.4` × `decision=threshold,velocity` gives
/// 0.3/threshold, 0.3/velocity, 0.4/threshold, 0.4/velocity).
///
/// ```swift
/// let grid = try TuningGrid(base: Config(), sweeps: [
///     Sweep(parsing: "threshold=0.05:0.95:0.01"), Sweep(parsing: "flickVelocity=200:3000:50")])
/// grid.count                 // 5187
/// grid.settings(at: 1)       // [("threshold", "0.05"), ("flickVelocity", "250")]
/// ```
public struct TuningGrid: Equatable, Hashable, Sendable {
    /// The most sweeps a grid may have.
    public static let maximumSweeps = 3

    /// The config every candidate starts from (a file and overrides, already applied).
    public let base: Config
    /// The sweeps, in the order given.
    public let sweeps: [Sweep]
    /// The number of candidates: the product of the sweeps' value counts.
    public let count: Int
    /// True when some selected trace has detents: the keys read only for
    /// them (`ConfigKey/detentsOnly`) are then not inert.
    public var withDetents = false
    /// What the candidates are counted against: intents, or what the app did.
    public var objective = TuningObjective.intent

    /// A grid of `sweeps` over `base`.
    ///
    /// - Throws: a ``SweepError`` for no sweep or more than
    ///   ``maximumSweeps``, a key swept twice, or more than
    ///   ``Sweep/maximumCombinations`` candidates.
    public init(base: Config, sweeps: [Sweep]) throws(SweepError) {
        guard !sweeps.isEmpty else {
            throw SweepError.noSweeps
        }
        guard sweeps.count <= Self.maximumSweeps else {
            throw SweepError(sweep: "", key: "", reason: "\(sweeps.count) sweeps, at most \(Self.maximumSweeps)")
        }
        var seen: Set<String> = []
        var count = 1
        for sweep in sweeps {
            guard seen.insert(sweep.key).inserted else {
                throw SweepError(sweep: sweep.text, key: sweep.key, reason: "swept twice: give all its values in one sweep")
            }
            count *= sweep.values.count
            guard count <= Sweep.maximumCombinations else {
                let sizes = sweeps.map { String($0.values.count) }.joined(separator: " × ")
                throw SweepError(
                    sweep: "", key: "",
                    reason: "\(sizes) is more than \(Sweep.maximumCombinations) combinations; use fewer values")
            }
        }
        try Self.checkCrossKeys(base: base, sweeps: sweeps)
        self.base = base
        self.sweeps = sweeps
        self.count = count
    }

    /// docs/configs.md: a threshold above 1 in a candidate whose
    /// `thresholdUnit` is `fraction` (the base's or a swept one).
    private static func checkCrossKeys(base: Config, sweeps: [Sweep]) throws(SweepError) {
        let fraction = SettingValue.word(ThresholdUnit.fraction.rawValue)
        let units = sweeps.first { $0.key == "thresholdUnit" }?.settings ?? [.word(base.thresholdUnit.rawValue)]
        guard units.contains(fraction) else { return }
        let thresholdSweep = sweeps.first { $0.key == "threshold" }
        var probe = base
        probe.thresholdUnit = .fraction
        for index in thresholdSweep?.settings.indices ?? 0..<1 {
            thresholdSweep?.assign(index, to: &probe)
            if let issue = probe.crossKeyIssue() {
                throw SweepError(sweep: thresholdSweep?.text ?? "", key: issue.key, reason: issue.reason)
            }
        }
    }

    /// The index into each sweep's values of candidate `index`.
    public func digits(of index: Int) -> [Int] {
        var rest = index
        var digits = [Int](repeating: 0, count: sweeps.count)
        for position in sweeps.indices.reversed() {
            let size = sweeps[position].values.count
            digits[position] = rest % size
            rest /= size
        }
        return digits
    }

    /// The swept keys and the values of candidate `index`, in sweep order.
    public func settings(at index: Int) -> [(key: String, value: String)] {
        zip(sweeps, digits(of: index)).map { sweep, digit in (sweep.key, sweep.values[digit]) }
    }

    /// The config of candidate `index`: the base with the candidate's
    /// settings, under the base's name.
    public func config(at index: Int) -> Config {
        var config = base
        // Every value was checked by the key's own rule when the sweep was read.
        for (sweep, digit) in zip(sweeps, digits(of: index)) { sweep.assign(digit, to: &config) }
        return config
    }

    /// The config of candidate `index`, named after its `key=value` overrides
    /// (docs/configs.md): the base's name with ` key=value` appended per sweep, e.g.
    /// `baseline threshold=0.3 flickVelocity=600`; the base's name alone
    /// when that would be longer than 100 characters.
    public func namedConfig(at index: Int) -> Config {
        var config = self.config(at: index)
        let suffixed = ([base.name] + settings(at: index).map { "\($0.key)=\($0.value)" }).joined(separator: " ")
        if suffixed.unicodeScalars.count <= Config.maximumNameLength { config.name = suffixed }
        return config
    }
}

extension TuningGrid {
    /// Reads sweep texts (``Sweep/init(parsing:)``) and makes the grid over `base`.
    ///
    /// - Throws: the first ``SweepError`` of any sweep or of the grid.
    public init(base: Config, sweeping texts: [String]) throws(SweepError) {
        var sweeps: [Sweep] = []
        for text in texts { sweeps.append(try Sweep(parsing: text)) }
        try self.init(base: base, sweeps: sweeps)
    }
}

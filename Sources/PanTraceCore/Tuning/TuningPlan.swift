import PanTraceModel

/// How a grid's candidates are evaluated: which sweeps need their own
/// simulation and which are decided from a simulation's lift (docs/commands.md §7.5).
///
/// A candidate is a *trajectory* (the values of the sweeps that can change
/// where the gesture goes: recognition, arbitration, percent, velocity) and a
/// *lift setting* (the values of the sweeps that only decide at the lift, or
/// decide nothing). Each trace is simulated once per trajectory; every lift
/// setting is then a `LiftRule` and a rank among the swept thresholds.
struct TuningPlan: Sendable {
    /// The keys that never change a trajectory (`ConfigKey/Stage`): read
    /// only at the lift (docs/model.md §4.6), or only by `settle`,
    /// `tracking_error` and the scroll view's offset (§4.3, §4.7, §4.8).
    static let liftKeys = Set(ConfigKey.all.filter { $0.stage != .trajectory }.map(\.name))

    let grid: TuningGrid
    /// Positions in `grid.sweeps` of the sweeps that need a simulation each.
    let trajectorySweeps: [Int]
    /// The number of trajectories (1 when no such sweep).
    let trajectoryCount: Int
    /// The trajectories grouped as a trace without detents sees them: those
    /// that differ only in keys read for detents alone (``ConfigKey/detentsOnly``,
    /// `scrollExpands`) share one simulation of such a trace.
    let plainTrajectories: [[Int]]
    /// The distinct thresholds of the candidates, ascending.
    let thresholds: [Double]
    /// The distinct rules of the candidates.
    let rules: [LiftRule]
    /// Per lift setting: its part of the candidate index, its rule (index
    /// into ``rules``) and its threshold's index in ``thresholds``.
    let liftOffsets: [Int32]
    let liftRules: [Int32]
    let liftRanks: [Int32]
    /// How far apart candidates differing by one value of each sweep are.
    private let strides: [Int]

    /// What the candidates are counted against.
    var objective: TuningObjective { grid.objective }

    init(grid: TuningGrid) {
        self.grid = grid
        let sweeps = grid.sweeps
        var strides = [Int](repeating: 1, count: sweeps.count)
        for position in sweeps.indices.dropLast().reversed() {
            strides[position] = strides[position + 1] * sweeps[position + 1].values.count
        }
        self.strides = strides
        trajectorySweeps = sweeps.indices.filter { !Self.liftKeys.contains(sweeps[$0].key) }
        trajectoryCount = trajectorySweeps.reduce(1) { $0 * sweeps[$1].values.count }
        plainTrajectories = Self.plainGroups(sweeps: sweeps, trajectorySweeps: trajectorySweeps, count: trajectoryCount)
        let liftSweeps = sweeps.indices.filter { Self.liftKeys.contains(sweeps[$0].key) }

        // Each lift sweep's values read once, not once per candidate.
        let settings: [[LiftSetting]] = liftSweeps.map { position in
            sweeps[position].settings.indices.map { LiftSetting(sweep: sweeps[position], index: $0) }
        }
        let sweptThresholds = liftSweeps.first { sweeps[$0].key == "threshold" }.map { position in
            sweeps[position].settings.indices.map { index in
                var config = grid.base
                sweeps[position].assign(index, to: &config)
                return config.threshold
            }
        }
        thresholds = Array(Set(sweptThresholds ?? [grid.base.threshold])).sorted()

        let liftCount = liftSweeps.reduce(1) { $0 * sweeps[$1].values.count }
        var ruleIndexes: [LiftRule: Int32] = [:]
        var rules: [LiftRule] = []
        var offsets = [Int32](repeating: 0, count: liftCount)
        var ruleOfLift = [Int32](repeating: 0, count: liftCount)
        var ranks = [Int32](repeating: 0, count: liftCount)
        var digits = [Int](repeating: 0, count: liftSweeps.count)
        for lift in 0..<liftCount {
            var config = grid.base
            var offset = 0
            for (slot, position) in liftSweeps.enumerated() {
                settings[slot][digits[slot]].apply(to: &config)
                offset += digits[slot] * strides[position]
            }
            let rule = LiftRule(config)
            let ruleIndex = ruleIndexes[rule] ?? {
                rules.append(rule)
                ruleIndexes[rule] = Int32(rules.count - 1)
                return Int32(rules.count - 1)
            }()
            offsets[lift] = Int32(offset)
            ruleOfLift[lift] = ruleIndex
            ranks[lift] = Int32(Self.lowerBound(thresholds, config.threshold))
            // Next lift setting: the last lift sweep varies fastest.
            for slot in digits.indices.reversed() {
                digits[slot] += 1
                if digits[slot] < settings[slot].count { break }
                digits[slot] = 0
            }
        }
        self.rules = rules
        liftOffsets = offsets
        liftRules = ruleOfLift
        liftRanks = ranks
    }

    /// The config of trajectory `index` and its part of the candidate index.
    func trajectory(_ index: Int) -> (config: Config, offset: Int) {
        var config = grid.base
        var offset = 0
        var rest = index
        for position in trajectorySweeps.reversed() {
            let sweep = grid.sweeps[position]
            let digit = rest % sweep.values.count
            rest /= sweep.values.count
            sweep.assign(digit, to: &config)
            offset += digit * strides[position]
        }
        return (config, offset)
    }

    /// The trajectories `0..<count` grouped by their digits in the sweeps
    /// that change the trajectory of a trace without detents, in order.
    private static func plainGroups(sweeps: [Sweep], trajectorySweeps: [Int], count: Int) -> [[Int]] {
        let detentsOnly = trajectorySweeps.map { sweeps[$0].configKey.detentsOnly }
        guard detentsOnly.contains(true) else { return (0..<count).map { [$0] } }
        var groupOf: [Int: Int] = [:]
        var groups: [[Int]] = []
        for index in 0..<count {
            // The index with the digits of the detents-only sweeps set to 0.
            var plain = 0
            var scale = 1
            var rest = index
            for (slot, position) in trajectorySweeps.enumerated().reversed() {
                let size = sweeps[position].values.count
                if !detentsOnly[slot] { plain += (rest % size) * scale }
                rest /= size
                scale *= size
            }
            if let group = groupOf[plain] {
                groups[group].append(index)
            } else {
                groupOf[plain] = groups.count
                groups.append([index])
            }
        }
        return groups
    }

    /// The number of elements of `sorted` that are `< value`.
    static func lowerBound(_ sorted: [Double], _ value: Double) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The number of elements of `sorted` that are `≤ value` (0 for NaN,
    /// which no threshold is ≤, as in the simulator's `≥` comparisons).
    @inline(__always)
    static func countAtMost(_ sorted: UnsafeBufferPointer<Double>, _ value: Double) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The value of one swept key that is read at the lift (or not at all): the
/// sweep and the index of its typed value.
private struct LiftSetting {
    let sweep: Sweep
    let index: Int

    func apply(to config: inout Config) {
        sweep.assign(index, to: &config)
    }
}

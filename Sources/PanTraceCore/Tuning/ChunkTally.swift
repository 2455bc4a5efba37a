import PanTraceModel

/// A chunk of traces simulated under one trajectory, reduced to what every
/// lift setting of the plan needs to be counted (``TuningEngine``).
struct ChunkTally {
    /// Per rule (`TuningPlan/rules`), intent class (none, `finish`,
    /// `cancel`) and slot: `thresholds.count + 1` slots per row. Slot `k`
    /// first counts the lifts with exactly `k` thresholds ≤ their score;
    /// ``accumulateFinishes(thresholds:)`` turns slot `j + 1` into the number
    /// of lifts that finish at threshold rank `j`.
    var histogram: [UInt32] = []
    /// The lifts, by column.
    var percents: [Double] = []
    var velocities: [Double] = []
    var extents: [Double] = []
    /// How many thresholds are ≤ the percent.
    var ranks: [Int] = []
    /// The intent class times the row width: the offset of the lift's row.
    var rowOffsets: [Int] = []
    /// Lifts by intent class.
    var lifts: (UInt32, UInt32, UInt32) = (0, 0, 0)
    /// `cancelled` results (docs/model.md §4.6).
    var cancelled: UInt32 = 0
    /// Results that did not lift, with intent `finish` (missed by every lift setting).
    var unliftedMeantToFinish: UInt32 = 0
    /// Against what the app did: results that mismatch whatever the lift's
    /// keys are (``TuningObjective/fixedMismatch(_:ending:)``).
    var fixedMismatches: UInt32 = 0

    init() {}

    /// Simulates `traces` under `config` and keeps each lift.
    init(_ traces: ArraySlice<Trace>, under config: Config, plan: TuningPlan) {
        let width = plan.thresholds.count + 1
        for trace in traces {
            let outcome = Simulator.simulate(trace, under: config)
            // The intent class of ``Intent/code(_:)``, or of what the app did
            // (traces with detents are counted elsewhere).
            let intent = plan.objective.rowClass(of: trace)
            let ending = Ending(outcome)
            if plan.objective.fixedMismatch(trace, ending: ending) { fixedMismatches += 1 }
            switch ending {
            case .lift:
                percents.append(outcome.percent)
                velocities.append(outcome.velocity)
                extents.append(LiftRule.extent(of: trace, under: config))
                ranks.append(plan.thresholds.withUnsafeBufferPointer { TuningPlan.countAtMost($0, outcome.percent) })
                rowOffsets.append(intent * width)
                switch intent {
                case 1: lifts.1 += 1
                case 2: lifts.2 += 1
                default: lifts.0 += 1
                }
            case .cancelled:
                cancelled += 1
                if intent == 1 { unliftedMeantToFinish += 1 }
            case .none:
                if intent == 1 { unliftedMeantToFinish += 1 }
            }
        }
    }

    /// Counts every kept lift under the rules `rules` of `plan` into
    /// `histogram` (whose rows for those rules nobody else writes).
    func count(rules: Range<Int>, of plan: TuningPlan, into histogram: UnsafeMutableBufferPointer<UInt32>) {
        let width = plan.thresholds.count + 1
        plan.thresholds.withUnsafeBufferPointer { sorted in
            for ruleIndex in rules {
                let rule = plan.rules[ruleIndex]
                let row = ruleIndex * 3 * width
                if rule.guarded { continue }
                if case .threshold = rule.mechanism, rule.thresholdUnit == .fraction {
                    // The common case: the rank of the percent, computed once per lift.
                    for index in percents.indices { histogram[row + rowOffsets[index] + ranks[index]] += 1 }
                    continue
                }
                for index in percents.indices {
                    let rank = rule.finishCount(
                        sorted: sorted, percent: percents[index], velocity: velocities[index], extent: extents[index],
                        percentRank: ranks[index])
                    histogram[row + rowOffsets[index] + rank] += 1
                }
            }
        }
    }

    /// Adds another part of the chunk: its histogram, or its kept lifts when `keepingLifts`.
    mutating func merge(_ other: ChunkTally, keepingLifts: Bool) {
        if histogram.isEmpty {
            histogram = other.histogram
        } else {
            for index in other.histogram.indices { histogram[index] += other.histogram[index] }
        }
        if keepingLifts {
            percents += other.percents
            velocities += other.velocities
            extents += other.extents
            ranks += other.ranks
            rowOffsets += other.rowOffsets
        }
        lifts.0 += other.lifts.0
        lifts.1 += other.lifts.1
        lifts.2 += other.lifts.2
        cancelled += other.cancelled
        unliftedMeantToFinish += other.unliftedMeantToFinish
        fixedMismatches += other.fixedMismatches
    }

    /// Running sums from the top of each row: slot `k` becomes the number of
    /// lifts whose score is ≥ the `k`-th smallest threshold.
    mutating func accumulateFinishes(thresholds: Int) {
        let width = thresholds + 1
        for row in stride(from: 0, to: histogram.count, by: width) {
            var running: UInt32 = 0
            for slot in stride(from: row + width - 1, through: row + 1, by: -1) {
                running += histogram[slot]
                histogram[slot] = running
            }
        }
    }
}

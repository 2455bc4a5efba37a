import Dispatch

/// Decides every candidate of a ``TuningGrid`` over a stream of traces,
/// exactly as `replay` would decide each one (SPEC 7.5), and counts.
///
/// Traces are taken one at a time (``add(_:)``) and processed in chunks of
/// ``chunkSize``: memory holds one chunk and six counts per candidate (as
/// 32-bit integers), never the corpus. Within a chunk each trace is
/// simulated once per trajectory of the grid (see ``TuningPlan``) on every
/// core, and every candidate that differs only in the keys read at the lift
/// is decided from that simulation by ``LiftRule``: one binary search per
/// trace and rule among the swept thresholds, instead of one simulation
/// per candidate. The counts are sums of integers, so the result does not
/// depend on how the work was split.
///
/// ```swift
/// var engine = TuningEngine(grid: grid)
/// for trace in traces { engine.add(trace) }
/// let results = engine.finish()
/// ```
public struct TuningEngine {
    /// Traces per chunk: large enough to keep both cores busy, small enough
    /// that a chunk of traces stays a few MiB.
    public static let chunkSize = 2048

    /// The candidates.
    public let grid: TuningGrid
    private let plan: TuningPlan
    private let chunkSize: Int
    private var pending: [Trace] = []
    /// Per candidate: finish, cancel, accidental, missed.
    private var counts: [UInt32]
    private var traceCount = 0
    private var labelledCount = 0

    /// An engine for `grid`, with no trace yet.
    public init(grid: TuningGrid) {
        self.init(grid: grid, chunkSize: Self.chunkSize)
    }

    /// An engine that processes `chunkSize` traces at a time (tests use
    /// small chunks to cross chunk boundaries).
    init(grid: TuningGrid, chunkSize: Int) {
        self.chunkSize = max(1, chunkSize)
        self.grid = grid
        plan = TuningPlan(grid: grid)
        counts = [UInt32](repeating: 0, count: 4 * grid.count)
        pending.reserveCapacity(self.chunkSize)
    }

    /// Counts `trace` for every candidate.
    public mutating func add(_ trace: Trace) {
        pending.append(trace)
        if pending.count >= chunkSize { flush() }
    }

    /// Counts every trace of `traces`, one chunk in memory at a time.
    public mutating func add(contentsOf traces: some Sequence<Trace>) {
        for trace in traces { add(trace) }
    }

    /// The counts of every candidate over every trace added.
    public mutating func finish() -> TuningResults {
        flush()
        return TuningResults(grid: grid, traces: traceCount, labelled: labelledCount, packedCounts: counts)
    }

    /// The counts of every candidate of `grid` over `traces`.
    public static func evaluate(_ traces: some Sequence<Trace>, grid: TuningGrid) -> TuningResults {
        var engine = TuningEngine(grid: grid)
        engine.add(contentsOf: traces)
        return engine.finish()
    }

    // MARK: One chunk

    /// What the decision needs of one simulated trace.
    private struct Kept {
        var ending = Ending.none
        var percent = 0.0
        var velocity = 0.0
        var extent = 0.0
    }

    /// The lifts of one chunk under one trajectory, by column, with the
    /// results that did not end in a lift tallied.
    private struct Lifts {
        var percents: [Double] = []
        var velocities: [Double] = []
        var extents: [Double] = []
        /// How many thresholds are ≤ the percent: the rank of the percent.
        var percentRanks: [Int32] = []
        /// 0 no intent, 1 `finish`, 2 `cancel`.
        var intents: [UInt8] = []
        var byIntent: (UInt32, UInt32, UInt32) = (0, 0, 0)
        /// `cancelled` results; results that did not lift with intent `finish`.
        var cancelled: UInt32 = 0
        var unliftedMeantToFinish: UInt32 = 0
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        traceCount += pending.count
        labelledCount += pending.reduce(0) { $0 + ($1.intent == nil ? 0 : 1) }
        var kept = [Kept](repeating: Kept(), count: pending.count)
        for index in 0..<plan.trajectoryCount {
            let (config, offset) = plan.trajectory(index)
            simulate(under: config, into: &kept)
            let lifts = Self.lifts(kept, pending, thresholds: plan.thresholds)
            let finishes = finishCounts(lifts)
            add(lifts, finishes, candidateOffset: offset)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Simulates the chunk under `config` on every core.
    private func simulate(under config: Config, into kept: inout [Kept]) {
        let traces = pending
        let slices = min(traces.count, 32)
        kept.withUnsafeMutableBufferPointer { buffer in
            let output = SendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                for index in (slice * traces.count / slices)..<((slice + 1) * traces.count / slices) {
                    let trace = traces[index]
                    let outcome = Simulator.simulate(trace, under: config)
                    output.base[index] = Kept(
                        ending: Ending(outcome), percent: outcome.percent, velocity: outcome.velocity,
                        extent: LiftRule.extent(of: trace, under: config))
                }
            }
        }
    }

    private static func lifts(_ kept: [Kept], _ traces: [Trace], thresholds: [Double]) -> Lifts {
        var lifts = Lifts()
        for (result, trace) in zip(kept, traces) {
            let intent: UInt8 = trace.intent == .finish ? 1 : trace.intent == .cancel ? 2 : 0
            guard result.ending == .lift else {
                if result.ending == .cancelled { lifts.cancelled += 1 }
                if intent == 1 { lifts.unliftedMeantToFinish += 1 }
                continue
            }
            lifts.percents.append(result.percent)
            lifts.velocities.append(result.velocity)
            lifts.extents.append(result.extent)
            lifts.intents.append(intent)
            let rank = thresholds.withUnsafeBufferPointer { TuningPlan.countAtMost($0, result.percent) }
            lifts.percentRanks.append(Int32(rank))
            switch intent {
            case 1: lifts.byIntent.1 += 1
            case 2: lifts.byIntent.2 += 1
            default: lifts.byIntent.0 += 1
            }
        }
        return lifts
    }

    /// For each rule, intent class (none, finish, cancel) and threshold rank
    /// `j`: how many lifts finish (`thresholds[j] ≤ score`). Laid out as
    /// `[rule][intent][j]` with `thresholds.count + 1` slots per row
    /// (slot `j + 1` holds rank `j`).
    private func finishCounts(_ lifts: Lifts) -> [UInt32] {
        let width = plan.thresholds.count + 1
        var histogram = [UInt32](repeating: 0, count: plan.rules.count * 3 * width)
        let rules = plan.rules
        let thresholds = plan.thresholds
        histogram.withUnsafeMutableBufferPointer { buffer in
            let output = SendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: rules.count) { ruleIndex in
                let rule = rules[ruleIndex]
                let row = ruleIndex * 3 * width
                thresholds.withUnsafeBufferPointer { sorted in
                    func count(_ index: Int, finishing: Int) {
                        output.base[row + Int(lifts.intents[index]) * width + finishing] += 1
                    }
                    switch rule {
                    case .never:
                        break
                    case .threshold:
                        for index in lifts.percents.indices { count(index, finishing: Int(lifts.percentRanks[index])) }
                    case .velocity(let flick):
                        // LiftRule.score: ±infinity past the flick velocity, else the percent.
                        for index in lifts.percents.indices {
                            let v = lifts.velocities[index]
                            let finishing = v >= flick ? sorted.count : v <= -flick ? 0 : Int(lifts.percentRanks[index])
                            count(index, finishing: finishing)
                        }
                    case .projection:
                        for index in lifts.percents.indices {
                            let score = rule.score(
                                percent: lifts.percents[index], velocity: lifts.velocities[index],
                                extent: lifts.extents[index])
                            count(index, finishing: TuningPlan.countAtMost(sorted, score))
                        }
                    }
                }
                // Running sums from the top: slot k becomes the number of lifts
                // whose score is ≥ thresholds[k − 1].
                for intent in 0..<3 {
                    var running: UInt32 = 0
                    for slot in stride(from: width - 1, through: 1, by: -1) {
                        running += output.base[row + intent * width + slot]
                        output.base[row + intent * width + slot] = running
                    }
                }
            }
        }
        return histogram
    }

    /// Adds one trajectory's counts over the chunk to each of its candidates.
    private mutating func add(_ lifts: Lifts, _ finishes: [UInt32], candidateOffset: Int) {
        let width = plan.thresholds.count + 1
        let liftTotal = lifts.byIntent.0 + lifts.byIntent.1 + lifts.byIntent.2
        for lift in plan.liftOffsets.indices {
            let row = Int(plan.liftRules[lift]) * 3 * width + Int(plan.liftRanks[lift]) + 1
            let finishNone = finishes[row]
            let finishMeant = finishes[row + width]
            let finishAgainst = finishes[row + 2 * width]
            let finish = finishNone + finishMeant + finishAgainst
            let slot = 4 * (candidateOffset + Int(plan.liftOffsets[lift]))
            counts[slot] += finish
            counts[slot + 1] += liftTotal - finish + lifts.cancelled
            counts[slot + 2] += finishAgainst
            counts[slot + 3] += lifts.byIntent.1 - finishMeant + lifts.unliftedMeantToFinish
        }
    }
}

/// A buffer written by concurrent iterations at disjoint indexes.
private struct SendableBuffer<Element>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Element>
    init(_ base: UnsafeMutableBufferPointer<Element>) { self.base = base }
}

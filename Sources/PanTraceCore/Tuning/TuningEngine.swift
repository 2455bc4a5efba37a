import Dispatch
import PanTraceModel

/// Decides every candidate of a ``TuningGrid`` over a stream of traces,
/// exactly as `replay` would decide each one (docs/commands.md §7.5), and counts.
///
/// Traces are taken one at a time (``add(_:)``) and processed in chunks of
/// ``chunkSize``: memory holds one chunk and five counts per candidate (as
/// 32-bit integers), never the corpus. Within a chunk each trace is
/// simulated once per trajectory of the grid (see `TuningPlan`) on every
/// core, and every candidate that differs only in the keys read at the lift
/// is decided from that simulation by `LiftRule`: one binary search per
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
    public static let chunkSize = 4096
    /// The most histogram counters all slices may hold at once (4 MiB).
    static let sliceHistogramBudget = 1 << 20

    /// The candidates.
    public let grid: TuningGrid
    private let plan: TuningPlan
    private let chunkSize: Int
    private let sliceHistogramBudget: Int
    private var pending: [Trace] = []
    /// Per candidate: finish, cancel, accidental, missed, wrongDetent.
    private var counts: [UInt32]
    private var withDetents = false
    private var traceCount = 0
    private var labelledCount = 0

    /// An engine for `grid`, with no trace yet.
    public init(grid: TuningGrid) {
        self.init(grid: grid, chunkSize: Self.chunkSize)
    }

    /// An engine that processes `chunkSize` traces at a time (tests use
    /// small chunks to cross chunk boundaries).
    init(grid: TuningGrid, chunkSize: Int, sliceHistogramBudget: Int = Self.sliceHistogramBudget) {
        self.chunkSize = max(1, chunkSize)
        self.sliceHistogramBudget = sliceHistogramBudget
        self.grid = grid
        plan = TuningPlan(grid: grid)
        counts = [UInt32](repeating: 0, count: TuningResults.countsPerCandidate * grid.count)
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
        var grid = grid
        grid.withDetents = withDetents
        return TuningResults(grid: grid, traces: traceCount, labelled: labelledCount, packedCounts: counts)
    }

    /// The counts of every candidate of `grid` over `traces`.
    public static func evaluate(_ traces: some Sequence<Trace>, grid: TuningGrid) -> TuningResults {
        var engine = TuningEngine(grid: grid)
        engine.add(contentsOf: traces)
        return engine.finish()
    }

    // MARK: One chunk

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        traceCount += pending.count
        let objective = grid.objective
        labelledCount += pending.reduce(0) { $0 + (objective.isLabelled($1) ? 1 : 0) }
        if pending.contains(where: { $0.detents != nil }) {
            // docs/model.md §4.10: a trace with detents is decided by its
            // release height and its anchors, not by the percent the
            // histogram ranks: it is simulated once per trajectory and each
            // candidate decides its lift with the detent rule.
            withDetents = true
            let sheets = pending.filter { $0.detents != nil }
            pending.removeAll { $0.detents != nil }
            for group in plan.plainTrajectories { countSheets(sheets, trajectories: group) }
        }
        // A chunk of sheets alone leaves nothing for the histograms.
        if !pending.isEmpty {
            for group in plan.plainTrajectories {
                let tally = tally(under: plan.trajectory(group[0]).config)
                for index in group { add(tally, candidateOffset: plan.trajectory(index).offset) }
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The chunk under one trajectory's `config`, in slices on every core.
    ///
    /// With a small histogram each slice simulates its traces and counts its
    /// own lifts into its own histogram, so the cores meet once. A large one
    /// (many rules × many thresholds) is not copied per slice: the slices
    /// keep their lifts, and then the rules are counted in parallel, each
    /// into its own rows.
    private func tally(under config: Config) -> ChunkTally {
        let traces = pending
        let plan = plan
        let slices = min(traces.count, 8)
        let histogramSize = plan.rules.count * 3 * (plan.thresholds.count + 1)
        let perSlice = histogramSize * slices <= sliceHistogramBudget
        var partials = [ChunkTally](repeating: ChunkTally(), count: slices)
        partials.withUnsafeMutableBufferPointer { buffer in
            let output = SendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                let range = (slice * traces.count / slices)..<((slice + 1) * traces.count / slices)
                var part = ChunkTally(traces[range], under: config, plan: plan)
                if perSlice {
                    var histogram = [UInt32](repeating: 0, count: histogramSize)
                    histogram.withUnsafeMutableBufferPointer { part.count(rules: plan.rules.indices, of: plan, into: $0) }
                    part.histogram = histogram
                }
                output.base[slice] = part
            }
        }
        var total = ChunkTally()
        for partial in partials { total.merge(partial, keepingLifts: !perSlice) }
        if !perSlice {
            // The lifts are read from a copy made before the histogram exists,
            // so that writing the histogram never copies it.
            let lifts = total
            total.histogram = [UInt32](repeating: 0, count: histogramSize)
            let blocks = min(plan.rules.count, 64)
            total.histogram.withUnsafeMutableBufferPointer { buffer in
                let output = SendableBuffer(buffer)
                DispatchQueue.concurrentPerform(iterations: blocks) { block in
                    let rules = (block * plan.rules.count / blocks)..<((block + 1) * plan.rules.count / blocks)
                    lifts.count(rules: rules, of: plan, into: output.base)
                }
            }
        }
        total.accumulateFinishes(thresholds: plan.thresholds.count)
        return total
    }

    /// Simulates `traces` (with detents) under the trajectories `group` —
    /// which differ only in keys read for detents alone, so a sheet that
    /// ``Trace/mayExpandBeforeScrolling`` cannot is simulated once for all of
    /// them — and counts each of their candidates, decided from that
    /// simulation (``SheetLift``).
    private mutating func countSheets(_ traces: [Trace], trajectories group: [Int]) {
        var shared: [SheetLift?] = []
        for (position, index) in group.enumerated() {
            let config = plan.trajectory(index).config
            var lifts = position == 0 ? [SheetLift?](repeating: nil, count: traces.count) : shared
            let slices = min(traces.count, 8)
            lifts.withUnsafeMutableBufferPointer { buffer in
                let output = SendableBuffer(buffer)
                DispatchQueue.concurrentPerform(iterations: slices) { slice in
                    for trace in (slice * traces.count / slices)..<((slice + 1) * traces.count / slices)
                    where position == 0 || traces[trace].mayExpandBeforeScrolling {
                        output.base[trace] = SheetLift(traces[trace], under: config)
                    }
                }
            }
            if position == 0 { shared = lifts }
            countSheets(traces, lifts.compactMap { $0 }, trajectory: index)
        }
    }

    /// Counts each candidate of trajectory `index` over `traces`, decided from their `sheets`.
    private mutating func countSheets(_ traces: [Trace], _ sheets: [SheetLift], trajectory index: Int) {
        let offset = plan.trajectory(index).offset
        let grid = grid
        let objective = grid.objective
        let liftOffsets = plan.liftOffsets
        let width = TuningResults.countsPerCandidate
        let blocks = min(liftOffsets.count, 64)
        counts.withUnsafeMutableBufferPointer { buffer in
            let output = SendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: blocks) { block in
                for lift in (block * liftOffsets.count / blocks)..<((block + 1) * liftOffsets.count / blocks) {
                    let candidate = offset + Int(liftOffsets[lift])
                    let config = grid.config(at: candidate)
                    var tally = TuningCounts()
                    for (trace, sheet) in zip(traces, sheets) {
                        let rest = sheet.rest(under: config)
                        tally.add(
                            rest.decision,
                            agreement: objective.agreement(
                                of: trace, decision: rest.decision, detent: rest.detent, startDetent: sheet.startDetent))
                    }
                    let slot = width * candidate
                    output.base[slot] += UInt32(tally.finish)
                    output.base[slot + 1] += UInt32(tally.cancel)
                    output.base[slot + 2] += UInt32(tally.accidental)
                    output.base[slot + 3] += UInt32(tally.missed)
                    output.base[slot + 4] += UInt32(tally.wrongDetent)
                }
            }
        }
    }

    /// Adds one trajectory's counts over the chunk to each of its candidates.
    private mutating func add(_ tally: ChunkTally, candidateOffset: Int) {
        let width = plan.thresholds.count + 1
        let liftTotal = tally.lifts.0 + tally.lifts.1 + tally.lifts.2
        for lift in plan.liftOffsets.indices {
            let row = Int(plan.liftRules[lift]) * 3 * width + Int(plan.liftRanks[lift]) + 1
            let finishNone = tally.histogram[row]
            let finishMeant = tally.histogram[row + width]
            let finishAgainst = tally.histogram[row + 2 * width]
            let finish = finishNone + finishMeant + finishAgainst
            let slot = TuningResults.countsPerCandidate * (candidateOffset + Int(plan.liftOffsets[lift]))
            counts[slot] += finish
            counts[slot + 1] += liftTotal - finish + tally.cancelled
            counts[slot + 2] += finishAgainst
            counts[slot + 3] += tally.lifts.1 - finishMeant + tally.unliftedMeantToFinish + tally.fixedMismatches
        }
    }
}


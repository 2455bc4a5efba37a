import PanTraceModel

/// The counts of every candidate of a tune, which of them are on the Pareto
/// frontier, and the best one (docs/commands.md §7.5).
///
/// Counts are kept as five 32-bit integers per candidate (the other two
/// follow from the totals), so a million candidates take 20 MB.
public struct TuningResults: Sendable {
    /// The candidates.
    public let grid: TuningGrid
    /// The traces counted.
    public let traces: Int
    /// The traces with an intent.
    public let labelled: Int
    /// Per candidate: finish, cancel, accidental, missed, wrongDetent.
    private let packedCounts: [UInt32]
    /// Counts per candidate in ``packedCounts``.
    static let countsPerCandidate = 5
    /// Per candidate: on the Pareto frontier of accidental vs missed.
    private let frontier: [Bool]
    /// Per candidate: the smallest `agree` among it and its neighbours
    /// (docs/tune.md "The robust best").
    private let floors: [Int32]

    /// Results from counts packed as four per candidate (finish, cancel,
    /// accidental, missed) over `traces` traces of which `labelled` have an intent.
    init(grid: TuningGrid, traces: Int, labelled: Int, packedCounts: [UInt32]) {
        precondition(packedCounts.count == Self.countsPerCandidate * grid.count, "five counts per candidate")
        self.grid = grid
        self.traces = traces
        self.labelled = labelled
        self.packedCounts = packedCounts
        frontier = Self.frontier(count: grid.count) { index in
            (packedCounts[Self.countsPerCandidate * index + 2], packedCounts[Self.countsPerCandidate * index + 3])
        }
        floors = Self.floors(grid: grid) { index in
            labelled - Int(packedCounts[Self.countsPerCandidate * index + 2]) - Int(packedCounts[Self.countsPerCandidate * index + 3])
                - Int(packedCounts[Self.countsPerCandidate * index + 4])
        }
    }

    /// The floor of candidate `index`: the smallest `agree` among it and its
    /// neighbours (``TuningGrid/neighbours(of:)``; every neighbour counts,
    /// whatever its `accidental`).
    public func floor(at index: Int) -> Int { Int(floors[index]) }

    /// Results from whole counts, one per candidate of `grid` (for reports
    /// made elsewhere, and tests).
    public init(grid: TuningGrid, traces: Int, labelled: Int, counts: [TuningCounts]) {
        precondition(counts.count == grid.count, "one count per candidate")
        var packed: [UInt32] = []
        packed.reserveCapacity(Self.countsPerCandidate * counts.count)
        for count in counts {
            packed += [count.finish, count.cancel, count.accidental, count.missed, count.wrongDetent].map {
                UInt32(clamping: $0)
            }
        }
        self.init(grid: grid, traces: traces, labelled: labelled, packedCounts: packed)
    }

    /// The number of candidates.
    public var count: Int { grid.count }

    /// The counts of candidate `index`.
    public func counts(at index: Int) -> TuningCounts {
        let finish = Int(packedCounts[Self.countsPerCandidate * index])
        let cancel = Int(packedCounts[Self.countsPerCandidate * index + 1])
        let accidental = Int(packedCounts[Self.countsPerCandidate * index + 2])
        let missed = Int(packedCounts[Self.countsPerCandidate * index + 3])
        let wrongDetent = Int(packedCounts[Self.countsPerCandidate * index + 4])
        return TuningCounts(
            finish: finish, cancel: cancel, none: traces - finish - cancel,
            agree: labelled - accidental - missed - wrongDetent, accidental: accidental, missed: missed,
            wrongDetent: wrongDetent)
    }

    /// True when no other candidate has `accidental` and `missed` both less
    /// than or equal and one of them less (docs/commands.md §7.5); equal candidates are
    /// all on the frontier.
    public func isPareto(_ index: Int) -> Bool { frontier[index] }

    /// The candidates on the Pareto frontier, by fewer accidental, then in
    /// candidate order.
    public var paretoIndexes: [Int] {
        (0..<grid.count).filter { frontier[$0] }.sorted { (packedCounts[Self.countsPerCandidate * $0 + 2], $0) < (packedCounts[Self.countsPerCandidate * $1 + 2], $1) }
    }

    /// The best candidate, the robust best of docs/tune.md: the largest
    /// floor (``floor(at:)``) among those with `accidental ≤ maxAccidental`
    /// (among all when nil); ties to the base's settings when they are a
    /// candidate (``TuningGrid/baseIndex``: a change must earn its place),
    /// then to the most `agree`, then to fewer `accidental`, then to the
    /// earlier candidate. Nil when none is within the limit.
    ///
    /// A value that wins by a few gestures while its neighbours lose is a
    /// knife-edge: its floor is its neighbours' agreement, so a plateau
    /// beats it.
    public func best(maxAccidental: Int? = nil) -> Int? {
        var best: (index: Int, floor: Int32, agree: Int, accidental: Int)? = nil
        for index in 0..<grid.count {
            let accidental = Int(packedCounts[Self.countsPerCandidate * index + 2])
            if let maxAccidental, accidental > maxAccidental { continue }
            let floor = floors[index]
            let agree = labelled - accidental - Int(packedCounts[Self.countsPerCandidate * index + 3]) - Int(packedCounts[Self.countsPerCandidate * index + 4])
            if let current = best {
                if floor != current.floor {
                    if floor < current.floor { continue }
                } else if agree != current.agree {
                    if agree < current.agree { continue }
                } else if accidental >= current.accidental {
                    continue
                }
            }
            best = (index, floor, agree, accidental)
        }
        // The base keeps its place against any candidate whose floor is no larger.
        if let found = best, let base = grid.baseIndex, base != found.index,
            maxAccidental.map({ Int(packedCounts[Self.countsPerCandidate * base + 2]) <= $0 }) ?? true, floors[base] == found.floor
        {
            return base
        }
        return best?.index
    }

    /// True when the best (``best(maxAccidental:)``) is the base's own
    /// settings: the report says that no change is recommended.
    public func keepsBase(maxAccidental: Int? = nil) -> Bool {
        guard let best = best(maxAccidental: maxAccidental) else { return false }
        return best == grid.baseIndex
    }

    /// The `FROM:TO:STEP` sweeps at whose first or last value candidate
    /// `index` lies, with the end it lies at (docs/tune.md "The robust
    /// best"): its neighbours are on one side only, so when it is the best
    /// the sweep should be widened past it. A sweep of one value has no end
    /// to widen past.
    public func sweepEnds(at index: Int) -> [(sweep: Sweep, atStart: Bool)] {
        zip(grid.sweeps, grid.digits(of: index)).compactMap { sweep, digit in
            guard sweep.isRange, sweep.values.count > 1 else { return nil }
            if digit == 0 { return (sweep, true) }
            if digit == sweep.values.count - 1 { return (sweep, false) }
            return nil
        }
    }

    /// Every candidate's floor, from every candidate's `agree`.
    static func floors(grid: TuningGrid, agree: (Int) -> Int) -> [Int32] {
        let agrees = (0..<grid.count).map { Int32(clamping: agree($0)) }
        guard grid.sweeps.contains(where: \.isRange) else { return agrees }
        let strides = grid.strides
        return (0..<grid.count).map { index in
            var floor = agrees[index]
            grid.forEachNeighbour(of: index, strides: strides) { floor = min(floor, agrees[$0]) }
            return floor
        }
    }

    /// The config to write as the best: the base config with the
    /// best candidate's settings, its name followed by their `key=value`s
    /// (``TuningGrid/namedConfig(at:)``). Nil when no candidate is within the limit.
    public func bestConfig(maxAccidental: Int? = nil) -> Config? {
        best(maxAccidental: maxAccidental).map(grid.namedConfig(at:))
    }

    /// The frontier by one sort: a candidate is dominated when one with fewer
    /// accidental has at most its missed, or one with as many accidental has fewer missed.
    static func frontier(count: Int, _ point: (Int) -> (UInt32, UInt32)) -> [Bool] {
        // Int32 indexes: a million candidates sort in 4 MB.
        var order = (0..<Int32(count)).map { $0 }
        order.sort { point(Int($0)) < point(Int($1)) }
        var frontier = [Bool](repeating: false, count: count)
        var fewestMissedBefore = UInt32.max  // among candidates with fewer accidental
        var start = 0
        while start < order.count {
            let (accidental, fewestMissed) = point(Int(order[start]))
            var end = start
            while end < order.count, point(Int(order[end])).0 == accidental {
                let missed = point(Int(order[end])).1
                frontier[Int(order[end])] = missed == fewestMissed && missed < fewestMissedBefore
                end += 1
            }
            fewestMissedBefore = min(fewestMissedBefore, fewestMissed)
            start = end
        }
        return frontier
    }
}

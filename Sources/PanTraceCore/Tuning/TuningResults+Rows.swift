import PanTraceModel

/// One row of the text report of a tune: a candidate, and the candidates
/// that differ from it only in keys its decision rule never reads.
public struct TuningRow: Equatable, Sendable {
    /// The first candidate of the row (the others decide every trace alike).
    public var first: Int
    /// How many candidates the row stands for.
    public var members: Int
    /// The swept keys its rule never reads (docs/tune.md "Keys a rule never reads").
    public var inert: [String]
}

/// The rows the text report shows, and what it leaves out.
public struct TuningRowSelection: Equatable, Sendable {
    /// The rows shown, in candidate order.
    public var rows: [TuningRow]
    /// Rows after merging inert candidates, shown or not.
    public var totalRows: Int
    /// Rows left out.
    public var leftOutRows: Int { totalRows - rows.count }
    /// Candidates left out (in the rows left out).
    public var leftOutCandidates: Int
}

extension TuningResults {
    /// The most rows the text report shows (docs/tune.md).
    public static let textRowLimit = 30

    /// Every candidate merged into rows: candidates that differ only in
    /// keys their rule never reads are one row, at its first candidate.
    /// Returns the rows in candidate order and each candidate's row.
    public func mergedRows() -> (rows: [TuningRow], rowOf: [Int32]) {
        guard grid.mayHaveInertKeys else {
            return ((0..<count).map { TuningRow(first: $0, members: 1, inert: []) }, (0..<Int32(count)).map { $0 })
        }
        let sizes = grid.sweeps.map(\.values.count)
        var rowByKey: [Int: Int32] = [:]
        var rows: [TuningRow] = []
        var rowOf = [Int32](repeating: 0, count: count)
        for index in 0..<count {
            let digits = grid.digits(of: index)
            let inert = grid.inertPositions(digits: digits)
            // A mixed-radix key with an extra digit value (the size) for "any".
            var key = 0
            for position in sizes.indices {
                key = key * (sizes[position] + 1) + (inert[position] ? sizes[position] : digits[position])
            }
            if let row = rowByKey[key] {
                rows[Int(row)].members += 1
                rowOf[index] = row
            } else {
                let row = Int32(rows.count)
                rowByKey[key] = row
                rowOf[index] = row
                let keys = zip(grid.sweeps, inert).compactMap { $1 ? $0.key : nil }
                rows.append(TuningRow(first: index, members: 1, inert: keys))
            }
        }
        return (rows, rowOf)
    }

    /// The rows of the text report: at most `limit` after merging (the
    /// best's, the base's when it is a candidate, the Pareto frontier's,
    /// then evenly spaced others), in candidate order.
    public func textRows(best: Int?, limit: Int = Self.textRowLimit) -> TuningRowSelection {
        let (rows, rowOf) = mergedRows()
        guard rows.count > limit else {
            return TuningRowSelection(rows: rows, totalRows: rows.count, leftOutCandidates: 0)
        }
        var chosen = Set<Int>()
        for index in [best, grid.baseIndex].compactMap({ $0 }) where chosen.count < limit {
            chosen.insert(Int(rowOf[index]))
        }
        let pareto = rows.indices.filter { isPareto(rows[$0].first) && !chosen.contains($0) }
        for row in Self.evenlySpaced(pareto, count: limit - chosen.count) { chosen.insert(row) }
        let others = rows.indices.filter { !chosen.contains($0) }
        for row in Self.evenlySpaced(others, count: limit - chosen.count) { chosen.insert(row) }
        let shown = chosen.sorted().map { rows[$0] }
        let shownCandidates = shown.reduce(0) { $0 + $1.members }
        return TuningRowSelection(rows: shown, totalRows: rows.count, leftOutCandidates: count - shownCandidates)
    }

    /// `count` elements of `items` spread evenly from the first to the last (all when they fit).
    static func evenlySpaced(_ items: [Int], count: Int) -> [Int] {
        guard count > 0, !items.isEmpty else { return [] }
        guard items.count > count else { return items }
        if count == 1 { return [items[0]] }
        return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
    }
}

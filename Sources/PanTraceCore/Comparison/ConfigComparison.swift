import PanTraceModel

import Dispatch

/// Two or more configs side by side over the same traces (`pantrace
/// compare`): each config's counts, the pairwise matrix of differing
/// decisions, and the traces the configs are most divided on.
///
/// Each config is decided exactly as `replay` would decide it, the way
/// ``TuningEngine`` decides candidates: the configs that differ only in
/// keys that never change a trajectory (`ConfigKey/Stage`) share one
/// simulation of each trace, and each of them is decided from its percent,
/// velocity and rest by `LiftRule`. A key that changes only the
/// trajectory of a sheet with detents over a scroll view
/// (`ConfigKey/detentsOnly`: `scrollExpands`) splits the groups only for
/// such traces: comparing every preset simulates every other trace five
/// times for fifteen configs.
///
/// ```swift
/// var comparison = ConfigComparison(configs: Preset.all.map(\.config))
/// comparison.add(contentsOf: traces)
/// print(comparison.textReport())
/// ```
public struct ConfigComparison: Sendable {
    /// One config's counts over the traces added: `finish`, `cancel`,
    /// `none`, `agree`, `accidental` and `missed` as tune counts them
    /// (``TuningCounts``, read through this type), then its own two.
    @dynamicMemberLookup
    public struct Counts: Equatable, Sendable {
        /// The decisions, and their agreement with intent.
        public var tally = TuningCounts()
        /// Decided by a stale velocity (docs/model.md §4.6).
        public var stale = 0
        /// Traces whose decision differs from the first config's.
        public var differs = 0
        /// Results that match what the app did (`Observed/matches(decision:detent:withDetents:)`),
        /// over the traces with `observed`.
        public var matches = 0

        /// `finish`, `cancel`, `none`, `agree`, `accidental` or `missed`.
        public subscript(dynamicMember count: KeyPath<TuningCounts, Int>) -> Int { tally[keyPath: count] }
    }

    /// A trace the configs split on.
    public struct DividedTrace: Equatable, Sendable {
        public var name: String
        public var intent: Intent?
        /// One decision per config, in the configs' order.
        public var decisions: [Decision]
        /// For a trace with detents, where each config leaves the sheet
        /// (`dismissed` or a detent's name, `Rest/word`); nil without detents.
        public var rests: [String]? = nil
        /// Where the trace is released under the first config (percent,
        /// velocity), or `nil` when it is not (the release map numbers it).
        public var release: Release?
        /// How many configs finish it.
        public var finishing: Int {
            decisions.reduce(0) { $0 + ($1 == .finish ? 1 : 0) }
        }
        /// How evenly the configs split on where the sheet rests: the configs
        /// that rest elsewhere than the most common place (with detents; else
        /// the even split of finish against the rest). Counted once, when the
        /// trace is added, for the sorts that keep the most divided.
        var restSplit = 0
        /// The even split of finish against the rest, counted once as ``restSplit`` is.
        var evenSplit = 0

        /// The configs that leave the sheet elsewhere than the most common place.
        static func restSplit(_ rests: [String]) -> Int {
            var counts: [String: Int] = [:]
            for rest in rests { counts[rest, default: 0] += 1 }
            return rests.count - (counts.values.max() ?? 0)
        }
    }

    /// A release: percent complete and velocity in pt/s.
    public struct Release: Equatable, Sendable {
        public var percent: Double
        public var velocity: Double
    }

    /// Where a trace's release is drawn (the first config's), for the HTML page.
    package struct ReleaseMark: Sendable {
        package var percent: Float
        package var velocity: Float
        package var intent: UInt8
        package var stale: Bool
        package var divided: Bool
    }

    /// Traces per chunk, simulated on every core.
    static let chunkSize = 4096

    /// The configs, in the order given.
    public let configs: [Config]
    /// The most divided traces kept.
    public let limit: Int
    /// The traces added.
    public private(set) var traces = 0
    /// The traces added with an intent.
    public private(set) var labelled = 0
    /// The traces added with an observed outcome (docs/model.md "What the app did").
    public private(set) var observed = 0
    /// The traces added with detents (docs/model.md §4.10).
    public private(set) var withDetents = 0
    /// Per config, in order.
    public private(set) var counts: [Counts]
    /// `matrix[i][j]`: traces whose decisions differ between configs `i` and `j`.
    public private(set) var matrix: [[Int]]
    /// The first config's releases (up to ``releaseLimit``), for the page.
    package private(set) var releases: [ReleaseMark] = []
    /// The sheets with detents at their release under the first config, for
    /// their own maps (docs/model.md §4.10); they are not in ``releases``.
    package private(set) var sheets = SheetReleases()
    /// The extents `E` of the traces under each config, counted, for the boundaries.
    package private(set) var extentCounts: [[Double: Int]]
    private var divided: [DividedTrace] = []
    private var pending: [Trace] = []
    /// Configs grouped by trajectory: the indexes of the configs that share one simulation.
    private let groups: [[Int]]
    /// The same for the traces whose trajectory no key read only for
    /// detents (``ConfigKey/detentsOnly``) changes (``Trace/mayExpandBeforeScrolling``).
    private let plainGroups: [[Int]]
    /// The traces added that `scrollExpands` may move.
    private var expandable = 0
    private let rules: [LiftRule]

    /// The most releases the page keeps.
    package static let releaseLimit = 100_000

    /// A comparison of `configs` (at least one), keeping the `limit` most divided traces.
    public init(configs: [Config], limit: Int = 20) {
        self.configs = configs
        self.limit = max(0, limit)
        counts = Array(repeating: Counts(), count: configs.count)
        matrix = Array(repeating: Array(repeating: 0, count: configs.count), count: configs.count)
        extentCounts = Array(repeating: [:], count: configs.count)
        rules = configs.map(LiftRule.init)
        groups = Self.groups(of: configs, withDetents: true)
        plainGroups = Self.groups(of: configs, withDetents: false)
    }

    /// The indexes of the configs that share one trajectory, for traces with or without detents.
    private static func groups(of configs: [Config], withDetents: Bool) -> [[Int]] {
        var keys: [Config] = []
        var groups: [[Int]] = []
        for (index, config) in configs.enumerated() {
            // The keys that never change a trajectory are set to the defaults' values.
            var key = config
            for entry in ConfigKey.all where entry.stage != .trajectory || (entry.detentsOnly && !withDetents) {
                entry.copy(&key, Config())
            }
            if let group = keys.firstIndex(of: key) {
                groups[group].append(index)
            } else {
                keys.append(key)
                groups.append([index])
            }
        }
        return groups
    }

    /// How many simulations a trace takes: one per group of configs that
    /// share a trajectory (the most, when some sheet over a scroll view was added).
    public var simulationsPerTrace: Int { expandable > 0 ? groups.count : plainGroups.count }

    /// Adds `trace` (decided when its chunk is full, or at ``finish()``).
    public mutating func add(_ trace: Trace) {
        pending.append(trace)
        if pending.count >= Self.chunkSize { flush() }
    }

    /// Adds every trace of `traces`.
    public mutating func add(contentsOf traces: some Sequence<Trace>) {
        for trace in traces { add(trace) }
        flush()
    }

    /// Decides the traces still pending; call before reading the results.
    public mutating func finish() {
        flush()
    }

    /// The traces the configs are most divided on: the most even split of
    /// finish against the rest first, then (with detents) of the places the
    /// sheet rests, then by name; at most ``limit``. A trace is divided when
    /// the configs do not all leave it resting at one place.
    public var mostDivided: [DividedTrace] {
        Array(divided.sorted(by: Self.moreDivided).prefix(limit))
    }

    private static func moreDivided(_ a: DividedTrace, _ b: DividedTrace) -> Bool {
        if a.evenSplit != b.evenSplit { return a.evenSplit > b.evenSplit }
        let (restA, restB) = (a.restSplit, b.restSplit)
        if restA != restB { return restA > restB }
        return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }

    /// What one trace gives under every config.
    private struct Decided {
        var decisions: [Decision]
        /// Where each config's result rests, for a trace with detents (docs/model.md §4.10); empty without.
        var detents: [String?]
        var stale: [Bool]
        var extents: [Double]
        var percent: Double
        var velocity: Double
        /// Whether the first config's result ended with a lift (it has a release).
        var firstLifted: Bool
        /// A sheet's release height under the first config (docs/model.md §4.10).
        var height: Double?
    }

    private func decide(_ trace: Trace) -> Decided {
        let n = configs.count
        var decided = Decided(
            decisions: Array(repeating: .none, count: n), detents: [], stale: Array(repeating: false, count: n),
            extents: Array(repeating: 0, count: n), percent: 0, velocity: 0, firstLifted: false)
        if trace.detents != nil {
            // docs/model.md §4.10: decided by the release height and the
            // anchors, one simulation per group, each config by the detent rule.
            decided.detents = Array(repeating: nil, count: n)
            for group in trace.mayExpandBeforeScrolling ? groups : plainGroups {
                let sheet = SheetLift(trace, under: configs[group[0]])
                for index in group {
                    let result = sheet.decide(under: configs[index])
                    decided.decisions[index] = result.decision
                    decided.detents[index] = result.detent
                    decided.stale[index] = result.stale
                    decided.extents[index] = sheet.extent
                }
                if group.contains(0), Ending(sheet.outcome) == .lift {
                    (decided.percent, decided.velocity, decided.firstLifted) =
                        (sheet.outcome.percent, sheet.outcome.velocity, true)
                    // The release map places config 1's sheets by this height.
                    decided.height = sheet.releaseHeight
                }
            }
            return decided
        }
        for group in plainGroups {
            let first = configs[group[0]]
            let outcome = Simulator.simulate(trace, under: first)
            let extent = LiftRule.extent(of: trace, under: first)
            let lifted = Ending(outcome) == .lift
            for index in group {
                decided.extents[index] = extent
                guard lifted else {
                    decided.decisions[index] = outcome.decision
                    continue
                }
                let config = configs[index]
                // docs/model.md §4.6, the simulation's own rule on its percent and velocity.
                decided.decisions[index] = rules[index].decide(
                    percent: outcome.percent, velocity: outcome.velocity, extent: extent, threshold: config.threshold
                ).decision
                decided.stale[index] = rules[index].isStale(
                    percent: outcome.percent, velocity: outcome.velocity, extent: extent, threshold: config.threshold,
                    rest: outcome.rest)
            }
            if group.contains(0), lifted {
                decided.percent = outcome.percent
                decided.velocity = outcome.velocity
                decided.firstLifted = true
            }
        }
        return decided
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        let chunk = pending
        pending.removeAll(keepingCapacity: true)
        var results = [Decided?](repeating: nil, count: chunk.count)
        let comparison = self
        let slices = min(chunk.count, 8)
        results.withUnsafeMutableBufferPointer { buffer in
            let output = SendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                for index in (slice * chunk.count / slices)..<((slice + 1) * chunk.count / slices) {
                    output.base[index] = comparison.decide(chunk[index])
                }
            }
        }
        for (trace, decided) in zip(chunk, results) {
            guard let decided else { continue }
            count(trace, decided)
        }
    }

    private mutating func count(_ trace: Trace, _ decided: Decided) {
        traces += 1
        if trace.intent != nil { labelled += 1 }
        if trace.observed != nil { observed += 1 }
        if trace.detents != nil { withDetents += 1 }
        if trace.mayExpandBeforeScrolling { expandable += 1 }
        let decisions = decided.decisions
        let detents = decided.detents
        let startDetent = trace.detents == nil ? nil : trace.startingDetent?.name
        // docs/commands.md §7.9: a difference of decision or of detent, as every report counts a change
        // (`ResultChange`). A detent is compared by its place among the trace's, found once by its exact
        // name as `ResultChange` tells names apart: fifteen configs make 105 pairs a trace.
        let places: [Int] = detents.isEmpty ? [] : detents.map { name in
            guard let name else { return -1 }
            return trace.detents?.firstIndex { $0.name.isScalarEqual(to: name) } ?? -2
        }
        func differ(_ a: Int, _ b: Int) -> Bool {
            decisions[a] != decisions[b] || (!places.isEmpty && places[a] != places[b])
        }
        var finishing = 0
        for index in decisions.indices {
            let decision = decisions[index]
            let detent = detents.isEmpty ? nil : detents[index]
            counts[index].tally.add(
                decision,
                agreement: Agreement(intent: trace.intent, decision: decision, detent: detent, startDetent: startDetent))
            if decision == .finish { finishing += 1 }
            if let observed = trace.observed,
                observed.matches(decision: decision, detent: detent, withDetents: trace.detents != nil)
            {
                counts[index].matches += 1
            }
            if decided.stale[index] { counts[index].stale += 1 }
            if differ(index, 0) { counts[index].differs += 1 }
            extentCounts[index][decided.extents[index], default: 0] += 1
            for other in (index + 1)..<decisions.count where differ(other, index) {
                matrix[index][other] += 1
                matrix[other][index] += 1
            }
        }
        // docs/commands.md §7.9: the configs leave the trace resting at different places.
        let rests = detents.isEmpty ? nil : decisions.indices.map { Rest(decision: decisions[$0], detent: detents[$0]).word }
        let isDivided = (finishing > 0 && finishing < decisions.count) || (rests.map { places in places.contains { $0 != places[0] } } ?? false)
        if isDivided, limit > 0 {
            let release = decided.firstLifted ? Release(percent: decided.percent, velocity: decided.velocity) : nil
            var entry = DividedTrace(name: trace.name, intent: trace.intent, decisions: decisions, rests: rests, release: release)
            entry.evenSplit = min(finishing, decisions.count - finishing)
            entry.restSplit = rests.map(DividedTrace.restSplit) ?? entry.evenSplit
            divided.append(entry)
            if divided.count > 4 * limit + 1024 {
                divided = mostDivided
            }
        }
        if let start = startDetent, let detents = trace.detents {
            // The first config's result as the map reads it (a lift's reason is never `cancelled`).
            let first = ResultSummary(
                decision: decisions[0], reason: .threshold, percent: decided.percent, velocity: decided.velocity,
                detent: decided.detents[0])
            let named = decisions.indices.contains { differ($0, 0) } ? trace.name : nil
            sheets.add(
                detents: detents, start: start, width: trace.width, containerHeight: trace.height, intent: trace.intent,
                result: first,
                agreement: Agreement(intent: trace.intent, decision: decisions[0], detent: decided.detents[0], startDetent: start),
                height: decided.firstLifted ? decided.height : nil, name: named)
        } else if decided.firstLifted, releases.count < Self.releaseLimit {
            releases.append(
                ReleaseMark(
                    percent: Float(decided.percent), velocity: Float(decided.velocity),
                    intent: ReleaseMapInput.code(trace.intent), stale: decided.stale[0], divided: isDivided))
        }
    }
}

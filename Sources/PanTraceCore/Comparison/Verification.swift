import Dispatch
import PanTraceModel

/// How often one config's decisions match what the app did
/// (docs/commands.md §7.12, `pantrace verify`; docs/model.md "What the app
/// did"): the traces checked by who reported them, matches and mismatches,
/// the share matched with its 95 % Wilson score interval, the confusion of
/// observed against simulated outcomes, and every mismatch.
///
/// ```swift
/// var verification = Verification(config: config)
/// for trace in traces { verification.add(trace) }   // traces without `observed` are skipped
/// verification.share                                // 0.93
/// ```
public struct Verification: Sendable {
    /// One trace whose result does not match what the app did.
    public struct Mismatch: Sendable, Hashable {
        public var trace: String
        public var family: String?
        /// What the app did.
        public var observed: Observed
        public var decision: Decision
        /// Where the result rests, for a trace with detents not dismissed.
        public var detent: String?
        public var reason: Reason
        public var velocity: Double
        public var percent: Double
        /// The release height (docs/model.md §4.10), for a sheet with detents that lifted.
        public var releaseHeight: Double?
        /// The simulated outcome as a word of the confusion table.
        public var simulated: String { detent ?? decision.rawValue }
    }

    /// The config the traces are decided under.
    public let config: Config
    /// Traces with an observed outcome, decided.
    public private(set) var checked = 0
    /// The checked traces by who reported what the app did.
    public private(set) var sources: [ObservedSource: Int] = [:]
    /// Results that match what the app did.
    public private(set) var matches = 0
    /// Counts by observed word, then simulated word (``Mismatch/simulated``).
    public private(set) var confusion: [String: [String: Int]] = [:]
    /// Every mismatch, in the order added (``mismatchesByName`` sorts them).
    public private(set) var mismatches: [Mismatch] = []
    /// The smallest height of each detent name seen, for the order of the confusion table.
    private var detentHeights: [String: Double] = [:]
    /// Traces skipped because they carry no observed outcome.
    public private(set) var skipped = 0

    /// One release of a trace without detents on the release map.
    package struct Release: Sendable {
        /// Percent complete and velocity at the release.
        package var percent: Float
        package var velocity: Float
        /// What the app did: 0 `finish`, 1 `cancel`, 2 `none`.
        package var observed: UInt8
        /// The result matches what the app did.
        package var matches: Bool
    }
    /// The releases of the traces without detents (up to ``markLimit``).
    package private(set) var releases: [Release] = []
    /// Checked traces without detents and without a release (decision `none` or `cancelled`): on no map.
    public private(set) var withoutRelease = 0
    /// The sheets with detents, on their maps: the anchor meant is what the
    /// app did, and a mismatch is a disagreement (ringed).
    public private(set) var sheets = SheetReleases()
    private var extentCounts: [Double: Int] = [:]
    /// The most releases kept for the map.
    package static let markLimit = 100_000

    /// The extent `E` of the most common container of the traces without detents (the smaller on a tie).
    public var mostCommonExtent: Double {
        extentCounts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? 1
    }

    /// A verification under `config`, with no trace yet.
    public init(config: Config) {
        self.config = config
    }

    /// Results that do not match.
    public var mismatchCount: Int { checked - matches }

    /// The share of checked traces matched; `nil` when none was checked.
    public var share: Double? { checked == 0 ? nil : Double(matches) / Double(checked) }

    /// The 95 % Wilson score interval of ``share`` (z = 1.959964, as
    /// ``PreferenceTally``'s); `nil` when none was checked.
    public var interval: (low: Double, high: Double)? {
        PreferenceTally(preferA: matches, preferB: checked - matches).interval
    }

    /// Decides `trace` under ``config`` and counts it; a trace without `observed` is skipped.
    public mutating func add(_ trace: Trace) {
        guard trace.observed != nil else {
            skipped += 1
            return
        }
        let (outcome, height) = Simulator.simulateRelease(trace, under: config)
        add(trace, outcome: outcome, releaseHeight: height)
    }

    /// Decides every trace of `traces` on every core, then counts them in order.
    public mutating func add(contentsOf traces: [Trace]) {
        let observed = traces.filter { $0.observed != nil }
        skipped += traces.count - observed.count
        guard !observed.isEmpty else { return }
        var results = [(Outcome, Double?)](repeating: (Outcome(decision: .none, reason: .neverBegan), nil), count: observed.count)
        let config = config
        let slices = min(observed.count, 8)
        results.withUnsafeMutableBufferPointer { buffer in
            let output = SendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                for index in (slice * observed.count / slices)..<((slice + 1) * observed.count / slices) {
                    output.base[index] = Simulator.simulateRelease(observed[index], under: config)
                }
            }
        }
        for (trace, (outcome, height)) in zip(observed, results) { add(trace, outcome: outcome, releaseHeight: height) }
    }

    /// Counts `outcome` (with its release height for a sheet) of `trace`, which carries `observed`.
    public mutating func add(_ trace: Trace, outcome: Outcome, releaseHeight: Double?) {
        guard let observed = trace.observed, let matched = trace.matches(outcome) else {
            skipped += 1
            return
        }
        checked += 1
        sources[trace.observationSource ?? .app, default: 0] += 1
        if let detents = trace.detents {
            for detent in detents where detentHeights[detent.name].map({ detent.height < $0 }) ?? true {
                detentHeights[detent.name] = detent.height
            }
        }
        let detent = outcome.decision == .finish ? nil : outcome.detent
        let summary = ResultSummary(outcome)
        if let detents = trace.detents, let start = trace.startingDetent?.name {
            sheets.add(
                detents: detents, start: start, width: trace.width, containerHeight: trace.height,
                intent: observed == .finish ? .finish : Intent(word: observed.rawValue), result: summary,
                agreement: matched ? .agree : .wrongDetent, height: ReleaseMapInput.hasRelease(summary) ? releaseHeight : nil,
                name: nil)
        } else {
            extentCounts[config.extent(width: trace.width, height: trace.height), default: 0] += 1
            if !ReleaseMapInput.hasRelease(summary) {
                withoutRelease += 1
            } else if releases.count < Self.markLimit {
                releases.append(
                    Release(
                        percent: Float(outcome.percent), velocity: Float(outcome.velocity),
                        observed: observed == .finish ? 0 : observed == .cancel ? 1 : 2, matches: matched))
            }
        }
        let simulated = detent ?? outcome.decision.rawValue
        confusion[observed.rawValue, default: [:]][simulated, default: 0] += 1
        if matched {
            matches += 1
        } else {
            mismatches.append(
                Mismatch(
                    trace: trace.name, family: trace.family, observed: observed, decision: outcome.decision, detent: detent,
                    reason: outcome.reason, velocity: outcome.velocity, percent: outcome.percent,
                    releaseHeight: trace.detents == nil ? nil : releaseHeight))
        }
    }

    /// The words of the confusion table in their order: `finish`, `none`,
    /// `cancel`, then each detent's name by height (smallest first, then by
    /// name); only the words that occur, observed or simulated.
    public var words: [String] {
        var present = Set(confusion.keys)
        for row in confusion.values { present.formUnion(row.keys) }
        let fixed = [Decision.finish, .none, .cancel].map(\.rawValue).filter { present.contains($0) && detentHeights[$0] == nil }
        let detents = present.subtracting(fixed).sorted { a, b in
            let (ha, hb) = (detentHeights[a] ?? .infinity, detentHeights[b] ?? .infinity)
            return ha != hb ? ha < hb : Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
        return fixed + detents
    }

    /// The rows of the confusion table: the words observed, in ``words``' order.
    public var observedWords: [String] { words.filter { confusion[$0] != nil } }

    /// The columns of the confusion table: the words simulated, in ``words``' order.
    public var simulatedWords: [String] {
        var simulated = Set<String>()
        for row in confusion.values { simulated.formUnion(row.keys) }
        return words.filter(simulated.contains)
    }

    /// The traces observed as `observed` and simulated as `simulated`.
    public func count(observed: String, simulated: String) -> Int {
        confusion[observed]?[simulated] ?? 0
    }

    /// Every mismatch, sorted by trace name (UTF-8 byte order, as the store sorts names).
    public var mismatchesByName: [Mismatch] {
        mismatches.sorted { Array($0.trace.utf8).lexicographicallyPrecedes(Array($1.trace.utf8)) }
    }
}

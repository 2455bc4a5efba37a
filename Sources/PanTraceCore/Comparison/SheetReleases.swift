import PanTraceModel

/// The releases of the sheets with detents (docs/model.md §4.10) for the
/// release maps of the HTML reports (docs/commands.md §7.8): grouped by
/// detent set and start detent (one map each), every release at its height
/// and velocity, with the anchor meant and whether the result agrees
/// (`Agreement`, the one rule).
public struct SheetReleases: Sendable {
    /// The sheets of one detent set and start detent: one map.
    public struct Group: Sendable {
        /// The detents, lowest first.
        public let detents: [Detent]
        /// The start detent's name.
        public let start: String
        /// The sheets added to the group, with a release or not.
        public fileprivate(set) var traces = 0
        /// The releases, in the order added.
        package fileprivate(set) var marks: [Mark] = []
        fileprivate var containers: [Container: Int] = [:]

        /// The anchor an intent means: 0 for `finish` (dismissed), the start
        /// detent's for `cancel` (it stays), the named detent's; `nil` without
        /// an intent (or naming no detent of the set).
        package func anchor(of intent: Intent?) -> Int? {
            guard let intent else { return nil }
            if intent == .finish { return 0 }
            let name = intent == .cancel ? start : intent.rawValue
            return detents.firstIndex { $0.name == name }.map { $0 + 1 }
        }

        /// The anchor a result rests at: 0 dismissed, else its detent's.
        package func anchor(of result: ResultSummary) -> Int? {
            if result.decision == .finish { return 0 }
            return detents.firstIndex { $0.name == result.detent }.map { $0 + 1 }
        }

        /// The extent `E` of the group's most common container (the smaller on a tie) under `config`.
        public func mostCommonExtent(under config: Config) -> Double? {
            containers.max { a, b in
                a.value != b.value ? a.value < b.value : (a.key.width, a.key.height) > (b.key.width, b.key.height)
            }.map { config.extent(width: $0.key.width, height: $0.key.height) }
        }
    }

    /// One release on a map.
    package struct Mark: Sendable {
        /// The release height, a fraction of the extent (docs/model.md §4.10; not clamped).
        package var height: Float
        /// The release velocity, pt/s, positive towards dismissal.
        package var velocity: Float
        /// The anchor meant (`Group.anchor(of:)` of the intent), ``unlabelled`` without an intent.
        package var meant: UInt8
        /// The anchor the result rests at.
        package var rests: UInt8
        /// The result does not agree with the intent (`Agreement`).
        package var disagrees: Bool
        /// A change (replay) or a trace the configs disagree on (compare): drawn as a named diamond.
        package var name: String?

        package static let unlabelled: UInt8 = 255
    }

    fileprivate struct Container: Hashable {
        var width: Double
        var height: Double
    }

    private struct Key: Hashable {
        var names: [String]
        var heights: [Double]
        var start: String
    }

    /// The groups, in the order first seen.
    public private(set) var groups: [Group] = []
    private var indexes: [Key: Int] = [:]
    /// Sheets without a release (decision `none`, or `cancelled`): on no map.
    public private(set) var withoutRelease = 0
    private var markCount = 0
    /// The most releases kept over all groups.
    package static let markLimit = 100_000

    /// No sheet added.
    public init() {}

    /// True when no sheet was added.
    public var isEmpty: Bool { groups.isEmpty }

    /// The groups the pages draw: the `limit` with the most sheets, most first
    /// (then by start detent and detent names); the others are counted.
    public func largest(_ limit: Int = 4) -> [Group] {
        let order = groups.indices.sorted { a, b in
            let (x, y) = (groups[a], groups[b])
            if x.traces != y.traces { return x.traces > y.traces }
            if x.start != y.start { return Array(x.start.utf8).lexicographicallyPrecedes(Array(y.start.utf8)) }
            return a < b
        }
        return order.prefix(max(0, limit)).map { groups[$0] }
    }

    /// Adds the sheet `trace` (with detents; others are ignored) whose result
    /// is `result`, released at `height` (``releaseHeight(of:under:frames:)``);
    /// `name` marks it (a change, a divided trace).
    public mutating func add(_ trace: Trace, result: ResultSummary, height: Double?, name: String? = nil) {
        guard let detents = trace.detents, let start = trace.startingDetent?.name else { return }
        let agreement = Agreement(intent: trace.intent, decision: result.decision, detent: result.detent, startDetent: start)
        add(
            detents: detents, start: start, width: trace.width, containerHeight: trace.height, intent: trace.intent,
            result: result, agreement: agreement, height: height, name: name)
    }

    /// Adds one sheet by its parts: `agreement` is the result's against the
    /// intent (`Agreement`), `height` its release height (`nil` without a release).
    public mutating func add(
        detents: [Detent], start: String, width: Double, containerHeight: Double, intent: Intent?,
        result: ResultSummary, agreement: Agreement?, height: Double?, name: String? = nil
    ) {
        let sorted = detents.sorted { $0.height < $1.height }
        let key = Key(names: sorted.map(\.name), heights: sorted.map(\.height), start: start)
        let index: Int
        if let known = indexes[key] {
            index = known
        } else {
            index = groups.count
            indexes[key] = index
            groups.append(Group(detents: sorted, start: start))
        }
        groups[index].traces += 1
        groups[index].containers[Container(width: width, height: containerHeight), default: 0] += 1
        guard let height, ReleaseMapInput.hasRelease(result) else {
            withoutRelease += 1
            return
        }
        // Past the limit the page would grow without showing more: the marks stop, the counts go on.
        guard markCount < Self.markLimit else { return }
        markCount += 1
        let group = groups[index]
        groups[index].marks.append(
            Mark(
                height: Float(height), velocity: Float(result.velocity),
                meant: group.anchor(of: intent).map { UInt8(truncatingIfNeeded: $0) } ?? Mark.unlabelled,
                rests: UInt8(truncatingIfNeeded: group.anchor(of: result) ?? 0),
                disagrees: agreement.map { !$0.agrees } ?? false, name: name))
    }

    /// The outcome of the sheet `trace` under `config` and its release
    /// height (docs/model.md §4.10: `h = H_s − T/E` at the lift, not
    /// clamped), `nil` without a release; `frames` is scratch space.
    public static func releaseHeight(of trace: Trace, under config: Config, frames: inout [Frame]) -> (Outcome, Double?) {
        let outcome = Simulator.simulate(trace, under: config, frames: &frames)
        guard trace.detents != nil, ReleaseMapInput.hasRelease(ResultSummary(outcome)) else { return (outcome, nil) }
        return (outcome, frames.last?.height)
    }
}

import PanTraceModel

/// The releases of a corpus for the release map of an HTML report
/// (docs/commands.md §7.8), kept compactly: 9 bytes per trace whose decision did not
/// change, so that 80,000 traces cost well under a megabyte.
///
/// Add every compared trace (the same values given to
/// ``RunComparison/add(_:)``); the changed ones are drawn from the
/// comparison's change list, with their names, and here only count towards
/// the corpus's most common extent.
public struct ReleaseMapInput: Sendable {
    /// Percent complete at the release of each unchanged trace (candidate run).
    package private(set) var percents: [Float] = []
    /// Release velocity in pt/s of each unchanged trace (candidate run).
    package private(set) var velocities: [Float] = []
    /// 0 finish, 1 cancel, 2 unlabelled.
    package private(set) var intents: [UInt8] = []
    /// The indexes of the unchanged traces whose candidate result is stale (docs/model.md §4.6).
    package private(set) var staleIndexes: [Int32] = []
    /// Traces (changed or not) whose candidate result has no release: decision
    /// `none` or reason `cancelled` (docs/model.md §4.6) — they have no place on the map.
    public private(set) var withoutRelease = 0
    /// The sheets with detents, each on the map of its detent set and start
    /// detent (release height and velocity) instead of this one.
    public private(set) var sheets = SheetReleases()
    private var extentCounts: [Double: Int] = [:]

    /// An empty map.
    public init() {}

    /// The unchanged traces drawn (those with a release).
    public var unchangedCount: Int { percents.count }

    /// Adds one compared trace whose extent `E` (docs/model.md §4: the config's
    /// `extent`, or the container's length on the axis) is `extent`.
    public mutating func add(_ trace: ComparedTrace, extent: Double) {
        extentCounts[extent, default: 0] += 1
        guard Self.hasRelease(trace.candidate) else {
            withoutRelease += 1
            return
        }
        guard !trace.isChange else { return }
        if trace.candidate.stale { staleIndexes.append(Int32(truncatingIfNeeded: percents.count)) }
        percents.append(Float(trace.candidate.percent))
        velocities.append(Float(trace.candidate.velocity))
        intents.append(Self.code(trace.intent))
    }

    /// Adds one compared sheet with detents (docs/model.md §4.10): it goes on
    /// its group's map at its candidate release `height` (`nil` without a
    /// release), and a change is named there; `trace` gives its detents, start
    /// detent, container and intent (its samples are not read).
    public mutating func addSheet(_ compared: ComparedTrace, trace: Trace, height: Double?) {
        sheets.add(trace, result: compared.candidate, height: height, name: compared.isChange ? compared.name : nil)
    }

    /// Adds one compared trace: a sheet with detents by ``addSheet(_:trace:height:)``
    /// at its release height under `candidate` (simulated again, `frames`
    /// is scratch space), any other by ``add(_:extent:)``.
    public mutating func add(_ compared: ComparedTrace, trace: Trace, under candidate: Config, frames: inout [Frame]) {
        guard trace.detents != nil else {
            add(compared, extent: Self.extent(of: trace, under: candidate))
            return
        }
        addSheet(compared, trace: trace, height: SheetReleases.releaseHeight(of: trace, under: candidate, frames: &frames).1)
    }

    /// The extent most traces have (the smaller one on a tie), for the
    /// projection rule's boundary; `nil` before any trace is added.
    public var mostCommonExtent: Double? {
        extentCounts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key
    }

    /// The extent `E` of `trace` under `config` (docs/model.md §4): `extent`, or the
    /// container's length along the interaction's axis when it is `auto`.
    public static func extent(of trace: Trace, under config: Config) -> Double {
        extent(width: trace.width, height: trace.height, under: config)
    }

    /// The extent `E` of a trace of container `width` × `height` under `config`.
    public static func extent(width: Double, height: Double, under config: Config) -> Double {
        config.extent(width: width, height: height)
    }

    /// Whether a result ended with a lift after the transition started, the
    /// only results with a release percent and velocity (docs/model.md §4.6).
    public static func hasRelease(_ result: ResultSummary) -> Bool {
        result.decision != .none && result.reason != .cancelled
    }

    /// The release map's drawing order of ``intentsByCode`` (finish, cancel, unlabelled), from
    /// `Intent/code(_:)`; an intent naming a detent is drawn as `cancel` (the sheet stays).
    package static func code(_ intent: Intent?) -> UInt8 {
        switch Intent.code(intent) {
        case 0: 2
        case 1: 0
        default: 1
        }
    }

    package static let intentsByCode: [Intent?] = [.finish, .cancel, nil]
}

import PanTraceCore
import PanTraceModel
import PanTraceReports
import PanTraceStore

/// `export actions` and `export xcuitest` (docs/device.md): the selected
/// traces as W3C WebDriver pointer actions or as XCUITest drags, each
/// simulated again in the form exported and marked faithful or not.
///
/// Streams like ``Replayer``: the traces are read by name, a batch at a
/// time, and decoded and simulated twice on the second core while this
/// thread reads the next batch and renders and writes the last; nothing
/// holds the corpus. Nothing is written to the store.
///
/// ```swift
/// let exporter = GestureExporter(form: .actions, changed: .latest)
/// let counts = try exporter.export(in: store) { print($0, terminator: "") }
/// counts.description   // "12 faithful, 2 unfaithful"
/// ```
public struct GestureExporter: Sendable {
    /// What the traces become.
    public enum Form: Sendable, Hashable {
        /// One JSON object of W3C actions per line.
        case actions
        /// One Swift file, an `XCTestCase` subclass of this name.
        case xcuitest(className: String)
    }

    /// What the traces become.
    public var form: Form
    /// The config that decides, for the comments and for "faithful"; `nil`
    /// for ``source``'s base (docs/commands.md §7.2: the file or preset,
    /// else the baseline run's stored config, with the overrides on top).
    public var config: Config?
    /// Where the config comes from when ``config`` is `nil`; `nil` for the
    /// baseline run's stored config as it is.
    public var source: ConfigSource?
    /// Which traces: all, or those named or of a family.
    public var selection: TraceSelection
    /// When set, only the traces whose decision differs between the
    /// baseline run and this run (intersected with ``selection``).
    public var changed: RunReference?
    /// Leave the unfaithful traces out (they are counted all the same).
    public var faithfulOnly: Bool

    /// An exporter of `form`.
    public init(
        form: Form, config: Config? = nil, source: ConfigSource? = nil, selection: TraceSelection = .all,
        changed: RunReference? = nil, faithfulOnly: Bool = false
    ) {
        self.form = form
        self.config = config
        self.source = source
        self.selection = selection
        self.changed = changed
        self.faithfulOnly = faithfulOnly
    }

    /// Writes the selected traces in ``form``, sorted by name, and counts the faithful ones.
    ///
    /// - Parameters:
    ///   - store: the store whose traces and runs are read (nothing is written to it).
    ///   - write: called with each piece of output, newlines included.
    /// - Returns: how many selected traces were faithful and unfaithful.
    /// - Throws: ``GestureExportError/badClassName(_:)``;
    ///   ``GestureExportError/noBaseline(database:)`` when ``changed`` or the
    ///   default config needs a baseline run and there is none;
    ///   `StoreError.runNotFound` for an unknown ``changed`` run and
    ///   `StoreError.traceNotFound` for a name in ``selection`` that is not stored;
    ///   `WorkflowError.nothingToExport` when ``selection`` matches no
    ///   trace (nothing is written for any of these); errors of `write`.
    @discardableResult
    public func export(in store: Store, write: (String) throws -> Void) throws -> GestureExportCounts {
        if case .xcuitest(let className) = form, !XCUITestFile.isClassName(className) {
            throw GestureExportError.badClassName(className)
        }
        let config = try resolvedConfig(in: store)
        let flips = try changedTraces(in: store)
        let changedTraces = flips.map { Set($0.sides.keys) }
        // docs/device.md: a flip reproduces on a device only if both sides do.
        let sideConfigs = flips.map { [$0.baseline, $0.candidate] } ?? []
        var counts = GestureExportCounts()
        var matched = 0
        var names = XCUITestFile.MethodNames()
        var begun = false
        let form = form
        let faithfulOnly = faithfulOnly
        let header: String
        if case .xcuitest(let className) = form {
            header = XCUITestFile.header(className: className, config: config.name)
        } else {
            header = ""
        }
        // Read, and written as text, here; decoded and simulated twice on the
        // worker: the two threads' work is about even (reading on the worker
        // too, through a second connection, left this thread idle half the
        // time: docs/performance.md).
        try ComputeAhead.map(batches: { batch in
            batch.map { stored in Result { try Self.render(stored, as: form, under: config, alsoUnder: sideConfigs) } }
        }, over: { add in
            try store.forEachStoredTrace(selection.filter, orderedBy: .name) { stored in
                matched += 1
                if let changedTraces, !changedTraces.contains(stored.id) { return }
                try add(stored)
            }
        }) { stored, rendered in
            let exported = try rendered.get()
            if exported.faithful { counts.faithful += 1 } else { counts.unfaithful += 1 }
            guard exported.faithful || !faithfulOnly else { return }
            if !begun {
                begun = true
                if !header.isEmpty { try write(header) }
            }
            let sides = flips?.sides[stored.id]
            switch exported {
            case .actions(let actions, let faithful, let setup):
                // Rendered here, not on the worker: the two simulations there and
                // the text here take about as long (docs/performance.md).
                try write(
                    actions.jsonLine(
                        trace: stored.name, width: stored.width, height: stored.height, faithful: faithful, setup: setup,
                        sides: sides, lineBreak: true))
            case .drag(let gesture, let setup):
                try write(
                    XCUITestFile.test(
                        named: names.unique(for: stored.name), trace: stored.name, width: stored.width,
                        height: stored.height, gesture: gesture, setup: setup, sides: sides))
            }
        }
        if matched == 0, !selection.isAll { throw WorkflowError.nothingToExport(selection) }
        if case .xcuitest = form {
            if !begun { try write(header) }
            try write(XCUITestFile.footer)
        }
        return counts
    }

    /// The export's base (docs/commands.md §7.2): the config given, else
    /// ``source``'s base over `store`.
    public func base(in store: Store) throws -> ConfigBase {
        if let config {
            try config.validate()
            return ConfigBase(config: config, origin: ConfigOrigin(.given))
        }
        let source = source ?? ConfigSource()
        guard try store.defaultBaselineRunID() != nil || source.file != nil || source.preset != nil else {
            throw GestureExportError.noBaseline(database: store.path)
        }
        return try ConfigBase.resolve(source, in: store)
    }

    /// The export's config (``base(in:)``).
    func resolvedConfig(in store: Store) throws -> Config { try base(in: store).config }

    /// The traces of a ``changed`` selection: both runs' configs and, by
    /// trace, both runs' results.
    struct Flips {
        var baseline: Config
        var candidate: Config
        var sides: [TraceID: FlipSides]
    }

    /// With ``changed``: the traces that decide otherwise in that run than
    /// in the baseline run (`PanTraceModel/ResultChange`), with both sides.
    func changedTraces(in store: Store) throws -> Flips? {
        guard let changed else { return nil }
        guard let baseline = try store.defaultBaselineRunID() else {
            throw GestureExportError.noBaseline(database: store.path)
        }
        let candidate = try changed.runID(in: store)
        guard let baselineRun = try store.configOfRun(baseline) else { throw StoreError.runNotFound(baseline) }
        guard let candidateRun = try store.configOfRun(candidate) else { throw StoreError.runNotFound(candidate) }
        var flips = Flips(
            baseline: try Config(storedSettings: baselineRun.settings, ofRun: baseline),
            candidate: try Config(storedSettings: candidateRun.settings, ofRun: candidate), sides: [:])
        try store.forEachComparison(baseline: baseline, candidate: candidate) { compared in
            guard let before = compared.baseline, compared.isChange else { return }
            flips.sides[compared.traceID] = FlipSides(
                baseline: FlipSide(config: baselineRun.name, decision: before.decision, detent: before.detent),
                candidate: FlipSide(
                    config: candidateRun.name, decision: compared.candidate.decision, detent: compared.candidate.detent))
        }
        return flips
    }

    /// One trace exported: decoded, and simulated as recorded and as
    /// performed, under `config` and each of `others`.
    static func render(
        _ stored: StoredTrace, as form: Form, under config: Config, alsoUnder others: [Config] = []
    ) throws -> ExportedTrace {
        let trace = try stored.unpacked()
        let setup = DeviceSetup(trace)
        switch form {
        case .actions:
            let gesture = DeviceGesture(actionsOf: trace, under: config, alsoUnder: others)
            return .actions(gesture.form, faithful: gesture.faithful, setup: setup)
        case .xcuitest:
            return .drag(DeviceGesture(dragOf: trace, under: config, alsoUnder: others), setup: setup)
        }
    }
}

/// One trace as the second core hands it back.
enum ExportedTrace: Sendable {
    case actions(PointerActions, faithful: Bool, setup: DeviceSetup)
    case drag(DeviceGesture<StraightDrag>, setup: DeviceSetup)

    var faithful: Bool {
        switch self {
        case .actions(_, let faithful, _): faithful
        case .drag(let gesture, _): gesture.faithful
        }
    }
}
